#pragma once
// "Did you mean" for misspelt keys and names.

#include <span>
#include <string>
#include <string_view>

namespace groundgate::config {

// The candidate closest to `word` by edit distance, or "" when none is close enough to be a
// plausible typo (distance at most 2, and less than half of the word), or else the first
// candidate that `word` (3+ characters) is a prefix of.
std::string closest_match(std::string_view word, std::span<const std::string_view> candidates);

}  // namespace groundgate::config
