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

bool loses(std::string_view word, const Lexicon* lexicon) {
  if (word == "lose") return true;
  if (lexicon == nullptr) return stem(word) == "lose";
  const std::vector<std::string_view> bases = lexicon->lemmas(word, Lexicon::Pos::kVerb);
  return std::find(bases.begin(), bases.end(), "lose") != bases.end();
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

}  // namespace groundgate::filters::text
