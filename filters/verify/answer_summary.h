#pragma once
// The answer-level decision from the sentence verdicts of one answer (one choice).

#include <cstddef>
#include <span>

#include "filters/semantic_piece/verifier_options.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {

using semantic_piece::AnswerRule;

struct AnswerSummary {
  bool hallucinated = false;
  // In [0,1], higher is worse: 1 with a contradiction, else the unsupported share blended with
  // the weakest sentence's missing support; for ranking and thresholds.
  double hallucination_score = 0;
  std::size_t sentences = 0;  // all verdicts, errors included
  std::size_t checked = 0;    // verified sentences that hold a claim
  std::size_t supported = 0;
  std::size_t unsupported = 0;
  std::size_t contradicted = 0;
  std::size_t errors = 0;  // not verified (too long, over budget, engine missing)
};

AnswerSummary summarize(std::span<const SentenceVerdict> verdicts, const AnswerRule& rule);

// The rule on counts already made: sets hallucinated and hallucination_score of `s` from its
// checked/unsupported/contradicted counts and the weakest checked sentence's score. The guard
// counts as the stream goes and uses this too.
void apply_rule(AnswerSummary& s, double weakest, const AnswerRule& rule);

}  // namespace groundgate::filters::verify
