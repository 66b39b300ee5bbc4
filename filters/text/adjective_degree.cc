#include "filters/text/adjective_degree.h"

#include <algorithm>

#include "filters/text/function_words.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::text {
namespace {

// A word before a predicate comparative: "X is closer", "much longer", "no better".
bool introduces_predicate(std::string_view w) {
  static constexpr auto kIntensifiers = word_table("much", "far", "even", "no", "any", "still",
                                                   "slightly", "somewhat", "considerably");
  return kBeForms.contains(w) || kIntensifiers.contains(w);
}

// Function words ending in -er that compare nothing: WordNet's morphology reads "after" as
// "aft" + -er ("two months after the merger"). "further" is a comparative ("further west").
constexpr auto kNotComparatives = word_table("after", "under", "other", "either", "neither",
                                             "whether", "rather", "never", "together", "however");

}  // namespace

Degree inflected_degree(const Lexicon& lexicon, std::span<const Token> tokens, std::size_t at) {
  if (at >= tokens.size()) return Degree::kPositive;
  const Token& t = tokens[at];
  if (t.norm.size() < 5) return Degree::kPositive;
  const bool er = t.norm.ends_with("er");
  const bool est = t.norm.ends_with("est");
  if (!er && !est) return Degree::kPositive;
  if (at > 0 && t.has(kCapitalized)) return Degree::kPositive;
  if (kNotComparatives.contains(t.norm)) return Degree::kPositive;
  auto inflected = [&](Lexicon::Pos pos) {
    for (std::string_view lemma : lexicon.lemmas(t.norm, pos)) {
      if (lemma != t.norm) return true;
    }
    return false;
  };
  if (!inflected(Lexicon::Pos::kAdjective) && !inflected(Lexicon::Pos::kAdverb)) {
    return Degree::kPositive;
  }
  const Degree degree = est ? Degree::kSuperlative : Degree::kComparative;
  const std::vector<std::string_view> nouns = lexicon.lemmas(t.norm, Lexicon::Pos::kNoun);
  if (std::find(nouns.begin(), nouns.end(), t.norm) == nouns.end()) return degree;
  const bool before_than = at + 1 < tokens.size() && tokens[at + 1].norm == "than";
  const bool after_copula = at > 0 && introduces_predicate(tokens[at - 1].norm);
  return before_than || after_copula ? degree : Degree::kPositive;
}

Degree adjective_degree(const Lexicon& lexicon, std::span<const Token> tokens, std::size_t at) {
  if (at >= tokens.size()) return Degree::kPositive;
  const std::string_view before = at > 0 ? std::string_view(tokens[at - 1].norm) : "";
  if (before == "more") return Degree::kComparative;
  if (before == "most") return Degree::kSuperlative;
  if (before == "less") return Degree::kComparative;
  if (before == "least") return Degree::kSuperlative;
  if ((at > 0 && (tokens[at - 1].norm == "too" || tokens[at - 1].norm == "sufficiently")) ||
      (at + 1 < tokens.size() && tokens[at + 1].norm == "enough")) {
    return Degree::kSufficiency;
  }
  return inflected_degree(lexicon, tokens, at);
}

}  // namespace groundgate::filters::text
