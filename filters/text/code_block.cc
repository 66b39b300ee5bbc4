#include "filters/text/code_block.h"

#include <cctype>

namespace groundgate::filters::text {
namespace {

bool fence_at(std::string_view line, char& fence) {
  std::size_t indent = 0;
  while (indent < line.size() && indent < 4 && line[indent] == ' ')
    ++indent;
  line.remove_prefix(indent);
  if (!line.starts_with("```") && !line.starts_with("~~~")) return false;
  fence = line[0];
  return true;
}

}  // namespace

CodeBlock read_code_block(std::string_view unit, bool cut) {
  CodeBlock block;
  block.cut = cut;
  std::string_view rest = unit;
  char fence = 0;
  const std::size_t first_end = rest.find('\n');
  const std::string_view first = rest.substr(0, first_end);
  if (fence_at(first, fence)) {
    block.opened = true;
    std::string_view info = first.substr(first.find(fence));
    while (!info.empty() && info.front() == fence)
      info.remove_prefix(1);
    while (!info.empty() && std::isspace(static_cast<unsigned char>(info.front())) != 0)
      info.remove_prefix(1);
    for (const char c : info) {
      if (std::isspace(static_cast<unsigned char>(c)) != 0 || c == '{' || c == ',') break;
      block.language.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    rest = first_end == std::string_view::npos ? std::string_view() : rest.substr(first_end + 1);
  }
  // The closing fence: the last line, of the opening fence's character (any, when cut).
  const std::size_t last_start = rest.rfind('\n');
  const std::string_view last =
      last_start == std::string_view::npos ? rest : rest.substr(last_start + 1);
  char closing = 0;
  if (fence_at(last, closing) && (fence == 0 || closing == fence)) {
    block.closed = true;
    rest = last_start == std::string_view::npos ? std::string_view() : rest.substr(0, last_start);
  }
  block.code = rest;
  block.code_begin = !block.opened                         ? 0
                     : first_end == std::string_view::npos ? unit.size()
                                                           : first_end + 1;
  return block;
}

}  // namespace groundgate::filters::text
