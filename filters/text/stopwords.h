#pragma once

#include <string_view>

#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// English function words (articles, pronouns, auxiliaries, prepositions, conjunctions,
// common adverbs), matched on the lowercase `norm` form.
bool is_stopword(std::string_view lower_word);

// A word or number that carries meaning for matching: not a stopword, not punctuation or
// a symbol, not a clitic. Numbers are content.
bool is_content_word(const Token& token);

// Negation cues ("not", "no", "never", "n't", "don't", "without", ...).
bool is_negation(std::string_view lower_word);

}  // namespace groundgate::filters::text
