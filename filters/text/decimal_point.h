#pragma once

#include <string_view>

namespace groundgate::filters::text {

// A stream's text ends in a full stop; `before` is the text up to it. True when the full stop
// could still be a decimal point, the next token bringing the decimals: "It sold 2" (2.5),
// "$1,250" (1,250.75). False after a word, and after a year ("came out in 2015", "since 1991"),
// a score, a range or a clock time ("won 4-1", "1991-1995", "at 14:00"): decimals never follow
// those, and sentences end in them often.
bool full_stop_may_be_decimal_point(std::string_view before);

}  // namespace groundgate::filters::text
