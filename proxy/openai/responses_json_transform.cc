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

using filters::stream::ToolCallInterest;

void append_all(std::vector<std::string>& to, std::vector<std::string>&& from) {
  for (auto& item : from)
    to.push_back(std::move(item));
}

// One output item as the client gets it: its text places hold the checked text; `kept` false
// when a stop dropped it.
struct ItemResult {
  std::vector<Edit> edits;  // relative to the item
  bool kept = true;
  bool stopped_here = false;  // the stop came in this item: it ends incomplete
};

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

}  // namespace

JsonTransformResult transform_responses_json(std::string_view body,
                                             filters::stream::FilterChain* chain) {
  JsonTransformResult result;
  result.body.assign(body);
  if (chain == nullptr || chain->empty()) return result;
  ResponsesEventDecoder decoder;
  ResponsesObject response;
  if (Status status = decoder.decode_response(body, response); !status.ok) {
    result.status = std::move(status);
    return unverified_body(*chain, "upstream_body_undecodable", std::move(result));
  }
  if (response.has_error) {
    // An error with output: which is it? Its text is not checked as an answer.
    if (!response.output.empty()) {
      return unverified_body(*chain, "upstream_error_with_output", std::move(result));
    }
    return result;
  }
  // Text parts and function calls are choices, within the chain's one bound.
  if (choices_in(response) > static_cast<std::size_t>(filters::stream::kMaxChoices)) {
    result.status = Status::failure("more output parts and calls than the proxy follows");
    return unverified_body(*chain, "upstream_body_undecodable", std::move(result));
  }

  const bool tool_calls = chain->tool_call_interest() != ToolCallInterest::kNone;
  std::vector<std::string> annotations;
  std::vector<ItemResult> items(response.output.size());
  std::string output_text;  // every part's text as the client gets it, for `output_text`
  int next_choice = 0;
  bool changed = false;
  for (std::size_t i = 0; i < response.output.size(); ++i) {
    const ResponsesItem& item = response.output[i];
    ItemResult& out = items[i];
    const bool stopped_before = chain->stopped();
    if (item.type == "message") {
      for (const ResponsesPart& part : item.content) {
        if (part.type != "output_text") continue;
        const int choice = next_choice++;
        std::string text;
        if (!chain->stopped() && part.has_text && !part.text.empty()) {
          auto output = chain->on_delta(choice, part.text);
          append_all(annotations, std::move(output.annotations));
          text = std::move(output.text);
        }
        if (!chain->stopped()) {
          auto output = chain->on_choice_end(choice);
          append_all(annotations, std::move(output.annotations));
          text += output.text;
        }
        if (part.has_text && text != part.text) {
          const std::size_t base = item.range.begin;
          out.edits.push_back(
              Edit::text({part.text_range.begin - base, part.text_range.end - base}, text));
          // Their tokens repeat the text the client no longer gets.
          if (!part.logprobs_range.empty()) {
            out.edits.push_back(
                Edit{{part.logprobs_range.begin - base, part.logprobs_range.end - base}, "[]"});
          }
          changed = true;
        }
        output_text += text;
      }
    } else if (item.type == "function_call") {
      const int choice = next_choice++;
      if (tool_calls && !chain->stopped()) {
        append_all(annotations, chain->on_tool_call({choice, 0, item.name, item.arguments, false}));
      }
      // A stopped answer's calls are not the app's to run.
      out.kept = !chain->stopped();
    } else if (!item.results.empty()) {
      chain->on_context(item.results);
    }
    out.stopped_here = !stopped_before && chain->stopped();
    if (stopped_before) out.kept = false;
  }
  const bool stopped = chain->stopped();
  if (stopped) annotations.push_back(ChunkWriter::stopped_annotation(chain->stop_reason()));
  append_all(annotations, chain->answer_end());
  result.stopped = stopped;
  if (!changed && !stopped && annotations.empty()) return result;

  if (!stopped) {
    // Every byte but the text places stays; the annotations join as a `groundgate` member.
    std::vector<Edit> edits;
    for (std::size_t i = 0; i < items.size(); ++i) {
      for (const Edit& edit : items[i].edits) {
        const std::size_t base = response.output[i].range.begin;
        edits.push_back(Edit{{edit.range.begin + base, edit.range.end + base}, edit.json});
      }
    }
    if (response.has_output_text) {
      edits.push_back(Edit::text(response.output_text_range, output_text));
    }
    result.body = ChunkWriter::splice(body, std::move(edits));
    ChunkWriter::add_annotations(result.body, annotations);
    result.changed = true;
    return result;
  }
  std::vector<std::string> output;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!items[i].kept) continue;
    const ByteRange range = response.output[i].range;
    std::string item =
        ChunkWriter::splice(body.substr(range.begin, range.end - range.begin), items[i].edits);
    if (items[i].stopped_here) {
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
  if (response.has_output_text) members.emplace_back("output_text", json_string(output_text));
  std::optional<std::string> edited = set_members(body, members);
  if (!edited) return result;  // not an object: the decoder refused it already
  result.body = std::move(*edited);
  result.changed = true;
  return result;
}

}  // namespace groundgate::proxy::openai
