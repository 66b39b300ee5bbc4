#pragma once
// The answers to the metamorphic check's model calls (variant_request.h), as bytes: what the
// model said (its text and tool calls) in the shape of the API asked, one function per shape,
// and the query in it. A body that is not such an answer, a failed response or one without a
// query is an error with a reason, never a guess.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/sql/variant_request.h"

namespace groundgate::filters::sql {

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

std::optional<ModelAnswer> model_answer(ModelApi api, std::string_view response,
                                        std::string& error);

// The query of an answer: its text's first SQL block (all of it when `whole`), else the
// argument `tool_arguments` names of its first call that has one. Nullopt and `error` when
// there is none.
std::optional<std::string> sql_of_answer(const ModelAnswer& answer, bool whole,
                                         std::span<const config::SqlToolArgument> tools,
                                         std::string& error);

// model_answer, then sql_of_answer.
std::optional<std::string> sql_of_response(ModelApi api, std::string_view response, bool whole,
                                           std::span<const config::SqlToolArgument> tools,
                                           std::string& error);

}  // namespace groundgate::filters::sql
