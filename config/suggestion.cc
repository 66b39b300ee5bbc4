#include "config/suggestion.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace groundgate::config {
namespace {

constexpr std::size_t kMaxWord = 64;  // longer words are not typos of a key; keeps the cost bounded

constexpr std::size_t kMinPrefix = 3;

char fold(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool starts_with_folded(std::string_view text, std::string_view prefix) {
  if (prefix.size() > text.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (fold(text[i]) != fold(prefix[i])) return false;
  }
  return true;
}

// Levenshtein distance, case-insensitive.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t substitute = diagonal + (fold(a[i - 1]) == fold(b[j - 1]) ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitute});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string closest_match(std::string_view word, std::span<const std::string_view> candidates) {
  if (word.empty() || word.size() > kMaxWord) return {};
  std::string_view best;
  std::size_t best_distance = 3;
  for (std::string_view c : candidates) {
    const std::size_t d = edit_distance(word, c.substr(0, kMaxWord));
    if (d < best_distance && d * 2 < std::max(word.size(), c.size())) {
      best = c;
      best_distance = d;
    }
  }
  if (best.empty() && word.size() >= kMinPrefix) {
    // A truncated key ("replace" for "replacement") is far by edit distance but obvious.
    for (std::string_view c : candidates) {
      if (starts_with_folded(c, word)) return std::string(c);
    }
  }
  return std::string(best);
}

}  // namespace groundgate::config
