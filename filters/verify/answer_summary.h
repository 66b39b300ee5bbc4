#pragma once
// The answer-level decision from the sentence verdicts of one answer (one choice).

#include <cstddef>
#include <memory>
#include <span>

#include "filters/score/scorer_model.h"
#include "filters/semantic_piece/verifier_options.h"
#include "filters/verify/answer_features.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {

// When a whole answer counts as hallucinated.
struct AnswerRule {
  // With a scorer: a contradicted or unsupported sentence, or its answer model's probability
  // at `answer_at` with every checked sentence doubtful (none supported).
  std::shared_ptr<const score::ScorerModel> scorer;
  double answer_at = 0.5;
  // Without: the engines' counts (a contradicted sentence, a share of unsupported ones).
  semantic_piece::AnswerRule counts;
};

struct AnswerSummary {
  bool hallucinated = false;
  // In [0,1], higher is worse. With a scorer: its calibrated probability that the answer is
  // hallucinated. Without: 1 with a contradiction, else the unsupported share blended with the
  // weakest sentence's missing support; for ranking and thresholds.
  double hallucination_score = 0;
  std::size_t sentences = 0;  // all verdicts, errors included
  std::size_t checked = 0;    // verified sentences that hold a claim
  std::size_t supported = 0;
  std::size_t doubtful = 0;  // in the band the scorer cannot settle: neither flag nor support
  std::size_t unsupported = 0;
  std::size_t contradicted = 0;
  std::size_t no_claim = 0;  // verified, nothing to check ("Thanks!"): not in `checked`
  std::size_t errors = 0;    // not verified (too long, over budget, engine missing)
};

AnswerSummary summarize(std::span<const SentenceVerdict> verdicts, const AnswerRule& rule);

// The rule on counts already made: sets hallucinated and hallucination_score of `s` from its
// checked/unsupported/contradicted counts and the answer's aggregate of verified sentences.
// The guard counts as the stream goes and uses this too.
void apply_rule(AnswerSummary& s, const AnswerAggregate& aggregate, const AnswerRule& rule);

}  // namespace groundgate::filters::verify
