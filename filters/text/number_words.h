#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// A number read from tokens starting at some index.
struct ParsedNumber {
  double value = 0;
  double half_step = 0;   // half of the last written digit's place ("5.8" → 0.05)
  std::size_t count = 0;  // tokens used
  bool from_words = false;
};

// Multiplier of a scale word ("thousand", "million", "bn", …), if `lower_word` is one.
std::optional<double> scale_word(std::string_view lower_word);

// Cardinal value of a number word ("seven", "twenty-one", "dozen"), if it is one.
std::optional<double> cardinal_word(std::string_view lower_word);
// How many times a word of repetition says: "twice" → 2, "thrice" → 3 (a quantity of
// times, as "3 times" is). Not "once", which also means "formerly" and "as soon as".
std::optional<double> repetition_word(std::string_view lower_word);
// Ordinal value of an ordinal word ("first", "nineteenth", "twenty-first").
std::optional<double> ordinal_word(std::string_view lower_word);

// Reads a number at tokens[i]: digits with an optional following scale word ("1.5 million"),
// or a run of number words ("three hundred and five", "a dozen", "twenty-one"). Ordinals,
// decades and clock times are not read here.
std::optional<ParsedNumber> parse_number(std::span<const Token> tokens, std::size_t i);

}  // namespace groundgate::filters::text
