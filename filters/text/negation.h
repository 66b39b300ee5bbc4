#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// What one negation cue governs: the content words after it up to the end of its clause
// (, ; : . ! ? or a coordinating "but"), at most a few, as indices into the tokens. "He did not
// win the cup, and retired" → {win, cup}. Cues are the explicit ones ("not", "n't", "never",
// "no", "without") and verbs that negate their complement ("failed to progress", "lacks").
// "not only", "not just", "not the only" negate nothing; neither does an answer particle
// ("No, ...") with nothing after it in its clause.
struct NegationScope {
  std::size_t cue = 0;
  std::vector<std::size_t> words;
};

std::vector<NegationScope> negation_scopes(std::span<const Token> tokens);

}  // namespace groundgate::filters::text
