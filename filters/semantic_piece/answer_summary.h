#pragma once

#include <cstddef>
#include <span>

#include "filters/semantic_piece/verdict.h"
#include "filters/semantic_piece/verifier_options.h"

namespace groundgate::filters::semantic_piece {

// The answer-level verdict: counts per label and the rule's decision.
struct AnswerSummary {
  bool hallucinated = false;
  // In [0,1], higher is worse: 1 with a contradiction, else the unsupported share blended with
  // the weakest piece's missing support; for ranking and thresholds.
  double hallucination_score = 0;
  std::size_t pieces = 0;
  std::size_t supported = 0;
  std::size_t unsupported = 0;
  std::size_t contradicted = 0;
};

AnswerSummary summarize(std::span<const Verdict> verdicts, const AnswerRule& rule);

}  // namespace groundgate::filters::semantic_piece
