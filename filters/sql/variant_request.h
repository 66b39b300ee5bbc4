#pragma once
// The model calls of the metamorphic check, as bytes: the app's own chat request with the
// user's question rewritten (so the model sees the same system prompt, schema and tools), and
// the query in the model's answer to it.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "config/config.h"

namespace groundgate::filters::sql {

// `body` (the request as forwarded upstream) with `question` replaced by `variant` in its last
// user message, not streamed, one choice. Nullopt when the body has no user message holding
// the question.
std::optional<std::string> variant_request(std::string_view body, std::string_view question,
                                           std::string_view variant);

// The query in a non-streamed chat completion: in the first choice's content (its first SQL
// block, or all of it when `whole`), else in a tool call `tool_arguments` names. Nullopt and
// `error` when there is none.
std::optional<std::string> sql_of_completion(std::string_view response, bool whole,
                                             std::span<const config::SqlToolArgument> tools,
                                             std::string& error);

}  // namespace groundgate::filters::sql
