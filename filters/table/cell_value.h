#pragma once
// The number a table cell (or a figure in a sentence, read the same way) holds: "$ 1,452.4",
// "(4,970)" (negative, as accounts write it), "-3.5%", "12.5 %", "€0.81". A dash, "n/a" or
// words hold none.

#include <optional>
#include <string_view>

namespace groundgate::filters::table {

struct CellValue {
  double value = 0;
  bool percent = false;  // written with a percent sign: `value` is in percent (12.5% → 12.5)
  int decimals = 0;      // digits written after the decimal point
};

std::optional<CellValue> cell_value(std::string_view text);

}  // namespace groundgate::filters::table
