#pragma once
// What a model said in a non-streamed answer to a filter's side request (SQL check 5's
// variants, the judge), whatever the API's shape: its text and its tool calls.

#include <string>
#include <vector>

namespace groundgate::filters::model {

struct ModelToolCall {
  std::string name;
  std::string arguments;  // JSON text, as the model wrote it
};

struct ModelAnswer {
  std::string text;
  std::vector<ModelToolCall> calls;
};

}  // namespace groundgate::filters::model
