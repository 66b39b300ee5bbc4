#include "proxy/openai/responses_json_transform.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proxy/openai/chunk_writer.h"
#include "proxy/openai/json_object_edit.h"
#include "proxy/openai/json_string.h"
#include "proxy/openai/responses_event_decoder.h"
#include "proxy/openai/responses_event_writer.h"

namespace groundgate::proxy::openai {
namespace {

// A text part's kind, by its type and the list it is in; nullopt: no text a client shows.
enum class PartKind : std::uint8_t { kAnswer, kRefusal, kReasoning };
std::optional<PartKind> kind_of(const ResponsesItem& item, const ResponsesPart& part) {
  if (item.type == "message") {
    if (part.type == "output_text") return PartKind::kAnswer;
    if (part.type == "refusal") return PartKind::kRefusal;
  } else if (item.type == "reasoning") {
    if (part.type == "summary_text" || part.type == "reasoning_text") return PartKind::kReasoning;
  }
  return std::nullopt;
}

class ResponsesJsonTransform final : public JsonTransform {
 public:
  ResponsesJsonTransform(std::string_view body, filters::stream::FilterChain* chain)
      : JsonTransform(body, chain) {}

 private:
  // A text part of an item and what the chain made of it: its choice, or -1 when the chain
  // does not read it (it stays as it came).
  struct PartChoice {
    const ResponsesPart* part = nullptr;
    PartKind kind = PartKind::kAnswer;
    int choice = -1;
  };
  // The choices [first, end) an output item took, and its text parts.
  struct ItemChoices {
    int first = 0;
    int end = 0;
    std::vector<PartChoice> parts;
  };

  std::optional<JsonTransformResult> feed(WholeAnswer& answer) override {
    ResponsesEventDecoder decoder;
    if (Status status = decoder.decode_response(body_, response_); !status.ok) {
      return undecodable(std::move(status));
    }
    if (response_.has_error) {
      // An error with output: which is it? Its text is not checked as an answer.
      if (!response_.output.empty()) {
        return unverified_body(*chain_, "upstream_error_with_output", unchanged());
      }
      return unchanged();
    }
    const bool reads_refusals = chain_->reads_refusals();
    const bool reads_reasoning = chain_->reads_reasoning();
    // Text parts and function calls are choices (as in streams), within the chain's one bound.
    int next_choice = 0;
    for (const ResponsesItem& item : response_.output) {
      ItemChoices& choices = items_.emplace_back(ItemChoices{next_choice, next_choice, {}});
      for (const std::vector<ResponsesPart>* list : {&item.summary, &item.content}) {
        for (const ResponsesPart& part : *list) {
          const std::optional<PartKind> kind = kind_of(item, part);
          if (!kind) continue;
          const bool read = *kind != PartKind::kReasoning || reads_reasoning;
          choices.parts.push_back({&part, *kind, read ? next_choice++ : -1});
        }
      }
      if (item.type == "function_call") ++next_choice;
      choices.end = next_choice;
    }
    if (next_choice > filters::stream::kMaxChoices) {
      return undecodable(Status::failure("more output parts and calls than the proxy follows"));
    }
    for (std::size_t i = 0; i < response_.output.size(); ++i) {
      const ResponsesItem& item = response_.output[i];
      for (const PartChoice& p : items_[i].parts) {
        if (p.kind == PartKind::kReasoning && !chain_->stopped()) {
          chain_->on_reasoning(p.part->text.size(), reads_reasoning);
        }
        if (p.choice < 0) continue;
        if (p.kind == PartKind::kRefusal && !reads_refusals) {
          answer.unverified(p.choice, "refusal", p.part->text.size());
        } else if (p.part->has_text) {
          answer.text(p.choice, p.part->text);
        }
        answer.end(p.choice);
      }
      if (item.type == "function_call") {
        const int choice = items_[i].end - 1;
        answer.tool_call({choice, 0, item.name, item.arguments, false});
        answer.end_call(choice);
      } else if (!item.results.empty() && !chain_->stopped()) {
        chain_->on_context(item.results);
      }
    }
    return std::nullopt;
  }

  JsonTransformResult write(WholeAnswer& answer) override {
    JsonTransformResult result = unchanged();
    const bool reads_refusals = chain_->reads_refusals();
    std::vector<std::vector<Edit>> item_edits(response_.output.size());  // relative to the item
    std::string output_text;  // every output_text part as the client gets it, for `output_text`
    bool changed = false;
    for (std::size_t i = 0; i < response_.output.size(); ++i) {
      const std::size_t base = response_.output[i].range.begin;
      for (const PartChoice& p : items_[i].parts) {
        // Unread text stays as it came; an unread refusal goes with its stopped choice.
        const bool unread = p.choice < 0 || (p.kind == PartKind::kRefusal && !reads_refusals);
        const bool dropped = unread && p.choice >= 0 && answer.stopped(p.choice);
        const std::string text = dropped  ? std::string()
                                 : unread ? p.part->text
                                          : answer.text_of(p.choice);
        if (p.part->has_text && text != p.part->text) {
          const ByteRange range = p.part->text_range;
          item_edits[i].push_back(Edit::text({range.begin - base, range.end - base}, text));
          // Their tokens repeat the text the client no longer gets.
          if (!p.part->logprobs_range.empty()) {
            const ByteRange logprobs = p.part->logprobs_range;
            item_edits[i].push_back(Edit{{logprobs.begin - base, logprobs.end - base}, "[]"});
          }
          changed = true;
        }
        if (p.kind == PartKind::kAnswer) output_text += text;
      }
    }
    const bool stopped = answer.stopped();
    std::vector<std::string>& annotations = answer.annotations();
    result.stopped = stopped;
    if (stopped) result.annotations = annotations;
    if (!changed && !stopped && annotations.empty()) return result;

    if (!stopped) {
      // Every byte but the text places stays; the annotations join as a `groundgate` member.
      std::vector<Edit> edits;
      for (std::size_t i = 0; i < item_edits.size(); ++i) {
        for (const Edit& edit : item_edits[i]) {
          const std::size_t base = response_.output[i].range.begin;
          edits.push_back(Edit{{edit.range.begin + base, edit.range.end + base}, edit.json});
        }
      }
      if (response_.has_output_text) {
        edits.push_back(Edit::text(response_.output_text_range, output_text));
      }
      result.body = ChunkWriter::splice(body_, std::move(edits));
      ChunkWriter::add_annotations(result.body, annotations);
      result.changed = true;
      return result;
    }
    // The first choice that ends filtered: its item ends incomplete; later items are dropped,
    // and so is a function call that is stopped itself.
    int first_stopped = 0;
    while (first_stopped < filters::stream::kMaxChoices && !answer.stopped(first_stopped))
      ++first_stopped;
    std::vector<std::string> output;
    for (std::size_t i = 0; i < items_.size(); ++i) {
      const ItemChoices& choices = items_[i];
      const bool call = response_.output[i].type == "function_call";
      if (first_stopped < choices.first || (call && first_stopped == choices.first)) continue;
      const ByteRange range = response_.output[i].range;
      std::string item =
          ChunkWriter::splice(body_.substr(range.begin, range.end - range.begin), item_edits[i]);
      if (first_stopped < choices.end) {
        const std::array<std::pair<std::string_view, std::string>, 1> status{
            {{"status", R"("incomplete")"}}};
        item = set_members(item, status).value_or(item);
      }
      output.push_back(std::move(item));
    }
    std::vector<std::pair<std::string_view, std::string>> members{
        {"status", R"("incomplete")"},
        {"incomplete_details", R"({"reason":"content_filter"})"},
        {"output", ResponsesEventWriter::array(output)},
        {"groundgate", ResponsesEventWriter::array(annotations)},
    };
    if (response_.has_output_text) members.emplace_back("output_text", json_string(output_text));
    std::optional<std::string> edited = set_members(body_, members);
    if (!edited) return result;  // not an object: the decoder refused it already
    result.body = std::move(*edited);
    result.changed = true;
    return result;
  }

  ResponsesObject response_;
  std::vector<ItemChoices> items_;  // per output item
};

}  // namespace

std::unique_ptr<JsonTransform> responses_json_transform(std::string_view body,
                                                        filters::stream::FilterChain* chain) {
  return std::make_unique<ResponsesJsonTransform>(body, chain);
}

JsonTransformResult transform_responses_json(std::string_view body,
                                             filters::stream::FilterChain* chain) {
  std::unique_ptr<JsonTransform> transform = responses_json_transform(body, chain);
  transform->start();
  return transform->finish();
}

}  // namespace groundgate::proxy::openai
