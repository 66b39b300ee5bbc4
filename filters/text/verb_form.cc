#include "filters/text/verb_form.h"

#include <string_view>

namespace groundgate::filters::text {

bool inflected_verb(const Token& t, const Lexicon* lexicon) {
  if (t.kind != TokenKind::kWord || t.has(kCapitalized) || t.norm.size() < 3) return false;
  if (lexicon == nullptr) return t.norm.ends_with("ed");
  for (const std::string_view lemma : lexicon->lemmas(t.norm, Lexicon::Pos::kVerb)) {
    if (lemma == t.norm) continue;
    // "-s" forms are plural nouns as often as verbs: only without a noun reading.
    return t.norm.ends_with("ed") || !t.norm.ends_with("s") ||
           lexicon->lemmas(t.norm, Lexicon::Pos::kNoun).empty();
  }
  return false;
}

std::string verb_base(const Token& t, const Lexicon* lexicon) {
  if (lexicon == nullptr || !inflected_verb(t, lexicon)) return {};
  for (const std::string_view lemma : lexicon->lemmas(t.norm, Lexicon::Pos::kVerb)) {
    if (lemma != t.norm) return std::string(lemma);
  }
  return {};
}

}  // namespace groundgate::filters::text
