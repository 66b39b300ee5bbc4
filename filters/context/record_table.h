#pragma once
// A JSON array of records ([{"year": 2019, "revenue": 1496.5}, …]) read as a table while its
// facts are written: one row per record, one column per member name, each scalar member a
// cell whose span is where its value was written in the facts. A row is labelled by its
// first short text member ("name": "Widget"; prose such as a review is no label) and names the
// years of its period members ("year", "date", "period", "fiscal year", "quarter").

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "filters/table/table.h"

namespace groundgate::filters::context {

class RecordTable {
 public:
  void begin_row();
  // A member of the current record: its name's words, its value as written in the facts, the
  // value's span there, and the number when it is a JSON number.
  void cell(std::string_view key, std::string_view text, table::Span span,
            std::optional<double> number);
  // The table, when it has two rows or more and a cell that holds a number.
  std::optional<table::Table> take();

 private:
  static constexpr std::size_t kMaxColumns = 256;
  static constexpr std::size_t kMaxLabel = 60;  // a longer text member is prose, not a name
  table::Table table_;
  std::string label_;        // the current row's label
  std::string period_text_;  // its period members' values
  void end_row();
};

}  // namespace groundgate::filters::context
