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

bool share_a_word(std::span<const std::string> x, std::span<const std::string> y) {
  return std::any_of(x.begin(), x.end(), [&](const std::string& w) {
    return std::find(y.begin(), y.end(), w) != y.end();
  });
}

bool count_the_same(const Counted& a, const Counted& b) {
  if (!a.after.empty() && !b.after.empty()) return share_a_word(a.after, b.after);
  return share_a_word(a.before, b.before);
}

}  // namespace groundgate::filters::semantic_piece
