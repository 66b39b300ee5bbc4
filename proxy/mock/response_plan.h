#pragma once
// How the mock answers one completion request: per-choice token lists, pacing and faults,
// decided from the request and the script before any byte is sent.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "proxy/mock/answer_tokens.h"
#include "proxy/mock/mock_request.h"
#include "proxy/mock/mock_script.h"

namespace groundgate::proxy::mock {

struct ChoicePlan {
  const AnswerTokens* text = nullptr;  // the answer, or the tool call's arguments
  size_t tokens = 0;                   // how many of text's tokens are sent
  std::string_view finish_reason;      // "stop", "length" or "tool_calls"
};

struct ResponsePlan {
  unsigned status = 200;           // not 200: an error body instead of an answer
  std::string_view error_message;  // empty: the status's usual text
  std::vector<ChoicePlan> choices;
  const ScriptToolCall* tool_call = nullptr;
  const std::vector<ScriptPassage>* file_search = nullptr;  // Responses API: results first
  std::chrono::milliseconds first_byte_delay{0};
  std::optional<uint64_t> close_after_tokens;
  double tokens_per_second = 0;  // per choice; <= 0: as fast as possible
  uint64_t completion_tokens = 0;
};

// The plan refers into `script` and the canned answers: both outlive every request.
ResponsePlan plan_response(const MockRequest& request, const MockScript& script,
                           double default_tokens_per_second);

}  // namespace groundgate::proxy::mock
