#pragma once
// What a statement adds that only narrows what it states. "The board approved a share buyback of
// $500 million." states that the board approved a share buyback; "Hale was sent off in the
// second half after arguing with the referee." that Hale was sent off. A negation of the wider
// statement ("The board did not approve a share buyback.") is denied by the narrower one, so
// the two line up once the narrowing words are set aside. Pure functions over tokens.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "filters/text/entities.h"
#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

struct Narrowed {
  std::vector<text::Token> tokens;  // the statement without the words that only narrow it
  // A time phrase or a clause after the last shared word was set aside: the statement then
  // speaks of one time, and denies a negation only of that time (other_tense()).
  bool dropped_time = false;
};

// `statement` without what only narrows it, none of it a word `other` (the other side's tokens)
// holds too:
// - counts and amounts (`entities` of type number: "$500 million", "twice") of which the
//   other side holds no part;
// - adjectives that only restrict their noun ("free Wi-Fi", "special dividend"; not those that
//   make it something else or not yet one: "former", "proposed", "alleged", "only"), and a
//   name before a shared word that says which one ("The Harwick town council");
// - a phrase of time or value between shared words ("fell 3 percent on Monday after ...") and,
//   after the last one, a phrase of time, place or value ("in the second half", "late on
//   Tuesday night", "until 2008", "at Elm Park", "of $500 million", "by 62 percent") and a clause
//   that opens with a word of time or cause ("after arguing with the referee"). A date elsewhere
//   stays. A place is a name after "at" ("at Elm Park"; not "in Europe", where the statement may
//   hold only there).
// A time set aside says when the statement held ("was based in Roseau until 2008"): it denies a
// clause in the same tense only (other_tense()).
// `entities` are in `statement`'s coordinates.
Narrowed without_narrowing(std::span<const text::Token> statement,
                           std::span<const text::Entity> entities,
                           std::span<const text::Token> other, const text::Lexicon* lexicon);

// `statement` without what it says besides its claim: a relative clause set off by commas
// ("The law, which took effect in January, does not apply ...") and, with `causes`, a phrase
// or clause of cause ("... did not pay a dividend in 2020 because of the pandemic"; "due to",
// "owing to" after a verb or a comma) to the next mark or joining word. Neither narrows the
// claim: a negation holds without them, and so does a statement. What the claim says stays: a
// relative clause with no comma to close it, and a cause set against another ("not because of
// the fog but because of a strike"): the statement's causes stay where it states two.
// Nullopt where it says nothing besides its claim.
std::optional<std::vector<text::Token>> without_asides(std::span<const text::Token> statement,
                                                       const text::Lexicon* lexicon, bool causes);
// The statement states a cause (without_asides()): two statements that both do may differ in
// it, so neither is set aside.
bool states_a_cause(std::span<const text::Token> statement, const text::Lexicon* lexicon);

// The tense of a clause: its first auxiliary's ("did", "was" / "is", "does"; "The law, which
// took effect in January, does not apply"), or, with none, its inflected verbs' ("refused",
// "won"). Unknown after a perfect's "has" or "have" (which
// speaks of now or of the past), where no word tells it (a verb whose past is its base,
// "beat", "cut"; "plans", as often a noun) or where its verbs disagree.
enum class Tense : std::uint8_t { kUnknown, kPast, kPresent };
Tense tense_of(std::span<const text::Token> clause, const text::Lexicon* lexicon);
// Both tenses known, and different: the two speak of different times.
bool other_tense(std::span<const text::Token> a, std::span<const text::Token> b,
                 const text::Lexicon* lexicon);

}  // namespace groundgate::filters::semantic_piece
