#pragma once
// The merge rule of the engines' findings on one sentence (issue 4): a contradiction from any
// engine is a contradiction; support needs agreement, or strong support from one engine.

#include <array>
#include <optional>

#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {

struct CombineRule {
  enum class Support : std::uint8_t {
    kAgreement,  // every engine with a claim must support it, unless one supports strongly
    kEither,     // one engine's support is enough (recall over precision)
  };
  Support support = Support::kAgreement;
  // With kAgreement: an engine whose weakest finding scores at least this overrides the other
  // engine's `unsupported` ("strong evidence from one"). Unset (the default, the evaluated
  // setting; see README): never.
  std::optional<double> strong_support;
  // Engines (indexed by Engine) that may contradict a sentence and support it, but whose
  // `unsupported` does not count: their "no matching claim" abstains. For long, paraphrasing
  // answers (summaries) where triplets read by rules rarely find the evidence's wording, the
  // semantic engine judges support and triplets add what they contradict (see README:
  // FaithBench 0.647 with triplets contradicting only, 0.530 with all their findings).
  std::array<bool, kEngineCount> contradictions_only{};
};

using verdict::severity;

// Sets label, score, decisive and claims of `verdict` from its findings.
void combine(SentenceVerdict& verdict, const CombineRule& rule);

}  // namespace groundgate::filters::verify
