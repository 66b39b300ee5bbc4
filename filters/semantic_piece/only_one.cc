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

bool punctuation(const Token& t) { return t.kind == text::TokenKind::kPunctuation; }

// `tokens` from `from`, past a determiner, up to the next mark.
std::span<const Token> phrase_from(std::span<const Token> tokens, std::size_t from) {
  while (from < tokens.size() && kDeterminers.contains(tokens[from].norm))
    ++from;
  std::size_t end = from;
  while (end < tokens.size() && !punctuation(tokens[end]))
    ++end;
  return tokens.subspan(from, end - from);
}

bool naming(std::string_view text, std::span<const Token> words, const text::Lexicon* lexicon) {
  return std::all_of(words.begin(), words.end(), [&](const Token& t) {
    return names_a_thing(text, t) && !text::inflected_verb(t, lexicon);
  });
}

bool share_a_word(std::span<const Token> a, std::span<const Token> b) {
  return std::any_of(a.begin(), a.end(), [&](const Token& x) {
    return std::any_of(b.begin(), b.end(), [&](const Token& y) { return x.norm == y.norm; });
  });
}

std::optional<OnlyOneConflict> only_another(std::span<const Token> clause,
                                            std::span<const Token> piece,
                                            std::string_view clause_text,
                                            std::string_view piece_text,
                                            const text::Lexicon* lexicon) {
  const std::span<const Token> ours = phrase_from(clause, 0);
  if (ours.size() < 3) return std::nullopt;
  auto never = [](const Token&) { return false; };
  for (std::size_t k = 0; k + 1 < piece.size(); ++k) {
    if (piece[k].norm != "only") continue;
    const std::span<const Token> theirs = phrase_from(piece, k + 1);
    for (std::size_t n = 1; n <= kMaxNaming && n + 1 < theirs.size(); ++n) {
      const std::span<const Token> their_name = theirs.first(n), their_rest = theirs.subspan(n);
      for (std::size_t m = 1; m <= kMaxNaming && m + 1 < ours.size(); ++m) {
        const std::span<const Token> our_name = ours.first(m), our_rest = ours.subspan(m);
        // The head noun is the same, and the rest lines up word for word.
        if (text::stem(our_rest.front().norm) != text::stem(their_rest.front().norm) ||
            !naming(clause_text, our_name, lexicon) || !naming(piece_text, their_name, lexicon) ||
            share_a_word(our_name, their_name) ||
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
                                                             std::string_view clause_text,
                                                             std::string_view piece_text,
                                                             const text::Lexicon* lexicon) {
  if (text::has_negation_cue(clause)) return std::nullopt;
  return only_another(clause, piece, clause_text, piece_text, lexicon);
}

bool denies_what_only_another_does(std::span<const Token> clause, std::span<const Token> piece,
                                   std::string_view clause_text, std::string_view piece_text,
                                   const text::Lexicon* lexicon) {
  static constexpr auto kDo = text::word_table("do", "does", "did");
  std::vector<Token> stated;
  for (const Token& t : clause)
    if (!text::is_negation(t.norm) && !kDo.contains(t.norm)) stated.push_back(t);
  return stated.size() < clause.size() &&
         only_another(stated, piece, clause_text, piece_text, lexicon).has_value();
}

}  // namespace groundgate::filters::semantic_piece
