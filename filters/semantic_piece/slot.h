#pragma once
// Lining up one slot of two sentences: an answer clause and a context sentence that say the
// same but for one value or identifier ("The refund window is 30 days." / "The refund window is
// 14 days."). The two token sequences are aligned by their longest common subsequence; a span
// of the first stands where the tokens of the second between the same common tokens stand.
// So a copied sentence maps each value onto itself, however many values of a kind it holds
// ("$228 million in Q4 2019, up from $216 million in Q4 2018"), and a changed one onto the
// value it replaced.

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <utility>

#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

// Longer token sequences are not aligned (bounded work: a clause against a context sentence).
inline constexpr std::size_t kMaxAlignedTokens = 160;

// The index of `t` in `tokens` when it is one of them (by address).
std::optional<std::size_t> index_of(std::span<const text::Token> tokens, const text::Token& t);

// The index of the first token that starts at or after byte `at` (tokens.size() if none).
std::size_t token_at(std::span<const text::Token> tokens, std::size_t at);

// The bytes of `b`'s text that stand where bytes [a_begin, a_end) of `a`'s text stand: the
// tokens of `b` after the common token right before the span and before the common token right
// after it, at most four. A span that opens or ends `a` needs no common token on that side and
// takes as many tokens of `b` as it has; one that ends `a`'s words but for its closing
// punctuation is taken to end `a` where the punctuation finds no slot. Nullopt where the span has a
// common token on neither side, or its place in `b` is empty or longer.
std::optional<std::pair<std::size_t, std::size_t>> slot_in(std::span<const text::Token> a,
                                                           std::size_t a_begin, std::size_t a_end,
                                                           std::span<const text::Token> b);

// Whether `a` and `b` say the same but for tokens `differ` allows: aligned by their longest
// common subsequence (words by stem, other tokens as written), every token of `a` outside it is
// one `differ` allows, and so is every token of `b` outside it between its first and last
// common token. Punctuation neither lines up nor differs: a clause that ends where the piece
// runs on into another clause ("Mule deer do not have a black tip." against "Mule deer have a
// black tip and it is noticeable.") lines up with the piece's words up to there; one that ends
// before the piece's qualifier ("The company did not pay dividends." against "The company paid
// dividends until 2008.") does not. "Polaris is not based in Roseau"
// and "Polaris is based in Roseau" are the same but for a negation; "there is no continuity"
// and "so too the continuity" are not. Past its last common token `b` may first hold tokens
// `ends` allows, the slot of a clause's last word ("were bad." against "were good.").
// With `lexicon`, a verb form lines up with its base form's ("did not make" against "made").
// With `common_in_b`, where they line up it gets the indices of `b`'s first and last common
// token.
bool same_but(std::span<const text::Token> a, std::span<const text::Token> b,
              const std::function<bool(const text::Token&)>& differ,
              const std::function<bool(const text::Token&)>& ends = nullptr,
              const text::Lexicon* lexicon = nullptr,
              std::pair<std::size_t, std::size_t>* common_in_b = nullptr);

}  // namespace groundgate::filters::semantic_piece
