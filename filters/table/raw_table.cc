#include "filters/table/raw_table.h"

#include <algorithm>

#include "filters/table/cell_value.h"
#include "filters/table/periods.h"
#include "filters/table/table_readers.h"

namespace groundgate::filters::table {
namespace {

// A figure that is not a year: a body row holds one, a header row names years.
bool holds_figure(const std::string& cell) {
  const auto value = cell_value(cell);
  if (!value) return false;
  const auto years = years_named(cell);
  return !(years.size() == 1 && years.front().begin == 0 && years.front().end == cell.size());
}

bool data_row(const std::vector<std::string>& row) {
  if (row.empty() || !labels(row.front())) return false;
  return std::any_of(row.begin() + 1, row.end(), holds_figure);
}

}  // namespace

bool labels(const std::string& cell) {
  return !cell.empty() && (!cell_value(cell) || !holds_figure(cell));
}

bool is_section_row(const std::vector<std::string>& row) {
  return !row.empty() && !row.front().empty() &&
         std::all_of(row.begin() + 1, row.end(), [](const std::string& c) { return c.empty(); });
}

void finish(RawTable& table, std::size_t max_cells) {
  std::size_t width = 0;
  for (const auto& row : table.rows)
    width = std::max(width, row.size());
  width = std::min(width, kMaxColumns);
  if (width == 0) {
    table.rows.clear();
    table.header_rows = 0;
    return;
  }
  const std::size_t max_rows = std::max<std::size_t>(1, max_cells / width);
  if (table.rows.size() > max_rows) table.rows.resize(max_rows);
  for (auto& row : table.rows)
    row.resize(width);
  if (table.headers_known) {
    table.header_rows = std::min(table.header_rows, table.rows.size());
    return;
  }
  // Header rows: those before the first data row that name something above a figure column.
  // A table without a data row has its first row as its header.
  std::size_t first_data = table.rows.size();
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    if (data_row(table.rows[i])) {
      first_data = i;
      break;
    }
  }
  if (first_data == table.rows.size()) {
    table.header_rows = table.rows.size() > 1 ? 1 : 0;
    return;
  }
  // Section rows right above the first data row open the body ("Deferred tax assets:"); a
  // title in the first cell above the headers ("Consolidated") is a header.
  std::size_t headers = first_data;
  while (headers > 0 && is_section_row(table.rows[headers - 1]))
    --headers;
  table.header_rows = headers;
}

}  // namespace groundgate::filters::table
