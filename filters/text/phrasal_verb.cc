#include "filters/text/phrasal_verb.h"

#include "filters/text/word_table.h"

namespace groundgate::filters::text {

std::string phrasal_form(const Lexicon& lexicon, std::span<const Token> tokens, std::size_t at) {
  static constexpr auto kParticles =
      word_table("up", "down", "out", "off", "away", "back", "apart");
  const Token& word = tokens[at];
  if (at + 1 >= tokens.size() || tokens[at + 1].kind != TokenKind::kWord ||
      !kParticles.contains(tokens[at + 1].norm))
    return word.norm;
  for (std::string_view lemma : lexicon.lemmas(word.norm, Lexicon::Pos::kVerb)) {
    std::string phrase = std::string(lemma) + "_" + tokens[at + 1].norm;
    if (!lexicon.contains(phrase)) continue;
    if (lexicon.share_opposed_sense(lemma, phrase, Lexicon::Pos::kVerb)) return word.norm;
    return phrase;
  }
  return word.norm;
}

}  // namespace groundgate::filters::text
