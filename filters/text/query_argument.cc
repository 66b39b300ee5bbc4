#include "filters/text/query_argument.h"

#include <simdjson.h>

namespace groundgate::filters::text {

std::optional<std::string> query_argument(std::string_view arguments, std::string_view path,
                                          std::string& error) {
  simdjson::dom::parser parser;
  simdjson::dom::element value;
  if (auto e = parser.parse(arguments.data(), arguments.size()).get(value); e) {
    error = "arguments are not JSON";
    return std::nullopt;
  }
  while (!path.empty()) {
    const std::size_t dot = path.find('.');
    const std::string_view key = path.substr(0, dot);
    if (value[key].get(value) != simdjson::SUCCESS) {
      error = "no argument `" + std::string(key) + "`";
      return std::nullopt;
    }
    path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
  }
  std::string_view text;
  if (value.get_string().get(text) != simdjson::SUCCESS) {
    error = "the argument is not a string";
    return std::nullopt;
  }
  return std::string(text);
}

}  // namespace groundgate::filters::text
