#pragma once
// Whether a judge's quotes bear on the sentence they are quoted for. A quote that is in the
// context (quote_check.h) proves only that the context holds it: a prompt-injected or confused
// judge can quote any real span. The quotes bear on a sentence when they speak of what it
// speaks of, measured with the text engines' own analysis (index::ContextIndex::query_terms:
// Snowball stems of content words, numbers included; text::extract_entities: numbers, dates,
// durations, money and names):
//   1. they hold at least a third of the sentence's distinct content stems, and at least one;
//   2. when the sentence holds numbers, dates or names (its anchors), they hold one of them:
//      for support, a value the same within written precision (text::compare kSame) or a name
//      with a content stem in the quotes; for a contradiction, a value of the same kind
//      (comparable: the quotes state the quantity the sentence gets wrong) or such a name;
//   3. a sentence without anchors shares at least two stems with them (all, when it has one).
// The same rule says whether a quote addresses the engines' evidence against a sentence (the
// evidence span in place of the sentence, read as a contradiction reads it).

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace groundgate::filters::judge {

enum class BearingFor : std::uint8_t { kSupport, kContradiction };

struct Bearing {
  std::size_t terms = 0;           // the sentence's distinct content stems
  std::size_t shared_terms = 0;    // of those, in the quotes
  std::size_t anchors = 0;         // the sentence's numbers, dates and names
  std::size_t shared_anchors = 0;  // of those, in the quotes (as rule 2 counts them)

  bool bears() const;
  // For people and the summary: "shares 1 of 5 content words and none of its 2 numbers or
  // names".
  std::string describe() const;
};

Bearing bearing(std::string_view sentence, std::span<const std::string> quotes, BearingFor use);

}  // namespace groundgate::filters::judge
