#include <algorithm>
#include <string>

#include "filters/table/table_readers.h"
#include "filters/table/text_lines.h"

namespace groundgate::filters::table {
namespace {

// Cells of a row split on `separator`, outside double quotes, trimmed and unquoted.
std::vector<std::string> cells(std::string_view row, char separator) {
  std::vector<std::string> out;
  bool quoted = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= row.size(); ++i) {
    if (i < row.size() && row[i] == '"') quoted = !quoted;
    if (i == row.size() || (row[i] == separator && !quoted)) {
      std::string_view cell = trimmed(row.substr(start, i - start));
      if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"')
        cell = cell.substr(1, cell.size() - 2);
      out.emplace_back(cell);
      if (out.size() == kMaxColumns) break;
      start = i + 1;
    }
  }
  return out;
}

}  // namespace

std::optional<RawTable> delimited_table(std::string_view text) {
  std::vector<Line> lines;
  for (const Line& line : lines_of(text)) {
    if (!trimmed(line.text).empty()) lines.push_back(line);
  }
  if (lines.size() < 3) return std::nullopt;
  for (const char separator : {'\t', ','}) {
    const std::vector<std::string> header = cells(lines[0].text, separator);
    if (header.size() < 2) continue;
    const bool short_header = std::all_of(header.begin(), header.end(), [](const std::string& c) {
      return !c.empty() && c.size() <= 40 && !c.ends_with('.');
    });
    const bool same_count = std::all_of(lines.begin() + 1, lines.end(), [&](const Line& l) {
      return cells(l.text, separator).size() == header.size();
    });
    if (!short_header || !same_count) continue;
    RawTable table;
    table.headers_known = true;
    table.header_rows = 1;
    table.begin = lines.front().begin;
    table.end = lines.back().begin + lines.back().text.size();
    for (const Line& line : lines)
      table.rows.push_back(cells(line.text, separator));
    finish(table);
    return table;
  }
  return std::nullopt;
}

}  // namespace groundgate::filters::table
