#include "filters/table/table.h"

#include <algorithm>

#include "filters/table/key_words.h"
#include "filters/table/periods.h"
#include "filters/table/stated_scale.h"

namespace groundgate::filters::table {
namespace {

// A key that says its figures are percentages: "%", "percent", "percentage", unless it
// excepts them ("in thousands, except percentages").
bool says_percent(std::string_view text) {
  for (std::size_t at = 0; at < text.size(); ++at) {
    const bool sign = text[at] == '%';
    const bool word =
        (text[at] == 'p' || text[at] == 'P') && text.substr(at + 1).starts_with("ercent");
    if (!sign && !word) continue;
    const std::string_view before = text.substr(at >= 12 ? at - 12 : 0, at >= 12 ? 12 : at);
    if (before.find("xcept") == std::string_view::npos) return true;
  }
  return false;
}

Table::Key key_of(std::string text) {
  Table::Key key;
  key.years = distinct_years(text);
  key.percent = says_percent(text);
  key.stems = key_stems(text);
  key.text = std::move(text);
  return key;
}

// Column j's header: the header rows' cells over it, joined. A header cell spanning columns
// is written in one of them only: an empty header cell takes the nearest one to its left (not
// the label column's) when a lower header row names column j on its own ("2019" over "Men"
// and "Women"), unless that lower header is a year and the spanning one is not ("Percent
// Change" over "Actual", "Constant" does not span the "2018" beside them).
std::string column_header(const RawTable& raw, std::size_t j) {
  std::string out;
  for (std::size_t h = 0; h < raw.header_rows; ++h) {
    const auto& row = raw.rows[h];
    std::string_view cell = row[j];
    if (cell.empty() && j > 0) {
      bool named_below = false, year_below = false;
      for (std::size_t lower = h + 1; lower < raw.header_rows; ++lower) {
        named_below = named_below || !raw.rows[lower][j].empty();
        year_below = year_below || !distinct_years(raw.rows[lower][j]).empty();
      }
      for (std::size_t k = j - 1; named_below && k >= 1; --k) {
        if (row[k].empty()) continue;
        if (!year_below || !distinct_years(row[k]).empty()) cell = row[k];
        break;
      }
    }
    if (cell.empty()) continue;
    if (!out.empty()) out += ' ';
    out.append(cell);
  }
  return out;
}

void end_line(std::string& line) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\n'))
    line.pop_back();
  if (line.empty()) return;
  // A section row ends with its colon; every other line with a full stop.
  if (line.back() != '.' && line.back() != '!' && line.back() != '?' && line.back() != ':')
    line += '.';
  line += '\n';
}

// Reports write "%" on a percentage column's first and last figures only ("100.0 %", "40.0",
// …, "7.2 %"): a column some of whose figures carry "%" and none a currency sign holds
// percentages.
void mark_percent_columns(const RawTable& raw, Table& table) {
  for (std::size_t j = 0; j < table.columns.size(); ++j) {
    bool percent = false, money = false;
    for (std::size_t r = raw.header_rows; r < raw.rows.size(); ++r) {
      const std::string& cell = raw.rows[r][j];
      const auto value = cell_value(cell);
      if (!value) continue;
      percent = percent || value->percent;
      money = money || cell.find('$') != std::string::npos ||
              cell.find("\xE2\x82\xAC") != std::string::npos ||
              cell.find("\xC2\xA3") != std::string::npos;
    }
    if (percent && !money) table.columns[j].percent = true;
  }
}

}  // namespace

const Table::Cell* Table::at(std::uint32_t row, std::uint32_t column) const {
  auto it = std::lower_bound(cells.begin(), cells.end(), std::pair(row, column),
                             [](const Cell& c, std::pair<std::uint32_t, std::uint32_t> key) {
                               return std::pair(c.row, c.column) < key;
                             });
  return it != cells.end() && it->row == row && it->column == column ? &*it : nullptr;
}

bool Table::percent(const Cell& cell) const {
  if (cell.value && cell.value->percent) return true;
  return (cell.row < rows.size() && rows[cell.row].percent) ||
         (cell.column < columns.size() && columns[cell.column].percent);
}

Table render_rows(const RawTable& raw, std::string& out, std::size_t max_bytes) {
  Table table;
  const std::size_t width = raw.width();
  if (width == 0) return table;
  for (std::size_t r = raw.header_rows; r < raw.rows.size() && !table.label_column; ++r)
    table.label_column = labels(raw.rows[r][0]);
  std::string scale_text;
  for (std::size_t j = 0; j < width; ++j) {
    table.columns.push_back(key_of(column_header(raw, j)));
    scale_text += table.columns.back().text;
    scale_text += '\n';
  }
  table.scale = stated_scale(scale_text);
  // The label column's header names the labels, unless it only states the scale.
  const bool label_header = !(table.label_column && stated_scale(table.columns[0].text) != 0);
  std::string section;
  std::string line;
  for (std::size_t r = raw.header_rows; r < raw.rows.size(); ++r) {
    const auto& cells = raw.rows[r];
    if (table.label_column && is_section_row(cells)) {
      section = cells[0];
      line = cells[0];
      end_line(line);
      if (out.size() + line.size() > max_bytes) break;
      out += line;
      continue;
    }
    Table::Row row;
    // A row of figures without a label under labelled rows sums them up, as reports write
    // a table's total line ("|  | $3,571 | $3,416 |"): it is keyed "Total".
    const bool unlabelled_total = table.label_column && cells[0].empty() && !table.rows.empty();
    static_cast<Table::Key&>(row) = key_of(!table.label_column ? std::string()
                                           : unlabelled_total  ? "Total"
                                                               : cells[0]);
    if (!section.empty()) {
      Table::Key of_section = key_of(section);
      row.section = std::move(of_section.text);
      row.section_stems = std::move(of_section.stems);
      row.section_years = std::move(of_section.years);
    }
    const auto row_index = static_cast<std::uint32_t>(table.rows.size());
    std::vector<Table::Cell> row_cells;
    line.clear();
    for (std::size_t j = 0; j < width; ++j) {
      if (cells[j].empty()) continue;
      if (!line.empty()) line += "; ";
      const std::string& header = table.columns[j].text;
      if (!header.empty() && (j > 0 || label_header)) {
        line += header;
        line += ": ";
      }
      const bool label = table.label_column && j == 0;
      if (!label) {
        Table::Cell cell;
        cell.row = row_index;
        cell.column = static_cast<std::uint32_t>(j);
        cell.span = {static_cast<std::uint32_t>(out.size() + line.size()),
                     static_cast<std::uint32_t>(out.size() + line.size() + cells[j].size())};
        cell.value = cell_value(cells[j]);
        row_cells.push_back(cell);
      }
      line += cells[j];
    }
    end_line(line);
    if (out.size() + line.size() > max_bytes || out.size() + line.size() > UINT32_MAX) break;
    out += line;
    table.rows.push_back(std::move(row));
    table.cells.insert(table.cells.end(), row_cells.begin(), row_cells.end());
  }
  mark_percent_columns(raw, table);
  return table;
}

}  // namespace groundgate::filters::table
