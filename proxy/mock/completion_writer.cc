#include "proxy/mock/completion_writer.h"

#include <chrono>

#include "proxy/mock/json_text.h"

namespace groundgate::proxy::mock {
namespace {

void append_usage(std::string& out, Usage usage) {
  out.append(R"("usage":{"prompt_tokens":)");
  append_number(out, usage.prompt_tokens);
  out.append(R"(,"completion_tokens":)");
  append_number(out, usage.completion_tokens);
  out.append(R"(,"total_tokens":)");
  append_number(out, usage.prompt_tokens + usage.completion_tokens);
  out.push_back('}');
}

void append_index(std::string& out, size_t index) {
  append_number(out, static_cast<uint64_t>(index));
}

// Chat choices open with the index, completion choices close with it (as OpenAI orders them).
void open_chat_choice(std::string& out, size_t index) {
  out.append(R"({"index":)");
  append_index(out, index);
}

void close_choice(std::string& out, std::string_view finish_reason) {
  out.append(R"(,"logprobs":null,"finish_reason":)");
  if (finish_reason.empty()) {
    out.append("null}");
  } else {
    append_json_string(out, finish_reason);
    out.push_back('}');
  }
}

void completion_choice(std::string& out, size_t index, std::string_view text,
                       std::string_view finish_reason) {
  out.append(R"({"text":)");
  append_json_string(out, text);
  out.append(R"(,"index":)");
  append_index(out, index);
  close_choice(out, finish_reason);
}

}  // namespace

CompletionWriter::CompletionWriter(const ResponseIdentity& identity)
    : identity_(identity),
      stream_head_(head(identity.api == Api::kChat ? "chat.completion.chunk" : "text_completion")) {
}

std::string CompletionWriter::head(std::string_view object) const {
  std::string out;
  out.append(R"({"id":)");
  append_json_string(out, identity_.id);
  out.append(R"(,"object":)");
  append_json_string(out, object);
  out.append(R"(,"created":)");
  append_number(out, identity_.created);
  out.append(R"(,"model":)");
  append_json_string(out, identity_.model);
  out.append(R"(,"system_fingerprint":)");
  return out;
}

void CompletionWriter::append_fingerprint(std::string& out) const {
  if (!identity_.stamp) {
    append_json_string(out, identity_.fingerprint);
    return;
  }
  const auto now = std::chrono::steady_clock::now().time_since_epoch();
  out.append("\"gg-ts-");
  append_number(
      out, static_cast<int64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(now).count()));
  out.push_back('"');
}

void CompletionWriter::open_event(std::string& out) const {
  out.append("data: ");
  out.append(stream_head_);
  append_fingerprint(out);
  out.append(R"(,"choices":[)");
}

void CompletionWriter::close_event(std::string& out) const {
  out.push_back(']');
  if (identity_.include_usage) out.append(R"(,"usage":null)");
  out.append("}\n\n");
}

void CompletionWriter::role_event(std::string& out, size_t index) const {
  open_event(out);
  open_chat_choice(out, index);
  out.append(R"(,"delta":{"role":"assistant","content":"","refusal":null})");
  close_choice(out, {});
  close_event(out);
}

void CompletionWriter::tool_call_start_event(std::string& out, size_t index,
                                             std::string_view call_id,
                                             std::string_view name) const {
  open_event(out);
  open_chat_choice(out, index);
  out.append(R"(,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":)");
  append_json_string(out, call_id);
  out.append(R"(,"type":"function","function":{"name":)");
  append_json_string(out, name);
  out.append(R"(,"arguments":""}}],"refusal":null})");
  close_choice(out, {});
  close_event(out);
}

void CompletionWriter::content_event(std::string& out, size_t index, std::string_view text) const {
  open_event(out);
  if (identity_.api == Api::kChat) {
    open_chat_choice(out, index);
    out.append(R"(,"delta":{"content":)");
    append_json_string(out, text);
    out.push_back('}');
    close_choice(out, {});
  } else {
    completion_choice(out, index, text, {});
  }
  close_event(out);
}

void CompletionWriter::tool_arguments_event(std::string& out, size_t index,
                                            std::string_view piece) const {
  open_event(out);
  open_chat_choice(out, index);
  out.append(R"(,"delta":{"tool_calls":[{"index":0,"function":{"arguments":)");
  append_json_string(out, piece);
  out.append("}}]}");
  close_choice(out, {});
  close_event(out);
}

void CompletionWriter::finish_event(std::string& out, size_t index, std::string_view reason) const {
  open_event(out);
  if (identity_.api == Api::kChat) {
    open_chat_choice(out, index);
    out.append(R"(,"delta":{})");
    close_choice(out, reason);
  } else {
    completion_choice(out, index, "", reason);
  }
  close_event(out);
}

void CompletionWriter::usage_event(std::string& out, Usage usage) const {
  out.append("data: ");
  out.append(stream_head_);
  append_fingerprint(out);
  out.append(R"(,"choices":[],)");
  append_usage(out, usage);
  out.append("}\n\n");
}

void CompletionWriter::done_event(std::string& out) {
  out.append("data: [DONE]\n\n");
}

void CompletionWriter::full_response(std::string& out, std::span<const FullChoice> choices,
                                     Usage usage) const {
  const bool chat = identity_.api == Api::kChat;
  out.append(head(chat ? "chat.completion" : "text_completion"));
  append_fingerprint(out);
  out.append(R"(,"choices":[)");
  for (size_t i = 0; i < choices.size(); ++i) {
    const FullChoice& choice = choices[i];
    if (i > 0) out.push_back(',');
    if (!chat) {
      completion_choice(out, i, choice.content, choice.finish_reason);
      continue;
    }
    open_chat_choice(out, i);
    if (choice.tool_call_id.empty()) {
      out.append(R"(,"message":{"role":"assistant","content":)");
      append_json_string(out, choice.content);
      out.append(R"(,"refusal":null})");
    } else {
      out.append(R"(,"message":{"role":"assistant","content":null,"tool_calls":[{"id":)");
      append_json_string(out, choice.tool_call_id);
      out.append(R"(,"type":"function","function":{"name":)");
      append_json_string(out, choice.tool_name);
      out.append(R"(,"arguments":)");
      append_json_string(out, choice.content);
      out.append(R"(}}],"refusal":null})");
    }
    close_choice(out, choice.finish_reason);
  }
  out.append("],");
  append_usage(out, usage);
  out.push_back('}');
}

}  // namespace groundgate::proxy::mock
