#include "filters/text/outcome_words.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "filters/text/stemmer.h"

namespace groundgate::filters::text {
namespace {

// Verbs whose subject won over their object, by base form.
constexpr auto kWinsOver =
    std::to_array<std::string_view>({"beat", "defeat", "overcome", "thrash", "trounce", "outscore",
                                     "outplay", "overpower", "vanquish"});
// Verbs of winning whose base form is as often a noun ("the edge of", "a rout"): only
// inflected ("edged", "routed", "crushed").
constexpr auto kWinsOverInflected = std::to_array<std::string_view>({"edge", "rout", "crush"});

bool listed(std::string_view base, std::string_view word) {
  auto is = [&](std::string_view b) { return b == base; };
  return std::any_of(kWinsOver.begin(), kWinsOver.end(), is) ||
         (base != word && std::any_of(kWinsOverInflected.begin(), kWinsOverInflected.end(), is));
}

// `word` is a form of verb `base`.
bool form_of(std::string_view word, std::string_view base, const Lexicon* lexicon) {
  if (word == base) return true;
  if (lexicon == nullptr) return stem(word) == stem(base);
  const std::vector<std::string_view> bases = lexicon->lemmas(word, Lexicon::Pos::kVerb);
  return std::find(bases.begin(), bases.end(), base) != bases.end();
}

bool loses(std::string_view word, const Lexicon* lexicon) {
  return form_of(word, "lose", lexicon);
}

}  // namespace

bool wins_over(std::string_view word, const Lexicon* lexicon) {
  if (lexicon == nullptr) {
    // Without WordNet, by stem: "defeated", "beats"; irregular forms ("overcame") are missed.
    const std::string s = stem(word);
    auto same_stem = [&](std::string_view b) { return stem(b) == s; };
    return std::any_of(kWinsOver.begin(), kWinsOver.end(), same_stem) ||
           (std::none_of(kWinsOverInflected.begin(), kWinsOverInflected.end(),
                         [&](std::string_view b) { return b == word; }) &&
            std::any_of(kWinsOverInflected.begin(), kWinsOverInflected.end(), same_stem));
  }
  if (listed(word, word)) return true;
  const std::vector<std::string_view> bases = lexicon->lemmas(word, Lexicon::Pos::kVerb);
  return std::any_of(bases.begin(), bases.end(),
                     [&](std::string_view b) { return listed(b, word); });
}

bool opposed_outcomes(std::string_view a, std::string_view b, const Lexicon* lexicon) {
  return (loses(a, lexicon) && wins_over(b, lexicon)) ||
         (wins_over(a, lexicon) && loses(b, lexicon));
}

std::optional<bool> first_party_won(std::span<const Token> relation, const Lexicon* lexicon) {
  static constexpr auto kAuxiliaries = std::to_array<std::string_view>(
      {"was", "were", "is", "are", "be", "been", "being", "has", "had", "have", "having"});
  const bool passive = relation.size() >= 2 && relation.back().norm == "by";
  // The result's verb opens the relation, after auxiliaries and adverbs ("were narrowly
  // beaten by"); a noun of one further on tells no result of the first party ("suffered a
  // defeat to"). "Lost" tells one with "to" after it, "won" with "over" ("lost 2-1 to",
  // "won 24-17 over").
  // "almost beat", "were nearly beaten by": no result.
  static constexpr auto kShortOf =
      std::to_array<std::string_view>({"almost", "nearly", "virtually", "practically"});
  std::size_t i = 0;
  while (i < relation.size() && (std::find(kAuxiliaries.begin(), kAuxiliaries.end(),
                                           relation[i].norm) != kAuxiliaries.end() ||
                                 (relation[i].norm.size() > 4 && relation[i].norm.ends_with("ly"))))
    ++i;
  if (i == relation.size() || relation[i].kind != TokenKind::kWord ||
      std::any_of(relation.begin(), relation.begin() + static_cast<std::ptrdiff_t>(i),
                  [](const Token& t) {
                    return std::find(kShortOf.begin(), kShortOf.end(), t.norm) != kShortOf.end();
                  }))
    return std::nullopt;
  const std::string_view verb = relation[i].norm;
  auto followed_by = [&](std::string_view word) {
    return std::any_of(relation.begin() + static_cast<std::ptrdiff_t>(i) + 1, relation.end(),
                       [&](const Token& t) { return t.norm == word; });
  };
  if (wins_over(verb, lexicon)) return !passive;
  if (passive) return std::nullopt;
  if (loses(verb, lexicon) && followed_by("to")) return false;
  if (form_of(verb, "win", lexicon) && followed_by("over")) return true;
  return std::nullopt;
}

}  // namespace groundgate::filters::text
