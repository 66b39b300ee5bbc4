#include "filters/context/record_table.h"

#include <algorithm>
#include <cstdio>

#include "filters/table/key_words.h"
#include "filters/table/periods.h"

namespace groundgate::filters::context {
namespace {

bool names_period(std::string_view key) {
  std::string lower(key);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  for (std::string_view word : {"year", "date", "period", "quarter", "fiscal"}) {
    if (lower.find(word) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

void RecordTable::end_row() {
  if (table_.rows.empty()) return;
  table::Table::Row& row = table_.rows.back();
  row.text = label_;
  row.years = table::distinct_years(period_text_.empty() ? label_ : period_text_);
  row.stems = table::key_stems(label_);
  label_.clear();
  period_text_.clear();
}

void RecordTable::begin_row() {
  end_row();
  table_.rows.emplace_back();
}

void RecordTable::cell(std::string_view key, std::string_view text, table::Span span,
                       std::optional<double> number) {
  if (table_.rows.empty()) return;
  auto column = std::find_if(table_.columns.begin(), table_.columns.end(),
                             [&](const table::Table::Key& c) { return c.text == key; });
  if (column == table_.columns.end()) {
    if (table_.columns.size() >= kMaxColumns) return;
    table::Table::Key k;
    k.text = std::string(key);
    k.years = table::distinct_years(key);
    k.stems = table::key_stems(key);
    k.percent =
        key.find('%') != std::string_view::npos || key.find("percent") != std::string_view::npos;
    column = table_.columns.insert(table_.columns.end(), std::move(k));
  }
  table::Table::Cell cell;
  cell.row = static_cast<std::uint32_t>(table_.rows.size() - 1);
  cell.column = static_cast<std::uint32_t>(column - table_.columns.begin());
  cell.span = span;
  if (number) {
    table::CellValue value;
    value.value = *number;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", *number);
    const std::string_view written(buffer);
    const std::size_t point = written.find('.');
    value.decimals =
        point == std::string_view::npos ? 0 : static_cast<int>(written.size() - point - 1);
    cell.value = value;
  } else {
    cell.value = table::cell_value(text);
  }
  if (names_period(key)) {
    period_text_ += ' ';
    period_text_.append(text);
  } else if (label_.empty() && !number && !cell.value && text.size() <= kMaxLabel &&
             text.find(". ") == std::string_view::npos) {
    label_ = std::string(text);  // a name, not a review's prose
  }
  table_.cells.push_back(cell);
}

std::optional<table::Table> RecordTable::take() {
  end_row();
  const bool figures = std::any_of(table_.cells.begin(), table_.cells.end(),
                                   [](const table::Table::Cell& c) { return c.value.has_value(); });
  if (table_.rows.size() < 2 || !figures) return std::nullopt;
  // Cells must stay ordered by (row, column) for Table::at(): a record may name its members
  // in any order.
  std::stable_sort(table_.cells.begin(), table_.cells.end(),
                   [](const table::Table::Cell& a, const table::Table::Cell& b) {
                     return std::pair(a.row, a.column) < std::pair(b.row, b.column);
                   });
  return std::move(table_);
}

}  // namespace groundgate::filters::context
