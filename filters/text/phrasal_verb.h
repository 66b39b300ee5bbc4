#pragma once
// A verb with the particle after it ("broken down", "made up", "turned off"): a phrasal verb
// means what the phrase means, which may have nothing to do with what the verb alone does.

#include <cstddef>
#include <span>
#include <string>

#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// The form the word at `at` is looked up under for its opposites: the phrasal verb it heads
// with the adverb particle right after it, as WordNet writes it ("broken down" ->
// "break_down"), where WordNet has that phrase and the phrase is not the verb itself in a
// sense with opposites ("closed down" stays "closed": the "close" that "open" opposes); else
// the word's own normal form. Prepositions ("in", "on", "over", "through") are not taken as
// particles: "closed in 2010" is "closed".
std::string phrasal_form(const Lexicon& lexicon, std::span<const Token> tokens, std::size_t at);

}  // namespace groundgate::filters::text
