#pragma once
// A model's non-streamed answer to a side request (SQL check 5's variants, the judge), as
// bytes: what the model said (its text and tool calls) in the shape of the API asked, one
// function per shape. A body that is not such an answer, or a failed response, is an error with
// a reason, never a guess.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/model/model_api.h"

namespace groundgate::filters::model {

struct ModelToolCall {
  std::string name;
  std::string arguments;  // JSON text, as the model wrote it
};

struct ModelAnswer {
  std::string text;
  std::vector<ModelToolCall> calls;
};

// A non-streamed chat completion: its first choice's message (content, tool calls, a legacy
// function_call). Nullopt and `error` when the body is not one.
std::optional<ModelAnswer> chat_answer(std::string_view response, std::string& error);

// A non-streamed Responses API response: the text of its `output_text` parts (each message's,
// in order, joined by line breaks) and its function_call items. Nullopt and `error` when the
// body is not one, or the response failed.
std::optional<ModelAnswer> responses_answer(std::string_view response, std::string& error);

std::optional<ModelAnswer> model_answer(Api api, std::string_view response, std::string& error);

}  // namespace groundgate::filters::model
