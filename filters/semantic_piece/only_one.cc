#include "filters/semantic_piece/only_one.h"

#include <algorithm>
#include <vector>

#include "filters/semantic_piece/respective_list.h"
#include "filters/semantic_piece/slot.h"
#include "filters/text/negation.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/verb_form.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Token;

constexpr auto kDeterminers = text::word_table("the", "a", "an", "our", "your", "its", "their");
// The naming words before a head noun: at most this many.
constexpr std::size_t kMaxNaming = 3;

bool punctuation(const Token& t) {
  return t.kind == text::TokenKind::kPunctuation;
}

// `tokens` from `from`, past a determiner, up to the next mark.
std::span<const Token> phrase_from(std::span<const Token> tokens, std::size_t from) {
  while (from < tokens.size() && kDeterminers.contains(tokens[from].norm))
    ++from;
  std::size_t end = from;
  while (end < tokens.size() && !punctuation(tokens[end]))
    ++end;
  return tokens.subspan(from, end - from);
}

// Names written as names: capitalised words ("Gold", "Silver"), not common words, which may
// be a synonym, a broader word or a part of the other ("largest" / "biggest", "full-time" /
// "permanent"). A capital that opens the sentence counts where `also_in` writes the word
// capitalised inside it. (Two capitalised names of a group and its member, "European" /
// "German" customers, still count as two things: a limit of the rule.)
bool proper_name(std::span<const Token> words, std::span<const Token> sentence,
                 std::span<const Token> also_in, const text::Lexicon* lexicon) {
  return std::all_of(words.begin(), words.end(), [&](const Token& t) {
    if (!t.has(text::kCapitalized) || text::inflected_verb(t, lexicon)) return false;
    if (&t != sentence.data()) return true;
    return std::any_of(also_in.begin() + 1, also_in.end(), [&](const Token& u) {
      return u.norm == t.norm && u.has(text::kCapitalized);
    });
  });
}

// "only" states a fact of the piece: it opens its clause (after a mark or a joining word), and
// no word of time before it bounds it to a past ("Until 2023, only ...", "In 2023 only ...")
// nor anything else turns it ("Not only ...", "It is a myth that only ...").
bool states_only(std::span<const Token> piece, std::size_t k) {
  static constexpr auto kJoints = text::word_table("but", "and", "while", "whereas", "yet");
  static constexpr auto kTimes = text::word_table("until", "till", "before", "previously",
                                                  "formerly", "initially", "originally", "once");
  if (k > 0 && !punctuation(piece[k - 1]) && !kJoints.contains(piece[k - 1].norm)) return false;
  for (std::size_t i = 0; i < k; ++i) {
    const Token& t = piece[i];
    const bool year = t.kind == text::TokenKind::kNumber && t.norm.size() == 4;
    if (year || kTimes.contains(t.norm)) return false;
  }
  return true;
}

bool share_a_word(std::span<const Token> a, std::span<const Token> b) {
  return std::any_of(a.begin(), a.end(), [&](const Token& x) {
    return std::any_of(b.begin(), b.end(), [&](const Token& y) { return x.norm == y.norm; });
  });
}

std::optional<OnlyOneConflict> only_another(std::span<const Token> clause,
                                            std::span<const Token> piece,
                                            const text::Lexicon* lexicon) {
  const std::span<const Token> ours = phrase_from(clause, 0);
  if (ours.size() < 3) return std::nullopt;
  auto never = [](const Token&) { return false; };
  for (std::size_t k = 0; k + 1 < piece.size(); ++k) {
    if (piece[k].norm != "only" || !states_only(piece, k)) continue;
    const std::span<const Token> theirs = phrase_from(piece, k + 1);
    for (std::size_t n = 1; n <= kMaxNaming && n + 1 < theirs.size(); ++n) {
      const std::span<const Token> their_name = theirs.first(n), their_rest = theirs.subspan(n);
      for (std::size_t m = 1; m <= kMaxNaming && m + 1 < ours.size(); ++m) {
        const std::span<const Token> our_name = ours.first(m), our_rest = ours.subspan(m);
        // The head noun is the same, and the rest lines up word for word.
        if (text::stem(our_rest.front().norm) != text::stem(their_rest.front().norm) ||
            !proper_name(our_name, clause, piece, lexicon) ||
            !proper_name(their_name, piece, piece, lexicon) || share_a_word(our_name, their_name) ||
            !same_but(our_rest, their_rest, never, nullptr, lexicon))
          continue;
        return OnlyOneConflict{our_name.front().begin, our_name.back().end,
                               their_name.front().begin, their_name.back().end};
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<OnlyOneConflict> said_of_another_than_the_only(std::span<const Token> clause,
                                                             std::span<const Token> piece,
                                                             const text::Lexicon* lexicon) {
  if (std::none_of(piece.begin(), piece.end(), [](const Token& t) { return t.norm == "only"; }) ||
      text::has_negation_cue(clause))
    return std::nullopt;
  return only_another(clause, piece, lexicon);
}

bool denies_what_only_another_does(std::span<const Token> clause, std::span<const Token> piece,
                                   const text::Lexicon* lexicon) {
  static constexpr auto kDo = text::word_table("do", "does", "did");
  std::vector<Token> stated;
  for (const Token& t : clause)
    if (!text::is_negation(t.norm) && !kDo.contains(t.norm)) stated.push_back(t);
  return stated.size() < clause.size() && only_another(stated, piece, lexicon).has_value();
}

}  // namespace groundgate::filters::semantic_piece
