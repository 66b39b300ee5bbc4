#include "filters/semantic_piece/denied.h"

#include <algorithm>
#include <vector>

#include "filters/semantic_piece/slot.h"
#include "filters/text/negation.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {

using text::Token;

bool denied_value(std::span<const Token> tokens, const text::Entity& e,
                  const text::Lexicon* lexicon) {
  if (e.subtype != text::EntitySubtype::kDate || !text::has_negation_cue(tokens)) return false;
  const std::size_t at = token_at(tokens, e.begin);
  for (const text::NegationScope& scope : text::negation_scopes(tokens, lexicon)) {
    if (scope.cue >= at) continue;
    static constexpr auto kClauseBreaks = text::word_table(",", ";", ":", "but", "and", "while",
                                                           "although", "though", "whereas", "yet");
    const bool same_clause =
        std::none_of(tokens.begin() + static_cast<std::ptrdiff_t>(scope.cue),
                     tokens.begin() + static_cast<std::ptrdiff_t>(at),
                     [](const Token& t) { return kClauseBreaks.contains(t.norm); });
    if (same_clause) return true;
  }
  return false;
}

std::vector<std::size_t> denied_by(std::span<const Token> tokens, std::size_t at,
                                   const text::Lexicon* lexicon) {
  static constexpr auto kBounds = text::word_table(
      "than", "until", "till", "before", "after", "since", "exceed", "exceeds", "exceeded",
      "exceeding", "beyond", "over", "under", "above", "below", "only", "just", "merely", "all",
      "every", "always", "least", "most", "any", "anywhere", "ever", "whatsoever",
      // a clause of its own between them: "It is no secret that the bridge was built by ..."
      "that", "which", "who", "whom", "whose", "whether", "as");
  const std::size_t i = token_at(tokens, at);
  if (i >= tokens.size() || !text::has_negation_cue(tokens)) return {};
  auto from = [&](std::size_t k) { return tokens.begin() + static_cast<std::ptrdiff_t>(k); };
  for (const text::NegationScope& scope : text::negation_scopes(tokens, lexicon)) {
    if (scope.cue >= i || std::find(scope.words.begin(), scope.words.end(), i) == scope.words.end())
      continue;
    if (std::any_of(from(scope.cue), from(i),
                    [](const Token& t) { return kBounds.contains(t.norm); }))
      continue;
    std::vector<std::size_t> before;
    for (std::size_t w : scope.words)
      if (w < i) before.push_back(w);
    return before;
  }
  return {};
}

}  // namespace groundgate::filters::semantic_piece
