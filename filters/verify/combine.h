#pragma once
// The merge rule of the engines' findings on one sentence (issue 4): a contradiction from any
// engine is a contradiction; support needs agreement, or strong support from one engine.

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
  // A weak `unsupported` (Finding::weak: the triplet engine's claims of a sentence longer than
  // it parses) is the engine failing to read, not evidence against the claim: with this set,
  // while another engine checks the sentence the finding does not count (it abstains); alone,
  // it counts. Off by default: on HaluEval (short answers) it costs 0.971 -> 0.952 balanced
  // accuracy; on FaithBench summaries it lifts both engines from 0.55 to 0.62 (see README).
  bool discount_weak = false;
};

// Sets label, score, decisive and claims of `verdict` from its findings.
void combine(SentenceVerdict& verdict, const CombineRule& rule);

}  // namespace groundgate::filters::verify
