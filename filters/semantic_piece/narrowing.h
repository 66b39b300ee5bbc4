#pragma once
// What a statement adds that only narrows what it states. "The board approved a share buyback of
// $500 million." states that the board approved a share buyback; "Hale was sent off in the
// second half after arguing with the referee." that Hale was sent off. A negation of the wider
// statement ("The board did not approve a share buyback.") is denied by the narrower one, so
// the two line up once the narrowing words are set aside. Pure functions over tokens.

#include <span>
#include <vector>

#include "filters/text/entities.h"
#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

struct Narrowed {
  std::vector<text::Token> tokens;  // the statement without the words that only narrow it
  // A time phrase or a clause after the last shared word was set aside: the statement then
  // speaks of one time, and denies a negation only of that time (see past_event()).
  bool dropped_time = false;
};

// `statement` without what only narrows it, none of it a word `other` (the other side's tokens)
// holds too:
// - counts and amounts (`entities` of type number: "$500 million", "twice") of which the
//   other side holds no part;
// - adjectives that only restrict their noun ("free Wi-Fi", "special dividend"; not those that
//   make it something else or not yet one: "former", "proposed", "alleged", "only");
// - after the last shared word, a phrase of time, place or value ("in the second half", "late
//   on Tuesday night", "in 1965", "at Elm Park", "of $500 million") and a clause that opens
//   with a word of time or cause after it ("after arguing with the referee"). A place is a name
//   after "at" ("at Elm Park"; not "in Europe", where the statement may hold only there). A date
//   elsewhere stays, and so does a phrase of duration or of a bound ("until 2008", "since 2019",
//   "from 10 to 4"): it states that the thing held then, not now.
// `entities` are in `statement`'s coordinates.
Narrowed without_narrowing(std::span<const text::Token> statement,
                           std::span<const text::Entity> entities,
                           std::span<const text::Token> other, const text::Lexicon* lexicon);

// The clause speaks of a past event: a past auxiliary ("did", "was", "were", "had") or a verb
// in the "-ed" form ("refused", "married"). Only such a clause is denied by a statement of
// when it happened.
bool past_event(std::span<const text::Token> clause, const text::Lexicon* lexicon);

}  // namespace groundgate::filters::semantic_piece
