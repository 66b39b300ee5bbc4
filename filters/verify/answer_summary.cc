#include "filters/verify/answer_summary.h"

#include <algorithm>

namespace groundgate::filters::verify {

AnswerSummary summarize(std::span<const SentenceVerdict> verdicts, const AnswerRule& rule) {
  AnswerSummary s;
  AnswerAggregate aggregate;
  for (const SentenceVerdict& v : verdicts) {
    ++s.sentences;
    if (!v.ok()) {
      ++s.errors;
      continue;
    }
    aggregate.add(v);
    if (!v.claims) {
      ++s.no_claim;
      continue;
    }
    ++s.checked;
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
      case Label::kDoubtful:
        ++s.doubtful;
        break;
    }
  }
  apply_rule(s, aggregate, rule);
  return s;
}

void apply_rule(AnswerSummary& s, const AnswerAggregate& aggregate, const AnswerRule& rule) {
  s.hallucinated = false;
  s.hallucination_score = 0;
  if (s.checked == 0) return;
  if (rule.scorer) {
    const AnswerFeatures features = aggregate.features();
    s.hallucination_score = rule.scorer->answer.probability(features);
    // A flagged sentence flags its answer: the summary never calls an answer grounded that
    // holds a sentence the actions treat as contradicted or unsupported. The answer model
    // flags only an answer whose every checked sentence is in doubt: a hallucinated answer
    // always points at the sentences it rests on. Where some sentence is supported, the doubt
    // stays on the doubtful sentences (marked, and a judge's where a policy has one): over a
    // long answer some sentence falls in the band by chance, the more so on a kind of data the
    // model never saw, whose sentence scores all sit higher.
    const bool likely =
        s.hallucination_score >= rule.answer_at && s.doubtful > 0 && s.supported == 0;
    s.hallucinated = s.contradicted > 0 || s.unsupported > 0 || likely;
    return;
  }
  const double unsupported_share = static_cast<double>(s.unsupported) / s.checked;
  s.hallucination_score =
      s.contradicted > 0
          ? 1.0
          : std::clamp(0.5 * unsupported_share + 0.5 * (1 - aggregate.weakest()), 0.0, 1.0);
  s.hallucinated = (rule.counts.flag_contradicted && s.contradicted > 0) ||
                   (s.unsupported > 0 && unsupported_share > rule.counts.max_unsupported_share);
}

}  // namespace groundgate::filters::verify
