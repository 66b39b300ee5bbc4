#pragma once
// A query a tool call carries in one of its arguments, as the structured-query guards read it
// (`sql.tool_arguments`, `spl.tool_arguments`: config::QueryToolArgument names the tool and the
// argument).

#include <optional>
#include <string>
#include <string_view>

namespace groundgate::filters::text {

// The string member `path` (keys joined by '.': "query" or "params.sql") of a tool call's
// arguments JSON. Nullopt and `error` when the arguments are not JSON or have no such string.
std::optional<std::string> query_argument(std::string_view arguments, std::string_view path,
                                          std::string& error);

}  // namespace groundgate::filters::text
