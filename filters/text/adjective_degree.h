#pragma once
// The degree a word is used in: as itself ("expensive"), in a comparison ("cheaper", "more
// expensive") or as the extreme of a group ("cheapest", "most expensive").

#include <cstddef>
#include <span>

#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// kSufficiency: measured against a purpose, "too high", "low enough", "sufficiently large".
enum class Degree { kPositive, kComparative, kSuperlative, kSufficiency };

// The degree the word at `at` is inflected for: an -er or -est form of an adjective or adverb
// ("closer", "largest"). WordNet's morphology makes an -er word of many nouns ("founder" from
// "found", "number" from "numb", "owner", "Peter"): a word that is itself a noun compares only
// before "than" or after a copula or an intensifier ("is closer", "much longer"), a
// capitalised word inside the sentence is a name, and a function word ("after", "under") is
// none. Short words ("best", "worse") are left positive.
Degree inflected_degree(const Lexicon& lexicon, std::span<const Token> tokens, std::size_t at);

// The degree of the word at `at` with the words that grade it: "more"/"less" before it make it
// comparative, "most"/"least" superlative, "too"/"sufficiently" before it or "enough" after it
// a sufficiency; else its inflection.
Degree adjective_degree(const Lexicon& lexicon, std::span<const Token> tokens, std::size_t at);

}  // namespace groundgate::filters::text
