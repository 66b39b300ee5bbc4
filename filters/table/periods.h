#pragma once
// The years a header, a label, a question or a sentence names, read the way financial tables
// write them: "2019", "December 31, 2019", "Fiscal 2018", "FY19", "FY2019", "F19"; a fiscal year
// written across two calendar years ("2018/2019", "2018/19", "2018-19") names the year it ends
// in. Quarters and months are not periods here: they qualify the year.

#include <string_view>
#include <vector>

namespace groundgate::filters::table {

// A year and where it is written (byte span in the text).
struct NamedYear {
  int year = 0;
  std::size_t begin = 0;
  std::size_t end = 0;
};

// In text order; a year named twice is listed twice.
std::vector<NamedYear> years_named(std::string_view text);

// The distinct years, in the order first named.
std::vector<int> distinct_years(std::string_view text);

}  // namespace groundgate::filters::table
