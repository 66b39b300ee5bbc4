#pragma once
// A table as a reader finds it in a text: its rows of cell texts, which of them head the
// columns, and where it lies in the text. A Markdown separator line or HTML header cells say
// which rows are headers; where nothing says, the rows before the first that holds a label
// and a figure are (reports stack "Years Ended September 30," over "2019 | 2018 | 2017").

#include <cstddef>
#include <string>
#include <vector>

namespace groundgate::filters::table {

struct RawTable {
  std::vector<std::vector<std::string>> rows;  // cell texts, trimmed; every row as wide
  std::size_t header_rows = 0;                 // the first rows head the columns
  bool headers_known = false;                  // a separator line or header cells said so
  std::size_t begin = 0;                       // byte span of the table in the text
  std::size_t end = 0;

  std::size_t width() const { return rows.empty() ? 0 : rows.front().size(); }
};

inline constexpr std::size_t kMaxCells = 1u << 16;

// Pads every row to the widest and, unless `headers_known`, finds the header rows (see above).
// Bounded: a table over `max_cells` cells keeps its first rows.
void finish(RawTable& table, std::size_t max_cells = kMaxCells);

// A cell that labels its row: text, or a year alone (not a figure).
bool labels(const std::string& cell);

// A row that labels the rows below it ("Deferred tax assets:"): a first cell and no other.
bool is_section_row(const std::vector<std::string>& row);

}  // namespace groundgate::filters::table
