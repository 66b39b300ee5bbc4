#pragma once
// How far apart two names are, for "did you mean" (SQL columns, SPL commands and fields): the
// edit distance (insertions, deletions, substitutions and swaps of neighbours) over code
// points, letter case ignored (ASCII and Latin-1, so `Sänger` matches `sänger`).

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::text {

// The distance, or nullopt once it exceeds `limit` (the work stays bounded).
std::optional<std::size_t> name_distance(std::string_view a, std::string_view b, std::size_t limit);

// Names compare equal ignoring case (ASCII and Latin-1).
bool same_name(std::string_view a, std::string_view b);

// Lower case (ASCII and Latin-1), for keys and comparisons.
std::string fold_name(std::string_view name);

// The parts of a name, folded: split at '_', ' ', '-', digits and lower-to-upper case changes
// ("dept_id" -> dept, id; "birthYear2" -> birth, year).
std::vector<std::string> name_parts(std::string_view name);

// Words a name joins its parts with ("geschrieben_von", "number_of_wins"), English and German:
// no column is named by them.
bool name_function_word(std::string_view part);

struct NameSuggestion {
  std::string name;  // the closest candidate
  std::size_t distance = 0;
  bool unique = false;  // no other candidate is as close
};

// The candidate closest to `word` that is a plausible typo of it: at most a third of its
// length away (at least 1, at most 3), or the same but for letter case. Nullopt when none is.
std::optional<NameSuggestion> closest_name(std::string_view word,
                                           std::span<const std::string> candidates);

}  // namespace groundgate::filters::text
