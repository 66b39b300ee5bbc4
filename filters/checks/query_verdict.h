#pragma once
// What the structured-query checks (sql/, spl/) share when they make a verdict: the verdict of a
// query's unit and a guard's finding placed in the answer.

#include <cstddef>

#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::checks {

// A query's verdict over the answer's [begin, end), with no findings yet; `error` says why the
// query was not checked (kNone: it was).
verify::SentenceVerdict query_unit_verdict(std::size_t begin, std::size_t end,
                                           verify::VerifyError error);

// A guard's finding `f` (label, begin/end in the query, reason, code) as the verifier's, at
// `offset` in the answer, with the guard's engine, score and hallucination type.
template <typename GuardFinding>
verify::Finding query_finding(const GuardFinding& f, std::size_t offset, verify::Engine engine,
                              double score, verify::HallucinationType type) {
  verify::Finding g;
  g.engine = engine;
  g.label = f.label;
  g.score = score;
  g.answer_begin = offset + f.begin;
  g.answer_end = offset + f.end;
  g.reason = f.reason;
  g.code = f.code;
  g.type = type;
  return g;
}

}  // namespace groundgate::filters::checks
