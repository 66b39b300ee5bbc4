#pragma once
// A state the answer says goes on that the context says has ended: "The bakery on Mill Lane is
// still open" against "The bakery on Mill Lane closed in 2018", "The airline continues to
// operate flights" against "The airline ceased operations in 2019", "Pellman is still the
// manager" against "Pellman was dismissed as manager in November". No word of the answer is
// missing or negated, yet the context says otherwise. Pure functions over tokens.

#include <cstddef>
#include <optional>
#include <span>

#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

// The clause says its subject's state goes on now: "still" or "currently", or a present form
// of "continue" or "remain", no negation, no past tense. `piece` says that subject's state
// ended: after every content word of the clause's subject comes a verb of ending in the past
// ("closed", "ceased", "was repealed", "was dismissed", "has been closed"), not negated,
// modal or planned, and no word of a restart follows it ("reopened", "resumed"). The clause
// must speak of what ended: a word opposite to the ending verb ("open" for "closed"), a word
// that shares its root with a word of the ending's phrase ("operate" for "ceased operations",
// "manager" for "dismissed as manager"), or a word of being in operation ("in force",
// "active"). Gives the ending verb's byte span in the piece.
struct EndedState {
  std::size_t piece_begin = 0;
  std::size_t piece_end = 0;
};
std::optional<EndedState> ended_state(std::span<const text::Token> clause,
                                      std::span<const text::Token> piece,
                                      const text::Lexicon* lexicon);

// `tokens` tell of a restart ("reopened", "resumed", "was reinstated", "again"): what ended
// may go on after all.
bool tells_a_restart(std::span<const text::Token> tokens);

}  // namespace groundgate::filters::semantic_piece
