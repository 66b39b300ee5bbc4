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

}  // namespace groundgate::filters::triplet
