#pragma once
// Opening hours as text states them: "open from 10:00 AM to 9 PM, Monday through Saturday, and
// from 10 AM to 7:30 PM on Sundays", "daily 8 am to 5 pm", "Monday: 11:00 to 21:00". Each
// statement is a set of days (none named: the hours in general) and a time range; either end
// of the range may be missing ("until 10 PM").

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// Bit d of a day set: Monday = 0 ... Sunday = 6.
using DaySet = std::uint8_t;
inline constexpr DaySet kEveryDay = 0x7f;

struct HoursStatement {
  DaySet days = 0;  // 0: no day named
  int open = -1;    // minutes after midnight; -1: not stated
  int close = -1;
  std::size_t begin = 0;  // byte span of the statement in the text
  std::size_t end = 0;
};

// The statements of `tokens` (of one sentence or line), in text order. Bounded by the tokens.
std::vector<HoursStatement> read_hours(std::span<const Token> tokens);

// "Monday", "Monday to Friday", "Tuesday, Thursday"; "10:00–21:30", "any time until 22:00".
std::string describe_days(DaySet days);
std::string describe_time(int minutes);

}  // namespace groundgate::filters::text
