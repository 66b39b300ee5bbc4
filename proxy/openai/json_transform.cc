#include "proxy/openai/json_transform.h"

#include <utility>
#include <vector>

#include "proxy/openai/chunk_decoder.h"
#include "proxy/openai/chunk_writer.h"

namespace groundgate::proxy::openai {
namespace {

constexpr std::string_view kContentFilter = R"("content_filter")";

void append_all(std::vector<std::string>& to, std::vector<std::string>&& from) {
  for (auto& item : from)
    to.push_back(std::move(item));
}

}  // namespace

JsonTransformResult unverified_body(filters::stream::FilterChain& chain, std::string_view reason,
                                    JsonTransformResult result) {
  std::vector<std::string> annotations = chain.on_unverified({-1, reason, result.body.size(), 0});
  if (chain.stopped()) {
    annotations.push_back(ChunkWriter::stopped_annotation(chain.stop_reason()));
    result.stopped = true;
    result.refused = true;
  }
  append_all(annotations, chain.answer_end());
  if (result.refused) {
    result.annotations = std::move(annotations);
    result.body.clear();
    return result;
  }
  result.changed = !annotations.empty() && ChunkWriter::add_annotations(result.body, annotations);
  return result;
}

JsonTransformResult transform_completion_json(std::string_view body,
                                              filters::stream::FilterChain* chain) {
  JsonTransformResult result;
  result.body.assign(body);
  if (chain == nullptr || chain->empty()) return result;
  ChunkDecoder decoder;
  DecodedChunk response;
  if (Status status = decoder.decode(body, response); !status.ok) {
    result.status = std::move(status);
    return unverified_body(*chain, "upstream_body_undecodable", std::move(result));
  }
  if (response.has_error) {
    // An error with choices: which is it? Its text is not checked as an answer.
    if (!response.choices.empty()) {
      return unverified_body(*chain, "upstream_error_with_choices", std::move(result));
    }
    return result;
  }

  std::vector<Edit> edits;
  std::vector<std::string> annotations;
  const bool tool_calls = chain->tool_call_interest() != filters::stream::ToolCallInterest::kNone;
  for (const auto& choice : response.choices) {
    std::string text;
    if (!chain->stopped() && choice.has_text && !choice.text.empty()) {
      auto output = chain->on_delta(choice.index, choice.text);
      append_all(annotations, std::move(output.annotations));
      text = std::move(output.text);
    }
    for (std::size_t i = 0; tool_calls && i < choice.tool_calls.size() && !chain->stopped(); ++i) {
      const ToolCallDelta& call = choice.tool_calls[i];
      append_all(annotations,
                 chain->on_tool_call({choice.index, i, call.name, call.arguments, false}));
    }
    if (!chain->stopped()) {
      auto output = chain->on_choice_end(choice.index);
      append_all(annotations, std::move(output.annotations));
      text += output.text;
    }
    // Choices from the stopping one on end as filtered; earlier ones went through whole.
    if (chain->stopped() && !choice.finish_reason_range.empty()) {
      edits.push_back(Edit{choice.finish_reason_range, std::string(kContentFilter)});
    }
    // A stopped choice's tool calls are not the app's to run.
    if (chain->stopped() && !choice.tool_calls_range.empty()) {
      edits.push_back(Edit{choice.tool_calls_range, choice.function_call ? "null" : "[]"});
    }
    if (choice.has_text && text != choice.text) {
      edits.push_back(Edit::text(choice.text_range, text));
      // Their tokens repeat the text the client no longer gets.
      if (!choice.logprobs_range.empty()) edits.push_back(Edit{choice.logprobs_range, "null"});
    }
  }
  if (chain->stopped()) {
    annotations.push_back(ChunkWriter::stopped_annotation(chain->stop_reason()));
    result.stopped = true;
  }
  append_all(annotations, chain->answer_end());
  if (edits.empty() && annotations.empty()) return result;
  result.body = ChunkWriter::splice(body, std::move(edits));
  ChunkWriter::add_annotations(result.body, annotations);
  result.changed = true;
  return result;
}

}  // namespace groundgate::proxy::openai
