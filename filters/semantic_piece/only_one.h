#pragma once
// A statement the context makes of one thing alone, said of another of its kind: "Both plans
// include email support, but only the Gold plan includes phone support." against "The Silver
// plan includes phone support." Without "only" the context would leave the Silver plan open
// ("The Gold plan includes phone support" says nothing of it); with it, it says otherwise.
// Pure functions over tokens.

#include <cstddef>
#include <optional>
#include <span>

#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

// The names of the two things, as byte ranges of each side's text.
struct OnlyOneConflict {
  std::size_t clause_begin = 0, clause_end = 0;  // "Silver"
  std::size_t piece_begin = 0, piece_end = 0;    // "Gold"
};

// Where `piece` holds "only" before a noun phrase (a determiner, one to three names, the head:
// "only the Gold plan") and what follows to its next mark, and `clause` is that phrase with
// other names (none the same) and the same rest, word for word by stem ("The Silver plan
// includes phone support"). Names are capitalised words: common words may name the same thing
// or a part of it ("only full-time employees" / "permanent employees"). The "only" states a
// fact: it opens its clause, and no word of time bounds it to a past ("Until 2023, only ...").
// A clause with a negation agrees with "only" (the Silver plan does not): nullopt, as where
// nothing lines up.
std::optional<OnlyOneConflict> said_of_another_than_the_only(std::span<const text::Token> clause,
                                                             std::span<const text::Token> piece,
                                                             const text::Lexicon* lexicon);

// The clause denies of its thing what `piece` says of another alone ("The Silver plan does not
// include phone support" against "only the Gold plan includes phone support"): the two agree.
// The clause is read without its negation words and the auxiliaries "do", "does", "did".
bool denies_what_only_another_does(std::span<const text::Token> clause,
                                   std::span<const text::Token> piece,
                                   const text::Lexicon* lexicon);

}  // namespace groundgate::filters::semantic_piece
