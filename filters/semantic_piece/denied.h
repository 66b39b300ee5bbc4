#pragma once
// What a negation denies a value: the time of what a clause denies ("did not visit ... in
// 2010"), or the value a sentence says a slot does not hold ("was not built by the Romans").
// A value denied is no value stated: it conflicts with no other value in its slot. Pure
// functions over tokens.

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "filters/text/entities.h"
#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

// Date `e` stands in the clause of a negation, after its cue ("did not visit ... in 2010",
// "has not erupted since 2000"): the time of what the clause denies. (A count or an amount
// there may be what the clause holds true: "did not exceed eleven years", "no grants over the
// next eight years".)
bool denied_value(std::span<const text::Token> tokens, const text::Entity& e,
                  const text::Lexicon* lexicon);

// The token that starts at byte `at` of `tokens`' text stands in the scope of a negation with
// no bound between the cue and it: the sentence says the slot does not hold it ("was not
// built by the Romans", "did not open in 2019"). Gives the scope's words before it, the
// predicate denied ("built"): a value denied of another predicate ("should not be confused
// with the barn in Cataloochee") is no denial of the slot of a clause that does not state
// that predicate. Empty where nothing denies it, or a bound makes the value a limit the
// sentence holds true ("no later than 5 April", "not until 2010", "no more than 5 guests",
// "not only the Romans", "not anywhere in Europe"), or a clause of its own stands between
// the cue and the value ("It is no secret that the bridge was built by the Romans"). A value the
// sentence gives after all ("not in 1990 but in 1992") is another word: the denied one still stands
// in no slot.
std::vector<std::size_t> denied_by(std::span<const text::Token> tokens, std::size_t at,
                                   const text::Lexicon* lexicon);

}  // namespace groundgate::filters::semantic_piece
