#include "filters/semantic_piece/counted.h"

#include <algorithm>

#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"

namespace groundgate::filters::semantic_piece {
namespace {

// Content words after the count that name what it counts ("eight gold albums").
constexpr std::size_t kWordsAfter = 2;
// Words of a phrase before the count ("the population of 6,960").
constexpr std::size_t kReachBefore = 3;
// Tokens on each side of a value that line two sentences up.
constexpr std::size_t kNeighbours = 3;

void add_word(const text::Token& t, std::vector<std::string>& out) {
  out.push_back(text::stem(t.norm));
  if (!t.has(text::kHyphenated)) return;
  std::string_view rest = t.norm;
  while (!rest.empty()) {
    const std::size_t dash = rest.find('-');
    const std::string_view part = rest.substr(0, dash);
    if (part.size() >= 2 && !text::is_stopword(part)) out.push_back(text::stem(part));
    if (dash == std::string_view::npos) break;
    rest.remove_prefix(dash + 1);
  }
}

}  // namespace

Counted counted_words(std::span<const text::Token> tokens, std::size_t begin, std::size_t end) {
  Counted out;
  const auto first =
      std::lower_bound(tokens.begin(), tokens.end(), begin,
                       [](const text::Token& t, std::size_t at) { return t.begin < at; });
  // Before: the nearest content word within a short phrase, never past punctuation.
  std::size_t reach = 0;
  for (auto it = first; it != tokens.begin() && reach < kReachBefore; ++reach) {
    --it;
    if (it->kind == text::TokenKind::kPunctuation) break;
    if (it->kind == text::TokenKind::kWord && text::is_content_word(*it)) {
      add_word(*it, out.before);
      break;
    }
  }
  // After: the first content words, up to punctuation.
  std::size_t taken = 0;
  for (auto it = first; it != tokens.end() && taken < kWordsAfter; ++it) {
    if (it->begin < end) continue;  // the count's own tokens
    if (it->kind == text::TokenKind::kPunctuation) break;
    if (it->kind != text::TokenKind::kWord || !text::is_content_word(*it)) continue;
    add_word(*it, out.after);
    ++taken;
  }
  return out;
}

namespace {

bool share(std::span<const std::string> x, std::span<const std::string> y) {
  return std::any_of(x.begin(), x.end(), [&](const std::string& w) {
    return std::find(y.begin(), y.end(), w) != y.end();
  });
}

}  // namespace

bool count_the_same(const Counted& a, const Counted& b) {
  if (!a.after.empty() && !b.after.empty()) return share(a.after, b.after);
  return share(a.before, b.before);
}

bool same_slot(std::span<const text::Token> a, std::size_t a_begin, std::size_t a_end,
               std::span<const text::Token> b, std::size_t b_begin, std::size_t b_end) {
  const Counted ca = counted_words(a, a_begin, a_end);
  const Counted cb = counted_words(b, b_begin, b_end);
  if (share(ca.after, cb.after) || share(ca.before, cb.before)) return true;
  // The tokens next to each value, the same ones on both sides, counted outwards.
  auto first_at = [](std::span<const text::Token> t, std::size_t at) {
    return static_cast<std::size_t>(
        std::lower_bound(t.begin(), t.end(), at,
                         [](const text::Token& x, std::size_t pos) { return x.begin < pos; }) -
        t.begin());
  };
  const std::size_t a_first = first_at(a, a_begin), a_after = first_at(a, a_end);
  const std::size_t b_first = first_at(b, b_begin), b_after = first_at(b, b_end);
  std::size_t same = 0;
  for (std::size_t k = 1; k <= kNeighbours && k <= a_first && k <= b_first; ++k) {
    if (a[a_first - k].norm != b[b_first - k].norm) break;
    ++same;
  }
  for (std::size_t k = 0; k < kNeighbours && a_after + k < a.size() && b_after + k < b.size();
       ++k) {
    if (a[a_after + k].norm != b[b_after + k].norm) break;
    ++same;
  }
  return same >= 2;
}

}  // namespace groundgate::filters::semantic_piece
