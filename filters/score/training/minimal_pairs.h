#pragma once
// Minimal pairs: a sentence copied from a context, and the same sentence with exactly one
// thing changed: one value (a number, a date, a percentage, an amount of money, a code or
// identifier, a count) or the polarity of its verb. Checked against the context the sentence
// came from, the copy must be supported and each change contradicted: the evidence that says
// otherwise is right there, aligned word for word. A value written another way ("25%" as "25
// percent", "3" as "three", "5 April" as "April 5", "2 weeks" as "14 days") is a faithful pair too:
// it must not be called a conflict. This is how the labels the actions use are checked
// (`groundgate pairs`, tests/quality). Deterministic: every choice follows from the text.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::text {
class Lexicon;
}

namespace groundgate::filters::score::training {

enum class PairChange : std::uint8_t {
  kCopy,      // the sentence as it stands
  kRestated,  // one value written another way: the same fact
  kNumber,    // a measure or amount other than the kinds below ("14 days", "3.6 km")
  kDate,      // a day, month or year of a date
  kPercent,
  kMoney,
  kCode,  // an identifier: "Form 1099", "A320", "Route 66"
  kCount,
  kNegation,  // the verb negated, or its negation taken away
};

std::string_view to_string(PairChange change);
// Whether the change makes the sentence say something the context does not.
bool unfaithful(PairChange change);

struct MinimalPair {
  PairChange change = PairChange::kCopy;
  std::string answer;
  std::string was;  // the copied text that was changed (empty for a copy)
  std::string now;  // what stands in its place
};

// The copy, the restatement where one applies, and per kind of change that applies to the
// sentence one changed sentence. `seed` picks among the candidates of a kind and the new value.
// With `lexicon`, a verb without an auxiliary is negated too ("opened" → "did not open").
std::vector<MinimalPair> minimal_pairs(std::string_view sentence, const text::Lexicon* lexicon,
                                       std::uint64_t seed);

// The sentence with one value written another way (the kRestated pair's answer), or nullopt
// where none can be: "25%" as "25 percent", "3" as "three", "5 April" as "April 5", "2 weeks"
// as "14 days", "1,200" as "1200".
std::optional<std::string> restated(std::string_view sentence);

// The sentences of a passage fit to be copied: whole prose sentences of `min_words` to
// `max_words` words, at most `limit` of them, in the order of their text's hash (which ones are
// taken does not depend on where they stand; not the order the synthetic training answers are
// chosen in, so that the pairs are other sentences). A JSON passage gives none.
std::vector<std::string_view> pair_sentences(std::string_view passage, std::size_t limit,
                                             std::size_t min_words = 6, std::size_t max_words = 40);

}  // namespace groundgate::filters::score::training
