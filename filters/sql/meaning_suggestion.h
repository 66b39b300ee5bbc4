#pragma once
// "Did you mean" by meaning, for an unknown column or table that is no typo of an existing
// one: `elevation` for `mountain_altitude`, `surface_area` for `area`. Each part of the unknown
// name is matched against the parts of each candidate's name and the words of its comment:
// the same word or an inflection of it (1), a WordNet synonym (0.8), a derivation (0.7);
// comment words count at 0.6 of that. A candidate's score is the mean over the unknown name's
// parts (function words left out). The best candidate is suggested at a score of 0.5 or more,
// and is `unique` (clearly best: the correction) when the next one scores 0.25 less or none.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "filters/sql/name_distance.h"

namespace groundgate::filters::text {
class Lexicon;
}

namespace groundgate::filters::sql {

struct NamedThing {
  std::string_view name;
  std::string_view comment;  // "" when none
};

// `lexicon`: WordNet, or null (same words and inflections only).
std::optional<NameSuggestion> closest_by_meaning(std::string_view word,
                                                 std::span<const NamedThing> candidates,
                                                 const text::Lexicon* lexicon);

}  // namespace groundgate::filters::sql
