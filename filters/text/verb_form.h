#pragma once
// Whether a word is a verb in an inflected form: what says a clause has a verb of its own.

#include <string>

#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// An inflected verb form: WordNet lemmatises it to some other verb ("wrote" → "write", "got" →
// "get"). A noun that is also a verb only in its base form ("company", "end") is not one, nor
// an "-s" form with a noun reading ("pools", "reviews": plural nouns as often as verbs), nor a
// capitalized word or one under three letters. Without a lexicon, the "-ed" forms.
bool inflected_verb(const Token& t, const Lexicon* lexicon);

// The base form of an inflected verb ("made" → "make", "won" → "win"); empty for any other
// word and without a lexicon.
std::string verb_base(const Token& t, const Lexicon* lexicon);

}  // namespace groundgate::filters::text
