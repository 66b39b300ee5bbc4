#pragma once
// Financial ratios that answers name without naming their operands ("the operating margin",
// "the current ratio", "ROE"): the lines of a report each is computed from. A figure said to
// be one is recomputed from the cells of those lines for the year named.

#include <cstddef>
#include <span>
#include <string_view>

#include "filters/text/tokenizer.h"

namespace groundgate::filters::figures {

// Which line a metric may take as averaged over the year's opening and closing (a balance at
// a date, divided into or by a flow over the year).
enum class Averaged { kNone, kNumerator, kDenominator };

struct Metric {
  std::string_view name;                          // as a reason shows it: "operating margin"
  std::span<const std::string_view> names;        // phrases that name it, in lowercase words
  std::span<const std::string_view> numerator;    // phrases that name the line divided ...
  std::span<const std::string_view> denominator;  // ... and the line it is divided by
  bool percent = false;  // a share, shown as a percentage; else a plain ratio ("1.75")
  Averaged averaged = Averaged::kNone;
  double days = 0;  // a number of days: the ratio times this many (365); 0: not in days
};

struct MetricName {
  const Metric* metric = nullptr;  // null: none named
  std::size_t end = 0;             // byte offset in the text where its name ends
};

// The metric the words of `text` (its `tokens`) name: the longest name that matches; an
// acronym ("ROE", "DSO") only in capitals ("Roe v. Wade" names none).
MetricName metric_named(std::string_view text, std::span<const text::Token> tokens);

}  // namespace groundgate::filters::figures
