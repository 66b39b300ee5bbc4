#pragma once
// The tools whose call carries a query in a named argument, as the structured-query checks
// (sql/, spl/) read a policy's `tool_arguments`.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "config/config.h"

namespace groundgate::filters::checks {

// The entry of `tools` for a call of `tool`; null when the policy names no such tool.
const config::QueryToolArgument* find_query_tool(std::span<const config::QueryToolArgument> tools,
                                                 std::string_view tool);

// The query a call of a tool `tools` names carries (text/query_argument.h); nullopt and `error`
// when the tool is not named or its arguments hold no such string.
std::optional<std::string> query_of_call(std::span<const config::QueryToolArgument> tools,
                                         std::string_view tool, std::string_view arguments,
                                         std::string& error);

}  // namespace groundgate::filters::checks
