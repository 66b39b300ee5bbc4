#include "filters/checks/query_tool.h"

#include "filters/text/query_argument.h"

namespace groundgate::filters::checks {

const config::QueryToolArgument* find_query_tool(std::span<const config::QueryToolArgument> tools,
                                                 std::string_view tool) {
  for (const config::QueryToolArgument& t : tools) {
    if (t.tool == tool) return &t;
  }
  return nullptr;
}

std::optional<std::string> query_of_call(std::span<const config::QueryToolArgument> tools,
                                         std::string_view tool, std::string_view arguments,
                                         std::string& error) {
  const config::QueryToolArgument* entry = find_query_tool(tools, tool);
  if (entry == nullptr) {
    error = "no query argument is named for tool `" + std::string(tool) + "`";
    return std::nullopt;
  }
  return text::query_argument(arguments, entry->argument, error);
}

}  // namespace groundgate::filters::checks
