#pragma once
// What a model said in a non-streamed answer to a filter's side request (SQL check 5's
// variants, the judge), whatever the API's shape: its text and its tool calls.

#include <cstdint>
#include <string>
#include <vector>

namespace groundgate::filters::model {

struct ModelToolCall {
  std::string name;
  std::string arguments;  // JSON text, as the model wrote it
};

// The tokens an answer's `usage` reports (0 when it reports none).
struct TokenUsage {
  std::uint64_t input_tokens = 0;
  std::uint64_t output_tokens = 0;
};

struct ModelAnswer {
  std::string text;
  std::vector<ModelToolCall> calls;
  TokenUsage usage;
};

}  // namespace groundgate::filters::model
