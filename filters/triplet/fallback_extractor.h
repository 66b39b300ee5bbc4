#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"
#include "filters/triplet/triplet.h"

namespace groundgate::filters::triplet {

// Rule-based extraction for clauses the parser cannot take (too long, no complete linkage):
// subject = the words before the first verb group, relation = the verb group (auxiliaries,
// negation, adverbs, main verb), object = the words up to the first preposition, then one
// qualifier per prepositional phrase. A verb is an auxiliary or an inflected form WordNet
// knows ("founded", "wrote"); base forms count only after an auxiliary. `lexicon` may be null
// (suffix rules only). Every triplet has `fallback` set; spans are bytes of `clause`.
std::vector<Triplet> extract_by_rules(std::string_view clause, std::span<const text::Token> tokens,
                                      const text::Lexicon* lexicon);

// Whether the rules' reading of a clause can stand without a parse (the parse costs
// milliseconds, the rules microseconds): one triplet from a plain clause, that is a subject
// that opens the clause (no fronted phrase, comma or parenthesis), one contiguous verb group
// and no relative or subordinate clause that the rules would fold into an argument.
bool rules_suffice(std::span<const text::Token> tokens, std::span<const Triplet> triplets,
                   const text::Lexicon* lexicon);

}  // namespace groundgate::filters::triplet
