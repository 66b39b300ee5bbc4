#include "filters/spl/tsv_rows.h"

namespace groundgate::filters::spl {

std::vector<std::string_view> split_list(std::string_view list, char separator) {
  std::vector<std::string_view> out;
  if (list == "-") return out;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t end = list.find(separator, start);
    if (end == std::string_view::npos) end = list.size();
    if (end > start) out.push_back(list.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::vector<std::vector<std::string_view>> tsv_rows(std::string_view text) {
  std::vector<std::vector<std::string_view>> rows;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    std::vector<std::string_view> cells;
    std::size_t cell = 0;
    while (true) {
      const std::size_t tab = line.find('\t', cell);
      cells.push_back(
          line.substr(cell, tab == std::string_view::npos ? line.size() - cell : tab - cell));
      if (tab == std::string_view::npos) break;
      cell = tab + 1;
    }
    rows.push_back(std::move(cells));
  }
  return rows;
}

}  // namespace groundgate::filters::spl
