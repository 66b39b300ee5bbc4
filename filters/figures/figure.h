#pragma once
// The figures an answer sentence states: amounts, percentages and ratios written with digits
// ("1,496.5 million", "-28.05%", "$0.81", "0.95"), each as written (its value without the scale
// word, the scale word, the digits after the point), so that it can be compared with a value
// the context implies at the rounding the answer shows.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/text/entities.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::figures {

struct Figure {
  std::size_t begin = 0;  // byte span in the sentence
  std::size_t end = 0;
  std::size_t number_begin = 0;  // the digits (and sign) within it
  std::size_t number_end = 0;
  double value = 0;      // as written, without its scale word ("1,496.5 million" → 1496.5)
  double scale = 1;      // its scale word's multiplier (million → 1e6); 1 without one
  bool scaled = false;   // a scale word is written
  bool percent = false;  // a percentage: `value` is in percent
  bool money = false;    // a currency is written
  bool grouped = false;  // written with thousands separators
  bool days = false;     // a number of days ("14.69 days"): only a metric in days places it
  // Set by the figures check from the sentence around the figure:
  bool level = false;      // given as a value at a time ("to 29,000"), maybe an operand
  bool of_metric = false;  // the value of the financial ratio the words name
  int decimals = 0;        // digits written after the point: the rounding it shows

  // Half the last written digit's place: a value within this of `value` rounds to it.
  double half_step() const;
};

// The figures among the sentence's entities (`tokens` and `entities` of `sentence`, in text
// order): money, percentages, numbers of days and other numbers written with digits. Not
// figures: years and dates, ordinals, times, scores, other measures in units, and small whole
// counts (below 10, no scale, no currency: "2 segments" counts what the context lists).
std::vector<Figure> figures_of(std::string_view sentence, std::span<const text::Token> tokens,
                               std::span<const text::Entity> entities);

// `value` (in the figure's scale) written the way `like` is written in `sentence`: its
// decimals, separators, scale word, currency and percent sign ("1,202.9 million").
std::string written_like(double value, const Figure& like, std::string_view sentence);

}  // namespace groundgate::filters::figures
