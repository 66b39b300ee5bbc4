#pragma once
// A verb with the particle after it ("broken down", "made up", "turned off"): a phrasal verb
// means what the phrase means, which may have nothing to do with what the verb alone does.

#include <cstddef>
#include <span>
#include <string>

#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// The form the word at `at` is looked up under for its meaning: the phrasal verb it heads with
// the particle after it, as WordNet writes it ("broken down" -> "break_down"), where WordNet has
// that phrase; else the word's own normal form.
std::string phrasal_form(const Lexicon& lexicon, std::span<const Token> tokens, std::size_t at);

}  // namespace groundgate::filters::text
