#include "filters/table/table_readers.h"

#include <string>

#include "filters/table/text_lines.h"

namespace groundgate::filters::table {
namespace {

// "|---|:--:|", "---|---": dashes, colons, bars and spaces, with a dash and a bar or two
// columns.
bool separator_line(std::string_view line) {
  line = trimmed(line);
  return line.find("--") != std::string_view::npos &&
         line.find_first_not_of("|-: \t") == std::string_view::npos;
}

bool opens_with_bar(std::string_view line) {
  line = trimmed(line);
  return line.size() >= 2 && line.front() == '|' && line.find('|', 1) != std::string_view::npos;
}

// "| a | b |" → a, b: the outer bars dropped, "\|" kept as a bar inside a cell.
std::vector<std::string> cells_of(std::string_view line) {
  line = trimmed(line);
  if (line.starts_with('|')) line.remove_prefix(1);
  if (line.ends_with('|') && !line.ends_with("\\|")) line.remove_suffix(1);
  std::vector<std::string> out;
  std::string cell;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    if (i < line.size() && line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
      cell += '|';
      ++i;
      continue;
    }
    if (i == line.size() || line[i] == '|') {
      out.emplace_back(trimmed(cell));
      cell.clear();
      if (out.size() == kMaxColumns) break;
      continue;
    }
    cell += line[i];
  }
  return out;
}

}  // namespace

std::vector<RawTable> pipe_tables(std::string_view text) {
  std::vector<RawTable> out;
  if (text.find('|') == std::string_view::npos) return out;
  const std::vector<Line> lines = lines_of(text);
  std::size_t i = 0;
  while (i < lines.size() && out.size() < kMaxTables) {
    // A run of bar lines, or a bar line over a separator line.
    const bool bars = opens_with_bar(lines[i].text) && i + 1 < lines.size() &&
                      (opens_with_bar(lines[i + 1].text) || separator_line(lines[i + 1].text));
    const bool headed = !bars && lines[i].text.find('|') != std::string_view::npos &&
                        i + 1 < lines.size() && separator_line(lines[i + 1].text);
    if (!bars && !headed) {
      ++i;
      continue;
    }
    RawTable table;
    table.begin = lines[i].begin;
    std::size_t j = i;
    for (; j < lines.size(); ++j) {
      const std::string_view line = lines[j].text;
      const bool member =
          j == i || opens_with_bar(line) || (headed && line.find('|') != std::string_view::npos);
      if (!member || trimmed(line).empty()) break;
      if (separator_line(line)) {
        if (!table.headers_known) {
          table.headers_known = true;
          table.header_rows = table.rows.size();
        }
        continue;
      }
      table.rows.push_back(cells_of(line));
      table.end = lines[j].begin + line.size();
    }
    finish(table);
    if (table.rows.size() >= 2 && table.width() >= 2) out.push_back(std::move(table));
    i = j;
  }
  return out;
}

}  // namespace groundgate::filters::table
