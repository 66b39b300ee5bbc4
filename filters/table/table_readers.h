#pragma once
// The readers of tables written in a text. Each returns the tables it finds, in text order,
// with their byte spans; the text around them is prose. Bounded: at most `kMaxTables` tables,
// `kMaxCells` cells each and `kMaxColumns` cells a row (a row's cells after those are dropped).

#include <optional>
#include <string_view>
#include <vector>

#include "filters/table/raw_table.h"

namespace groundgate::filters::table {

inline constexpr std::size_t kMaxTables = 64;
inline constexpr std::size_t kMaxColumns = 256;

// Pipe tables: two or more lines that open with "|" ("| a | b |"), with or without a Markdown
// separator line ("|---|---|"), or lines with a bar over a separator line ("a | b\n--|--").
std::vector<RawTable> pipe_tables(std::string_view text);

// HTML tables: <table> … </table>, rows <tr>, cells <td>/<th> (colspan repeats a cell), the
// tags inside cells dropped and the common character references decoded. Rows in <thead>,
// or made of <th> cells only, head the columns.
std::vector<RawTable> html_tables(std::string_view text);

// The whole text as comma- or tab-separated rows under a header line: at least three rows of
// the same cell count (quoted cells may hold the separator), short header cells.
std::optional<RawTable> delimited_table(std::string_view text);

}  // namespace groundgate::filters::table
