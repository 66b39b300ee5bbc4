#pragma once
// Lines of a text with their byte spans (a "\r" before the "\n" not included), and trimming;
// shared by the line-based table readers.

#include <cstddef>
#include <string_view>
#include <vector>

namespace groundgate::filters::table {

struct Line {
  std::string_view text;
  std::size_t begin = 0;
};

inline std::vector<Line> lines_of(std::string_view text) {
  std::vector<Line> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back({line, at});
    at = end + 1;
  }
  return out;
}

inline std::string_view trimmed(std::string_view s) {
  const std::size_t a = s.find_first_not_of(" \t");
  if (a == std::string_view::npos) return {};
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

}  // namespace groundgate::filters::table
