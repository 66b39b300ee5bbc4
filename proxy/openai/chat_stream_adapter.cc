#include "proxy/openai/chat_stream_adapter.h"

#include <algorithm>
#include <utility>

#include "proxy/openai/chunk_writer.h"
#include "proxy/openai/error_body.h"

namespace groundgate::proxy::openai {
namespace {

// Whether a choice of a chunk carries anything a client shows.
bool shows_text(const ChoiceDelta& choice) {
  if ((choice.has_text && !choice.text.empty()) || !choice.refusal.text.empty() ||
      !choice.reasoning.text.empty()) {
    return true;
  }
  for (const ToolCallDelta& call : choice.tool_calls)
    if (!call.name.empty() || !call.arguments.empty()) return true;
  return false;
}

WireOp& text_op(WireEvent& out, TextKind kind, int choice, ShownString& text) {
  WireOp& op = out.ops.emplace_back();
  op.kind = WireOp::Kind::kText;
  op.text_kind = kind;
  op.choice = choice;
  op.text = std::move(text.text);
  op.range = text.range;
  return op;
}

}  // namespace

Status ChatStreamAdapter::decode(const sse::SseEvent& event, WireEvent& out) {
  out.clear();
  if (event.is_done()) {
    out.role = EventRole::kEnd;
    out.has_json = false;
    return {};
  }
  if (Status status = decoder_.decode(event.data, chunk_); !status.ok) return status;
  if (chunk_.has_error) {
    // An error with choices: which is it? Its text is not checked as an answer.
    if (!chunk_.choices.empty()) {
      out.role = EventRole::kUnverified;
      out.unverified_reason = "upstream_error_with_choices";
      return {};
    }
    out.role = EventRole::kError;
    return {};
  }
  // Spoken answers: no filter can hear them.
  for (const ChoiceDelta& choice : chunk_.choices) {
    if (choice.has_audio) {
      out.role = EventRole::kUnverified;
      out.unverified_reason = "audio_output";
      return {};
    }
  }
  // Swapped, not copied: the chunk's header is not read again, and both keep their storage.
  if (!chunk_.header.id.empty() || !chunk_.header.object.empty()) std::swap(header_, chunk_.header);
  if (!chunk_.object.empty()) legacy_ = chunk_.legacy();
  if (chunk_.choices.empty() && chunk_.has_usage) {
    out.role = EventRole::kTrailer;
    return {};
  }
  for (ChoiceDelta& choice : chunk_.choices) {
    const auto index = static_cast<std::size_t>(choice.index);
    // Its answer was decided: a client would show this unchecked.
    if (ended_[index] && shows_text(choice)) {
      return Status::failure("a choice's text after its finish_reason");
    }
    if (choice.legacy_text) legacy_ = true;
    any_choice_ = true;
    // The reasoning comes before the answer, as a text of its own.
    if (choice.reasoning.present) {
      reasoning_[index] = true;
      WireOp& op = text_op(out, TextKind::kReasoning, kMaxChoices + choice.index, choice.reasoning);
      op.shadow = choice.reasoning_repeat;
      op.shadow_blank = "null";
    }
    // Every choice the chunk names opens; a content string (even empty) is a place for text.
    WireOp& text = out.ops.emplace_back();
    text.kind = WireOp::Kind::kText;
    text.choice = choice.index;
    if (choice.has_text) {
      text.text = std::move(choice.text);
      text.range = choice.text_range;
      text.shadow = choice.logprobs_range;
      text.shadow_blank = "null";
      if (!choice.text.empty()) refusal_last_[index] = false;
    }
    if (choice.refusal.present) {
      if (!choice.refusal.text.empty()) refusal_last_[index] = true;
      text_op(out, TextKind::kRefusal, choice.index, choice.refusal);
    }
    for (ToolCallDelta& call : choice.tool_calls) {
      WireOp& piece = out.ops.emplace_back();
      piece.kind = WireOp::Kind::kToolCall;
      piece.choice = choice.index;
      piece.call = call.call;
      piece.name = std::move(call.name);
      piece.text = std::move(call.arguments);
    }
    if (choice.finish_reason) {
      out.ops.push_back(WireOp::about(WireOp::Kind::kEnd, choice.index));
      if (reasoning_[index]) {
        out.ops.push_back(WireOp::about(WireOp::Kind::kEnd, kMaxChoices + choice.index));
      }
      ended_[index] = true;
    }
  }
  return {};
}

bool ChatStreamAdapter::may_send_first(const sse::SseEvent& event) const {
  if (event.is_done()) return false;
  // A usage chunk waits: the summary rides on it. Its `"usage": {` can only be a member name
  // (a quote inside a JSON string is escaped), so the scan never lets one through; a chunk
  // with usage and choices (some servers send usage on every chunk) waits too, needlessly.
  // The scan looks for `usage"` rather than `"usage"`: a chunk has far fewer u than quotes.
  const std::string_view data = event.data;
  constexpr std::string_view kUsage = R"(usage")";
  for (std::size_t at = data.find(kUsage, 1); at != std::string_view::npos;
       at = data.find(kUsage, at + kUsage.size())) {
    if (data[at - 1] != '"') continue;
    std::size_t i = at + kUsage.size();
    const auto skip_space = [&] {
      while (i < data.size() &&
             (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r')) {
        ++i;
      }
    };
    skip_space();
    if (i == data.size() || data[i] != ':') continue;
    ++i;
    skip_space();
    if (i < data.size() && data[i] == '{') return false;
  }
  return true;
}

bool ChatStreamAdapter::rewrite(const sse::SseEvent& event, std::vector<Edit> edits,
                                const std::vector<std::string>& annotations, std::string& json) {
  if (edits.empty() && annotations.empty()) return false;
  json = ChunkWriter::splice(event.data, std::move(edits));
  ChunkWriter::add_annotations(json, annotations);
  return true;
}

MadeEvent ChatStreamAdapter::content_event(int choice, std::string_view text,
                                           const std::vector<std::string>& annotations) {
  // Held text goes in the field its last piece came in.
  if (choice >= kMaxChoices) {
    return {{},
            ChunkWriter::content_chunk(header_, legacy_, choice - kMaxChoices, text, annotations,
                                       "reasoning_content")};
  }
  const bool refusal = choice >= 0 && refusal_last_[static_cast<std::size_t>(choice)];
  return {{},
          ChunkWriter::content_chunk(header_, legacy_, choice, text, annotations,
                                     refusal ? "refusal" : "content")};
}

MadeEvent ChatStreamAdapter::annotation_event(const std::vector<std::string>& annotations) {
  return {{}, ChunkWriter::annotation_chunk(header_, legacy_, annotations)};
}

void ChatStreamAdapter::stop_events(const std::vector<int>& open_choices,
                                    const std::vector<std::string>& annotations,
                                    std::vector<MadeEvent>& out) {
  // A stop before any choice was seen still ends one, so that a client sees content_filter. A
  // reasoning text's choice ends with its answer's.
  std::vector<int> ended;
  for (int choice : open_choices) {
    const int index = choice >= kMaxChoices ? choice - kMaxChoices : choice;
    if (std::find(ended.begin(), ended.end(), index) == ended.end()) ended.push_back(index);
  }
  std::sort(ended.begin(), ended.end());
  if (!any_choice_) ended = {0};
  out.push_back({{}, ChunkWriter::stop_chunk(header_, legacy_, ended, annotations)});
  out.push_back({{}, "[DONE]"});
}

MadeEvent ChatStreamAdapter::error_event(std::string_view message, std::string_view type,
                                         std::string_view code) {
  return {{}, error_body(message, type, code)};
}

}  // namespace groundgate::proxy::openai
