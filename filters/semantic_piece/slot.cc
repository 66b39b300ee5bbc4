#include "filters/semantic_piece/slot.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "filters/text/stemmer.h"
#include "filters/text/verb_form.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

// Tokens a slot of the other sentence may fill ("14 days", "US$ 1.2 million").
constexpr std::size_t kMaxSlotTokens = 4;

// Suffix lengths of the longest common subsequence of `a` and `b` under `same`:
// at(i, j) for a[i..] and b[j..].
class Lcs {
 public:
  template <typename Same>
  Lcs(std::size_t n, std::size_t m, Same same) : n_(n), m_(m), cells_((n + 1) * (m + 1), 0) {
    for (std::size_t i = n; i-- > 0;) {
      for (std::size_t j = m; j-- > 0;) {
        cell(i, j) = same(i, j) ? static_cast<std::uint16_t>(cell(i + 1, j + 1) + 1)
                                : std::max(cell(i + 1, j), cell(i, j + 1));
      }
    }
  }
  // The common pairs (i, j), in order, under the same `same`.
  template <typename Same>
  std::vector<std::pair<std::size_t, std::size_t>> pairs(Same same) const {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    for (std::size_t i = 0, j = 0; i < n_ && j < m_;) {
      if (same(i, j) && at(i, j) == at(i + 1, j + 1) + 1) {
        out.emplace_back(i++, j++);
      } else if (at(i + 1, j) >= at(i, j + 1)) {
        ++i;
      } else {
        ++j;
      }
    }
    return out;
  }

 private:
  std::uint16_t at(std::size_t i, std::size_t j) const { return cells_[i * (m_ + 1) + j]; }
  std::uint16_t& cell(std::size_t i, std::size_t j) { return cells_[i * (m_ + 1) + j]; }
  std::size_t n_, m_;
  std::vector<std::uint16_t> cells_;
};

}  // namespace

std::optional<std::size_t> index_of(std::span<const text::Token> tokens, const text::Token& t) {
  const std::less<const text::Token*> before;
  if (tokens.empty() || before(&t, tokens.data()) || !before(&t, tokens.data() + tokens.size()))
    return std::nullopt;
  return static_cast<std::size_t>(&t - tokens.data());
}

std::size_t token_at(std::span<const text::Token> tokens, std::size_t at) {
  return static_cast<std::size_t>(
      std::lower_bound(tokens.begin(), tokens.end(), at,
                       [](const text::Token& x, std::size_t pos) { return x.begin < pos; }) -
      tokens.begin());
}

namespace {

// slot_in() with the tokens of `a` from `words_end` on (its closing punctuation) lined up with
// nothing.
std::optional<std::pair<std::size_t, std::size_t>> slot_before(std::span<const text::Token> a,
                                                               std::size_t first, std::size_t after,
                                                               std::span<const text::Token> b,
                                                               std::size_t words_end) {
  const std::size_t n = a.size(), m = b.size();
  auto same = [&](std::size_t i, std::size_t j) { return i < words_end && a[i].norm == b[j].norm; };
  // The last common pair before the span and the first after it.
  std::optional<std::size_t> before_b, after_b;
  for (const auto& [i, j] : Lcs(n, m, same).pairs(same)) {
    if (i < first) before_b = j;
    if (i >= after) {
      after_b = j;
      break;
    }
  }
  if ((!before_b && first > 0) || (!after_b && after < words_end) || (!before_b && !after_b))
    return std::nullopt;
  // A span that opens or ends `a` takes as many tokens of `b` next to the one common token
  // as it has itself ("4 teaspoons" against "1  4 teaspoons": the "4").
  const std::size_t length = after - first;
  std::size_t to = after_b ? *after_b : m;
  std::size_t from = before_b ? *before_b + 1 : (to > length ? to - length : 0);
  if (!after_b) to = std::min(m, from + length);
  if (from >= to || to - from > kMaxSlotTokens) return std::nullopt;
  return std::pair{b[from].begin, b[to - 1].end};
}

}  // namespace

std::optional<std::pair<std::size_t, std::size_t>> slot_in(std::span<const text::Token> a,
                                                           std::size_t a_begin, std::size_t a_end,
                                                           std::span<const text::Token> b) {
  const std::size_t first = token_at(a, a_begin), after = token_at(a, a_end);
  if (first >= after || a.size() > kMaxAlignedTokens || b.size() > kMaxAlignedTokens || b.empty())
    return std::nullopt;
  if (auto slot = slot_before(a, first, after, b, a.size())) return slot;
  // A span that ends the words of sentence `a` may find no slot where `a`'s full stop lines up
  // with `b`'s and `b` goes on between ("... of $250." against "... of $500 and covers 70% ..."):
  // then the span ends `a`.
  static constexpr auto kSentenceEnds = text::word_table(".", "!", "?");
  std::size_t words_end = a.size();
  while (words_end > 0 && a[words_end - 1].kind == text::TokenKind::kPunctuation)
    --words_end;
  if (words_end == a.size() || after < words_end || !kSentenceEnds.contains(a.back().norm))
    return std::nullopt;
  return slot_before(a, first, after, b, words_end);
}

bool same_but(std::span<const text::Token> a, std::span<const text::Token> b,
              const std::function<bool(const text::Token&)>& differ,
              const std::function<bool(const text::Token&)>& ends, const text::Lexicon* lexicon,
              std::pair<std::size_t, std::size_t>* common_in_b) {
  if (a.empty() || b.empty() || a.size() > kMaxAlignedTokens || b.size() > kMaxAlignedTokens)
    return false;
  auto key = [](const text::Token& t) {
    return t.kind == text::TokenKind::kWord ? text::stem(t.norm) : t.norm;
  };
  // An inflected verb's base form, by its key ("made" → "make"); empty for other tokens.
  auto base = [&](const text::Token& t) -> std::string {
    const std::string b = text::verb_base(t, lexicon);
    return b.empty() ? b : text::stem(b);
  };
  std::vector<std::string> ka, kb, ba, bb;
  for (const text::Token& t : a) {
    ka.push_back(key(t));
    ba.push_back(base(t));
  }
  for (const text::Token& t : b) {
    kb.push_back(key(t));
    bb.push_back(base(t));
  }
  auto same = [&](std::size_t i, std::size_t j) {
    if (a[i].kind == text::TokenKind::kPunctuation) return false;
    return ka[i] == kb[j] || (!ba[i].empty() && (ba[i] == kb[j] || ba[i] == bb[j])) ||
           (!bb[j].empty() && ka[i] == bb[j]);
  };
  const auto pairs = Lcs(a.size(), b.size(), same).pairs(same);
  if (pairs.empty()) return false;
  std::vector<char> common_a(a.size(), 0), common_b(b.size(), 0);
  for (const auto& [i, j] : pairs) {
    common_a[i] = 1;
    common_b[j] = 1;
  }
  auto punctuation = [](const text::Token& t) { return t.kind == text::TokenKind::kPunctuation; };
  // Past the last common token `b` may run on only into another clause: what follows a
  // qualifier ("paid dividends until 2008") is part of what it states.
  static constexpr auto kNextClause = text::word_table("and", "but", "while", "whereas", "which");
  std::size_t next = pairs.back().second + 1;
  while (next < b.size() && ends && ends(b[next]))
    ++next;
  if (next < b.size() && !punctuation(b[next]) && !kNextClause.contains(b[next].norm)) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!common_a[i] && !punctuation(a[i]) && !differ(a[i])) return false;
  }
  for (std::size_t j = pairs.front().second; j <= pairs.back().second; ++j) {
    if (!common_b[j] && !punctuation(b[j]) && !differ(b[j])) return false;
  }
  if (common_in_b != nullptr) *common_in_b = {pairs.front().second, pairs.back().second};
  return true;
}

}  // namespace groundgate::filters::semantic_piece
