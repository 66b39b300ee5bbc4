#include "filters/table/periods.h"

#include <algorithm>

namespace groundgate::filters::table {
namespace {

constexpr int kFirstYear = 1950;
constexpr int kLastYear = 2099;

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

int number_at(std::string_view s, std::size_t begin, std::size_t end) {
  int n = 0;
  for (std::size_t i = begin; i < end; ++i)
    n = n * 10 + (s[i] - '0');
  return n;
}

// "FY", "F" (and "FY " with a space) written right before the digits at `at`.
bool fiscal_prefix(std::string_view s, std::size_t at) {
  std::size_t i = at;
  if (i > 0 && s[i - 1] == ' ') --i;
  if (i >= 2 && lower(s[i - 1]) == 'y' && lower(s[i - 2]) == 'f' &&
      (i == 2 || !is_letter(s[i - 3]))) {
    return true;
  }
  // "F19": only directly before the digits.
  return at >= 1 && lower(s[at - 1]) == 'f' && (at == 1 || !is_letter(s[at - 2]));
}

// After a year at [.., end): "/2019", "/19", "-19", "–19" closing a fiscal year that spans two
// calendar years; returns the end of the closing part (0: none).
std::size_t closing_year(std::string_view s, std::size_t end, int year, int& closing) {
  std::size_t i = end;
  if (i < s.size() && (s[i] == '/' || s[i] == '-')) {
    ++i;
  } else if (s.substr(i).starts_with("\xE2\x80\x93")) {  // en dash
    i += 3;
  } else {
    return 0;
  }
  std::size_t j = i;
  while (j < s.size() && is_digit(s[j]))
    ++j;
  if (j < s.size() && (is_letter(s[j]) || s[j] == '.')) return 0;
  if (j - i == 4 && number_at(s, i, j) == year + 1) {
    closing = year + 1;
    return j;
  }
  if (j - i == 2 && number_at(s, i, j) == (year + 1) % 100) {
    closing = year + 1;
    return j;
  }
  return 0;
}

}  // namespace

std::vector<NamedYear> years_named(std::string_view s) {
  std::vector<NamedYear> out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (!is_digit(s[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && is_digit(s[j]))
      ++j;
    const std::size_t length = j - i;
    // Part of an amount: after a decimal point, a currency sign, or a thousands separator (a
    // group of three digits); before a decimal point, a percent sign, or a separator followed
    // by a group of three ("2,019,000"). "2017,2018" names two years.
    const auto group_of_three = [&](std::size_t from) {
      std::size_t k = from;
      while (k < s.size() && is_digit(s[k]))
        ++k;
      return k - from == 3;
    };
    const bool glued_before = i > 0 && (is_digit(s[i - 1]) || s[i - 1] == '.' || s[i - 1] == '$' ||
                                        s[i - 1] == '#' || (s[i - 1] == ',' && length == 3));
    const bool glued_after =
        j < s.size() && (s[j] == '%' || (s[j] == '.' && j + 1 < s.size() && is_digit(s[j + 1])) ||
                         (s[j] == ',' && group_of_three(j + 1)));
    const bool fiscal = fiscal_prefix(s, i);
    const bool letter_before = i > 0 && is_letter(s[i - 1]) && !fiscal;
    const bool letter_after = j < s.size() && is_letter(s[j]);
    if (!glued_before && !glued_after && !letter_before && !letter_after) {
      int year = 0;
      if (length == 4) {
        year = number_at(s, i, j);
      } else if (length == 2 && fiscal) {
        year = 2000 + number_at(s, i, j);
      }
      if (year >= kFirstYear && year <= kLastYear) {
        int closing = 0;
        const std::size_t end = closing_year(s, j, year, closing);
        if (end != 0) {
          out.push_back({closing, i, end});
          i = end;
          continue;
        }
        out.push_back({year, i, j});
      }
    }
    i = j;
  }
  return out;
}

std::vector<int> distinct_years(std::string_view text) {
  std::vector<int> out;
  for (const NamedYear& y : years_named(text)) {
    if (std::find(out.begin(), out.end(), y.year) == out.end()) out.push_back(y.year);
  }
  return out;
}

}  // namespace groundgate::filters::table
