#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include "filters/text/entities.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// A duration's canonical unit is the second; a year is the mean Gregorian year.
inline constexpr double kSecondsPerYear = 31556952;

// A unit written after a number, and how to bring values in it to the canonical unit:
// canonical = value * factor + offset.
struct UnitMatch {
  Unit unit = Unit::kNone;
  double factor = 1;
  double offset = 0;
  bool si = true;  // written in the canonical unit (or a decimal multiple of it)
  EntitySubtype subtype = EntitySubtype::kQuantity;
  std::size_t count = 0;  // tokens used
};

// The unit starting at tokens[i] ("miles", "km", "°C", "degrees Fahrenheit", "sq mi",
// "km/h", "hours"), if any.
std::optional<UnitMatch> match_unit(std::span<const Token> tokens, std::size_t i);

}  // namespace groundgate::filters::text
