#pragma once
// A table of the context read as a table: every body cell keyed by its row (label, and the
// section row above it) and its column (the header rows' cells over it, joined), with the
// number it holds and the years its keys name. Cell spans are byte offsets in the passage
// text the table was rendered into (render_rows), so a cell is evidence like any sentence.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/table/cell_value.h"
#include "filters/table/raw_table.h"

namespace groundgate::filters::table {

struct Span {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};

struct Table {
  struct Key {
    // "Total sales", "Years Ended September 30, 2019"; "Total" for a table's unlabelled row of
    // figures under labelled ones (its total line).
    std::string text;
    std::vector<int> years;          // the years it names
    std::vector<std::string> stems;  // its content words, stemmed, sorted and unique
    bool percent = false;            // it says its figures are percentages ("Margin (%)")
  };
  struct Row : Key {
    std::string section;                     // the section row above it ("Deferred tax assets:")
    std::vector<std::string> section_stems;  // its content words, as `stems`
    std::vector<int> section_years;          // the years it names ("December 31, 2019")
  };
  struct Cell {
    std::uint32_t row = 0;
    std::uint32_t column = 0;
    Span span;  // the cell's text in the passage text
    std::optional<CellValue> value;
  };

  std::vector<Key> columns;
  std::vector<Row> rows;
  std::vector<Cell> cells;    // body cells that hold text, row by row
  double scale = 0;           // the scale its headers state (1e3, 1e6, 1e9); 0: none
  bool label_column = false;  // column 0 holds the rows' labels

  // The cell at (row, column), if it holds text.
  const Cell* at(std::uint32_t row, std::uint32_t column) const;
  // Its value read as a percentage: written with "%", or in a percent row or column.
  bool percent(const Cell& cell) const;
};

// Appends the table's body rows to `out`, one line each ("Total sales; 2019: $1,496.5; 2018:
// $1,202.9."; a section row as its own line), and returns the table keyed, its cell spans in
// `out`. Stops before `out` grows past `max_bytes` (the rows after are left out).
Table render_rows(const RawTable& raw, std::string& out, std::size_t max_bytes);

}  // namespace groundgate::filters::table
