#pragma once
// A model's non-streamed answer to a side request, read as its API's shape: what the model
// said (its text and tool calls), one function per shape. A body that is not such an answer, or
// a failed response, is an error with a reason, never a guess.

#include <optional>
#include <string>
#include <string_view>

#include "filters/model/model_answer.h"

namespace groundgate::proxy::openai {

// A non-streamed chat completion: its first choice's message (content, tool calls, a legacy
// function_call). Nullopt and `error` when the body is not one.
std::optional<filters::model::ModelAnswer> chat_answer(std::string_view response,
                                                       std::string& error);

// A non-streamed Responses API response: the text of its `output_text` parts (each message's,
// in order, joined by line breaks) and its function_call items. Nullopt and `error` when the
// body is not one, or the response failed.
std::optional<filters::model::ModelAnswer> responses_answer(std::string_view response,
                                                            std::string& error);

}  // namespace groundgate::proxy::openai
