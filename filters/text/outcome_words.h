#pragma once
// Who won, by the verb that tells it: a verb of winning over someone ("beat", "defeated",
// "edged") against "lose" ("lost to"). With the same two parties in the same places, one says
// the first won and the other that it lost. WordNet relates neither "beat" nor "defeat" to
// "lose" (only "win" is its antonym).

#include <optional>
#include <span>
#include <string_view>

#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// `word` is a form of a verb whose subject won over its object ("beat", "defeated", "edged",
// "overcame"; "edge", "rout", "crush" only inflected: their base form is as often a noun).
// Without a lexicon, by stem. `word`: lowercase.
bool wins_over(std::string_view word, const Lexicon* lexicon);

// One of the two words is a form of "lose" and the other a verb of winning over someone, in
// the active voice (the caller rules out "was beaten by"). `a`, `b`: lowercase words.
bool opposed_outcomes(std::string_view a, std::string_view b, const Lexicon* lexicon);

// Who won, where the words between two parties tell a result: true where the first party
// won ("beat", "edged past" (the verb inflected), "lost to" is false), false where the second
// did ("were beaten by", "lost to"), nullopt where they tell no result. `relation`: the tokens
// between the parties, a trailing "by" marking the passive.
std::optional<bool> first_party_won(std::span<const Token> relation, const Lexicon* lexicon);

}  // namespace groundgate::filters::text
