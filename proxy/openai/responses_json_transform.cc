#include "proxy/openai/responses_json_transform.h"

#include <array>
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

// The choices the output takes: its output_text parts and function calls.
std::size_t choices_in(const ResponsesObject& response) {
  std::size_t n = 0;
  for (const ResponsesItem& item : response.output) {
    if (item.type == "function_call") ++n;
    if (item.type != "message") continue;
    for (const ResponsesPart& part : item.content)
      n += part.type == "output_text" ? 1 : 0;
  }
  return n;
}

class ResponsesJsonTransform final : public JsonTransform {
 public:
  ResponsesJsonTransform(std::string_view body, filters::stream::FilterChain* chain)
      : JsonTransform(body, chain) {}

 private:
  // The choices [first, end) an output item took.
  struct ItemChoices {
    int first = 0;
    int end = 0;
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
    // Text parts and function calls are choices, within the chain's one bound.
    if (choices_in(response_) > static_cast<std::size_t>(filters::stream::kMaxChoices)) {
      return undecodable(Status::failure("more output parts and calls than the proxy follows"));
    }
    int next_choice = 0;
    for (const ResponsesItem& item : response_.output) {
      ItemChoices& choices = items_.emplace_back(ItemChoices{next_choice, next_choice});
      if (item.type == "message") {
        for (const ResponsesPart& part : item.content) {
          if (part.type != "output_text") continue;
          const int choice = next_choice++;
          if (part.has_text) answer.text(choice, part.text);
          answer.end(choice);
        }
      } else if (item.type == "function_call") {
        const int choice = next_choice++;
        answer.tool_call({choice, 0, item.name, item.arguments, false});
        answer.end_call(choice);
      } else if (!item.results.empty() && !chain_->stopped()) {
        chain_->on_context(item.results);
      }
      choices.end = next_choice;
    }
    return std::nullopt;
  }

  JsonTransformResult write(WholeAnswer& answer) override {
    JsonTransformResult result = unchanged();
    std::vector<std::vector<Edit>> item_edits(response_.output.size());  // relative to the item
    std::string output_text;  // every part's text as the client gets it, for `output_text`
    bool changed = false;
    for (std::size_t i = 0; i < response_.output.size(); ++i) {
      const ResponsesItem& item = response_.output[i];
      int choice = items_[i].first;
      for (const ResponsesPart& part : item.content) {
        if (item.type != "message" || part.type != "output_text") continue;
        const std::string& text = answer.text_of(choice++);
        if (part.has_text && text != part.text) {
          const std::size_t base = item.range.begin;
          item_edits[i].push_back(
              Edit::text({part.text_range.begin - base, part.text_range.end - base}, text));
          // Their tokens repeat the text the client no longer gets.
          if (!part.logprobs_range.empty()) {
            item_edits[i].push_back(
                Edit{{part.logprobs_range.begin - base, part.logprobs_range.end - base}, "[]"});
          }
          changed = true;
        }
        output_text += text;
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
      const ItemChoices choices = items_[i];
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
