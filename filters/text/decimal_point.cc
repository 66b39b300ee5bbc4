#include "filters/text/decimal_point.h"

#include <cstddef>

namespace groundgate::filters::text {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_ascii_alnum(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

}  // namespace

bool full_stop_may_be_decimal_point(std::string_view before) {
  std::size_t digits = 0;
  while (digits < before.size() && is_digit(before[before.size() - 1 - digits]))
    ++digits;
  if (digits == 0) return false;  // no number before the full stop
  const std::size_t at = before.size() - digits;
  const char prev = at > 0 ? before[at - 1] : ' ';
  const bool joined = (prev == '-' || prev == ':') && at > 1 && is_digit(before[at - 2]);
  if (joined) return false;  // 4-1, 1991-1995, 14:00
  if (digits == 4 && prev != ',' && prev != '.' && prev != '$' && prev != '-' &&
      !is_ascii_alnum(prev)) {
    int year = 0;
    for (const char c : before.substr(at))
      year = year * 10 + (c - '0');
    if (year >= 1000 && year <= 2099) return false;
  }
  return true;
}

}  // namespace groundgate::filters::text
