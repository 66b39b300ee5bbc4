#pragma once
// The evidence check of a judge's verdict: a quote counts only when it is a span of one passage
// of the request's context, compared normalised (ASCII case folded; whitespace runs, non-breaking
// and typographic spaces as one space; typographic quotes, dashes and the ellipsis as their
// ASCII forms; zero-width characters dropped). A quote's own wrapping quotes, leading and
// trailing ellipses and punctuation are not part of it.

#include <cstddef>
#include <string>
#include <string_view>

namespace groundgate::filters::judge {

// The shortest quote that can carry evidence: two words.
inline constexpr std::size_t kMinQuoteWords = 2;

// `text` normalised as above (leading and trailing spaces dropped).
std::string normalise_for_quotes(std::string_view text);

class QuoteIndex {
 public:
  QuoteIndex() = default;
  // Appends a passage of the context (a quote never spans two).
  void add(std::string_view passage);
  bool empty() const { return text_.empty(); }
  std::size_t bytes() const { return text_.size(); }

  // "" when `quote` is in the context; else why not: "too short", "not in the context".
  std::string_view check(std::string_view quote) const;

 private:
  std::string text_;  // the passages normalised, each followed by a separator no quote holds
};

}  // namespace groundgate::filters::judge
