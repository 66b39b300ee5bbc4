#pragma once
// A statement in the passive voice said in the active: "The treaty was never ratified by the
// Senate, and ..." as "the Senate never ratified The treaty, and ...". Two sentences that say
// the same in the two voices then line up token by token (slot.h). Pure functions over tokens.

#include <optional>
#include <span>
#include <vector>

#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

// The first passive of `statement` ("X was [adverbs] V-ed [up to three words] by Y"), turned
// round: its words before X, then Y, the adverbs (a negation among them), V-ed and the words
// after it, X, and the rest. X is what stands before the form of "be" back to the clause's
// start (the sentence's, or a comma, "that", a joining word); Y, the words after "by" up to
// a preposition, a mark or a joining word. Nullopt where the statement holds no such passive
// (a verb the lexicon does not know is no participle) or either side is empty or long.
std::optional<std::vector<text::Token>> active_form(std::span<const text::Token> statement,
                                                    const text::Lexicon* lexicon);

}  // namespace groundgate::filters::semantic_piece
