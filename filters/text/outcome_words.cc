#include "filters/text/outcome_words.h"

#include <algorithm>
#include <vector>

#include "filters/text/word_table.h"

namespace groundgate::filters::text {
namespace {

// Verbs whose subject won over their object, by base form.
constexpr auto kWinsOver =
    word_table("beat", "defeat", "overcome", "edge", "rout", "thrash", "trounce", "outscore",
               "outplay", "crush", "overpower", "vanquish");

bool has_base(std::string_view word, const Lexicon* lexicon, auto&& in) {
  if (in(word)) return true;
  if (lexicon == nullptr) return false;
  const std::vector<std::string_view> bases = lexicon->lemmas(word, Lexicon::Pos::kVerb);
  return std::any_of(bases.begin(), bases.end(), in);
}

bool loses(std::string_view word, const Lexicon* lexicon) {
  return has_base(word, lexicon, [](std::string_view b) { return b == "lose"; });
}

}  // namespace

bool wins_over(std::string_view word, const Lexicon* lexicon) {
  return has_base(word, lexicon, [](std::string_view b) { return kWinsOver.contains(b); });
}

bool opposed_outcomes(std::string_view a, std::string_view b, const Lexicon* lexicon) {
  return (loses(a, lexicon) && wins_over(b, lexicon)) ||
         (wins_over(a, lexicon) && loses(b, lexicon));
}

}  // namespace groundgate::filters::text
