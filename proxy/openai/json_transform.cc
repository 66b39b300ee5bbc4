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

class CompletionJsonTransform final : public JsonTransform {
 public:
  CompletionJsonTransform(std::string_view body, filters::stream::FilterChain* chain)
      : JsonTransform(body, chain) {}

 private:
  std::optional<JsonTransformResult> feed(WholeAnswer& answer) override {
    ChunkDecoder decoder;
    if (Status status = decoder.decode(body_, response_); !status.ok) {
      return undecodable(std::move(status));
    }
    if (response_.has_error) {
      // An error with choices: which is it? Its text is not checked as an answer.
      if (!response_.choices.empty()) {
        return unverified_body(*chain_, "upstream_error_with_choices", unchanged());
      }
      return unchanged();
    }
    // A spoken answer: no filter can hear it (its transcript need not say what it says).
    for (const ChoiceDelta& choice : response_.choices) {
      if (choice.has_audio) return unverified_body(*chain_, "audio_output", unchanged());
    }
    // Each choice's text is kept by its index: two choices with one index are not an answer.
    std::vector<bool> seen(filters::stream::kMaxChoices);
    for (const ChoiceDelta& choice : response_.choices) {
      if (choice.index < 0 || choice.index >= filters::stream::kMaxChoices)
        continue;  // the decoder refuses it
      if (seen[static_cast<std::size_t>(choice.index)]) {
        return undecodable(Status::failure("two choices with the same index"));
      }
      seen[static_cast<std::size_t>(choice.index)] = true;
    }
    const bool reads_refusals = chain_->reads_refusals();
    const bool reads_reasoning = chain_->reads_reasoning();
    for (const ChoiceDelta& choice : response_.choices) {
      // The reasoning, before the answer: a text of its own when the chain reads it.
      const std::string& reasoning = choice.reasoning.text;
      if (!reasoning.empty() && !chain_->stopped())
        chain_->on_reasoning(reasoning.size(), reads_reasoning);
      if (reads_reasoning && !reasoning.empty()) {
        answer.text(reasoning_choice(choice.index), reasoning);
        answer.end(reasoning_choice(choice.index));
      }
      if (choice.has_text) answer.text(choice.index, choice.text, kContent);
      // The refusal is the choice's text too, or input the chain cannot read.
      if (!choice.refusal.text.empty()) {
        if (reads_refusals) {
          answer.text(choice.index, choice.refusal.text, kRefusal);
        } else {
          answer.unverified(choice.index, "refusal", choice.refusal.text.size());
        }
      }
      for (std::size_t i = 0; i < choice.tool_calls.size(); ++i) {
        const ToolCallDelta& call = choice.tool_calls[i];
        answer.tool_call({choice.index, i, call.name, call.arguments, false});
      }
      answer.end(choice.index);
    }
    return std::nullopt;
  }

  JsonTransformResult write(WholeAnswer& answer) override {
    JsonTransformResult result = unchanged();
    std::vector<Edit> edits;
    for (const ChoiceDelta& choice : response_.choices) {
      // Choices from the stopping one on end as filtered; earlier ones went through whole.
      const bool stopped = answer.stopped(choice.index);
      if (stopped && !choice.finish_reason_range.empty()) {
        edits.push_back(Edit{choice.finish_reason_range, std::string(kContentFilter)});
      }
      // A stopped choice's tool calls are not the app's to run.
      if (stopped && !choice.tool_calls_range.empty()) {
        edits.push_back(Edit{choice.tool_calls_range, choice.function_call ? "null" : "[]"});
      }
      const std::string& text = answer.text_of(choice.index, kContent);
      if (choice.has_text && text != choice.text) {
        edits.push_back(Edit::text(choice.text_range, text));
        // Their tokens repeat the text the client no longer gets.
        if (!choice.logprobs_range.empty()) edits.push_back(Edit{choice.logprobs_range, "null"});
      }
      // The refusal as the chain released it; one it did not read stays as it came, unless its
      // choice stopped (at it, or before it was decided).
      if (!choice.refusal.text.empty()) {
        const std::string refusal = chain_->reads_refusals()
                                        ? answer.text_of(choice.index, kRefusal)
                                        : (stopped ? std::string() : choice.refusal.text);
        if (refusal != choice.refusal.text) {
          edits.push_back(Edit::text(choice.refusal.range, refusal));
        }
      }
      const std::string& reasoning = answer.text_of(reasoning_choice(choice.index));
      if (!choice.reasoning.text.empty() && chain_->reads_reasoning() &&
          reasoning != choice.reasoning.text) {
        edits.push_back(Edit::text(choice.reasoning.range, reasoning));
        if (!choice.reasoning_repeat.empty())
          edits.push_back(Edit{choice.reasoning_repeat, "null"});
      }
    }
    result.stopped = answer.stopped();
    std::vector<std::string>& annotations = answer.annotations();
    if (result.stopped) result.annotations = annotations;
    if (edits.empty() && annotations.empty()) return result;
    result.body = ChunkWriter::splice(body_, std::move(edits));
    ChunkWriter::add_annotations(result.body, annotations);
    result.changed = true;
    return result;
  }

  // Where a choice's text places are, and its reasoning's choice (as in streams).
  static constexpr int kContent = 0;
  static constexpr int kRefusal = 1;
  static int reasoning_choice(int index) { return filters::stream::kMaxChoices + index; }

  DecodedChunk response_;
};

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

JsonTransformResult JsonTransform::unchanged() const {
  JsonTransformResult result;
  result.body.assign(body_);
  return result;
}

JsonTransformResult JsonTransform::undecodable(Status status) const {
  JsonTransformResult result = unchanged();
  result.status = std::move(status);
  return unverified_body(*chain_, "upstream_body_undecodable", std::move(result));
}

void JsonTransform::start() {
  if (chain_ == nullptr || chain_->empty()) {
    decided_ = unchanged();
    return;
  }
  answer_.emplace(*chain_);
  decided_ = feed(*answer_);
}

void JsonTransform::answer(std::size_t filter, std::vector<filters::stream::SideAnswer> answers) {
  if (answer_) answer_->answer(filter, std::move(answers));
}

JsonTransformResult JsonTransform::finish() {
  if (decided_) return std::move(*decided_);
  if (!answer_) return unchanged();  // start() was not called
  answer_->close();
  return write(*answer_);
}

std::unique_ptr<JsonTransform> completion_json_transform(std::string_view body,
                                                         filters::stream::FilterChain* chain) {
  return std::make_unique<CompletionJsonTransform>(body, chain);
}

JsonTransformResult transform_completion_json(std::string_view body,
                                              filters::stream::FilterChain* chain) {
  std::unique_ptr<JsonTransform> transform = completion_json_transform(body, chain);
  transform->start();
  return transform->finish();
}

}  // namespace groundgate::proxy::openai
