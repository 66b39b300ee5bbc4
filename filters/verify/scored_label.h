#pragma once
// A sentence's label from the scorer's probability that it is unfaithful: contradicted only
// where an engine found a contradiction and the scorer is sure (contradictions drive block and
// rewrite, so they must stay precise), unsupported at the unsupported threshold, otherwise
// supported. The engines' findings stay as they were: they are the reasons.

#include <cstdint>

#include "filters/score/scorer_model.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {

// What an engine's contradiction of the sentence rests on: a value (a number, a date, hours, a
// record's flag, an order of events) or a polarity (a negation, an antonym); kNone: none.
enum class ConflictKind : std::uint8_t { kNone, kValue, kPolarity };
ConflictKind conflict_kind(const SentenceVerdict& verdict);

// `verdict` after combine(); sets unfaithful, score, label and decisive.
void label_by_score(SentenceVerdict& verdict, double unfaithful,
                    const score::Thresholds& thresholds);

}  // namespace groundgate::filters::verify
