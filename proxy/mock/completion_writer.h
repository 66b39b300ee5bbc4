#pragma once
// Serialises OpenAI completion responses: streaming events (`data: {...}\n\n`) and whole
// bodies, appended to a caller-owned string that is reused for the whole stream.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "proxy/mock/mock_request.h"

namespace groundgate::proxy::mock {

struct Usage {
  uint64_t prompt_tokens = 0;
  uint64_t completion_tokens = 0;
};

struct ResponseIdentity {
  Api api = Api::kChat;
  std::string_view id;  // "chatcmpl-…" / "cmpl-…"
  int64_t created = 0;  // unix seconds
  std::string_view model;
  std::string_view fingerprint;  // used unless stamp
  bool stamp = false;            // fingerprint "gg-ts-<steady_clock ns>" at serialisation time
  bool include_usage = false;    // streaming: "usage": null on every chunk, then a usage chunk
};

// One choice of a whole (non-streaming) response.
struct FullChoice {
  std::string_view content;  // the text, or the tool call's arguments
  std::string_view finish_reason;
  std::string_view tool_call_id;  // non-empty: a tool call named tool_name
  std::string_view tool_name;
};

class CompletionWriter {
 public:
  explicit CompletionWriter(const ResponseIdentity& identity);

  Api api() const { return identity_.api; }

  // Chat only: the first chunk of a choice, {"role":"assistant","content":""}.
  void role_event(std::string& out, size_t index) const;
  // Chat only: the first chunk of a tool-calling choice, with the call's id and name.
  void tool_call_start_event(std::string& out, size_t index, std::string_view call_id,
                             std::string_view name) const;
  void content_event(std::string& out, size_t index, std::string_view text) const;
  void tool_arguments_event(std::string& out, size_t index, std::string_view piece) const;
  void finish_event(std::string& out, size_t index, std::string_view reason) const;
  void usage_event(std::string& out, Usage usage) const;
  static void done_event(std::string& out);

  void full_response(std::string& out, std::span<const FullChoice> choices, Usage usage) const;

 private:
  void open_event(std::string& out) const;
  void close_event(std::string& out) const;
  void append_fingerprint(std::string& out) const;

  std::string head(std::string_view object) const;

  ResponseIdentity identity_;
  std::string stream_head_;  // `{"id":…,"object":…,"created":…,"model":…,"system_fingerprint":`
};

}  // namespace groundgate::proxy::mock
