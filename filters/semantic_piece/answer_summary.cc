#include "filters/semantic_piece/answer_summary.h"

#include <algorithm>

namespace groundgate::filters::semantic_piece {

AnswerSummary summarize(std::span<const Verdict> verdicts, const AnswerRule& rule) {
  AnswerSummary s;
  s.pieces = verdicts.size();
  double weakest = 1;
  for (const Verdict& v : verdicts) {
    switch (v.label) {
      case Label::kSupported:
        ++s.supported;
        break;
      case Label::kUnsupported:
        ++s.unsupported;
        break;
      case Label::kContradicted:
        ++s.contradicted;
        break;
    }
    weakest = std::min(weakest, v.score);
  }
  if (s.pieces == 0) return s;
  const double unsupported_share = static_cast<double>(s.unsupported) / s.pieces;
  s.hallucination_score = s.contradicted > 0
                              ? 1.0
                              : std::clamp(0.5 * unsupported_share + 0.5 * (1 - weakest), 0.0, 1.0);
  s.hallucinated = (rule.flag_contradicted && s.contradicted > 0) ||
                   (s.unsupported > 0 && unsupported_share > rule.max_unsupported_share);
  return s;
}

}  // namespace groundgate::filters::semantic_piece
