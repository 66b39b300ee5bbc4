#pragma once
// What the mock needs from a completion or Responses API request body, read with simdjson.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace groundgate::proxy::mock {

// /v1/chat/completions, /v1/completions, /v1/responses
enum class Api { kChat, kCompletion, kResponses };

struct MockRequest {
  Api api = Api::kChat;
  std::string model;
  bool stream = false;
  bool include_usage = false;  // stream_options.include_usage
  uint32_t n = 1;
  std::optional<uint64_t> max_tokens;  // max_tokens, max_completion_tokens, max_output_tokens
  std::string last_user_text;  // last user message (chat, Responses input) or last prompt string
  std::string system_text;     // system and developer messages, Responses `instructions`
  std::optional<double> temperature;
  bool background = false;     // Responses: answer at once with a queued response
  std::string input_items;     // Responses: `input` as a JSON list of items
  uint64_t prompt_tokens = 0;  // estimate over every message / prompt
};

// Either a request, or an error meant for the client (400): message and offending parameter.
struct RequestParse {
  MockRequest request;
  std::string error;
  std::string param;
  bool ok() const { return error.empty(); }
};

RequestParse parse_request(Api api, std::string_view body);

}  // namespace groundgate::proxy::mock
