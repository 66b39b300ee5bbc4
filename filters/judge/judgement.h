#pragma once
// What a judge method concluded about one unit (a sentence): a label with the spans of the
// context it rests on, or why it could not conclude. A judgement still has to pass
// acceptance.h before it decides anything.

#include <cstdint>
#include <string>
#include <vector>

#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::judge {

using verdict::HallucinationType;
using verdict::Label;

struct Judgement {
  std::uint64_t unit = 0;  // the caller's id of the unit
  // Set: no verdict, and why ("judge call failed: timeout", "no quote for a supported
  // verdict"); the scorer's label stands.
  std::string error;
  Label label = Label::kUnsupported;
  HallucinationType type = HallucinationType::kNone;
  // The spans of the context the verdict rests on, as the judge wrote them (triplets: the
  // sentences of the source triplets it cited). A supported or contradicted verdict has some.
  std::vector<std::string> quotes;
  std::string reason;  // for people, bounded
  // Method details, JSON object members without braces: `"pieces":["entailment",…]`,
  // `"votes":[…]`, `"triplets":[…]`; empty for label.
  std::string detail;
  std::string rewrite;  // the mitigation's sentence (rewrite: mitigate)

  bool decided() const { return error.empty(); }
};

// A judgement that says why there is none.
inline Judgement failed_judgement(std::uint64_t unit, std::string error) {
  Judgement j;
  j.unit = unit;
  j.error = std::move(error);
  return j;
}

}  // namespace groundgate::filters::judge
