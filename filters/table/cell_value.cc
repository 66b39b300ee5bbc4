#include "filters/table/cell_value.h"

#include <charconv>
#include <string>

namespace groundgate::filters::table {
namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

// Drops a currency sign or code at the front: "$", "US$", "€", "£", "¥", "USD ".
std::string_view without_currency(std::string_view s) {
  static constexpr std::string_view kSigns[] = {"US$",
                                                "A$",
                                                "C$",
                                                "$",
                                                "\xE2\x82\xAC" /* € */,
                                                "\xC2\xA3" /* £ */,
                                                "\xC2\xA5" /* ¥ */,
                                                "USD",
                                                "EUR",
                                                "GBP",
                                                "RMB",
                                                "HK$",
                                                "S$",
                                                "R$"};
  for (std::string_view sign : kSigns) {
    if (s.starts_with(sign)) return trimmed(s.substr(sign.size()));
  }
  return s;
}

// A leading minus: "-", "−" (U+2212), "–" (U+2013) directly before the digits.
bool strip_minus(std::string_view& s) {
  for (std::string_view minus : {std::string_view("-"), std::string_view("\xE2\x88\x92"),
                                 std::string_view("\xE2\x80\x93")}) {
    if (s.starts_with(minus) && s.size() > minus.size()) {
      s = trimmed(s.substr(minus.size()));
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<CellValue> cell_value(std::string_view text) {
  std::string_view s = trimmed(text);
  if (s.empty() || s.size() > 40) return std::nullopt;
  bool negative = false;
  // "(4,970)" and "$(4,970)": accounts write negatives in parentheses.
  s = without_currency(s);
  if (s.size() >= 3 && s.front() == '(' && s.back() == ')') {
    negative = true;
    s = trimmed(s.substr(1, s.size() - 2));
    s = without_currency(s);
  }
  if (strip_minus(s)) negative = !negative;
  s = without_currency(s);
  CellValue out;
  if (s.ends_with('%')) {
    out.percent = true;
    s = trimmed(s.substr(0, s.size() - 1));
  }
  // Digits with thousands separators (each followed by exactly three digits) and one
  // decimal point.
  auto digit = [&](std::size_t i) { return i < s.size() && s[i] >= '0' && s[i] <= '9'; };
  std::string digits;
  bool point = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (digit(i)) {
      digits += c;
      if (point) ++out.decimals;
    } else if (c == ',' && !point && !digits.empty() && digit(i + 1) && digit(i + 2) &&
               digit(i + 3) && !digit(i + 4)) {
      continue;
    } else if (c == '.' && !point && digit(i + 1)) {
      point = true;
      digits += '.';
    } else {
      return std::nullopt;
    }
  }
  if (digits.empty() || digits == ".") return std::nullopt;
  double value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  out.value = negative ? -value : value;
  return out;
}

}  // namespace groundgate::filters::table
