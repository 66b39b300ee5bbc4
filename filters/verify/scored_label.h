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
// record's flag, an order of events), a clean value conflict (the semantic pieces found every
// other word and name of the clause), or a polarity (a negation, an antonym); kNone: none. The
// strongest kind found.
enum class ConflictKind : std::uint8_t { kNone, kPolarity, kValue, kCleanValue };
ConflictKind conflict_kind(const SentenceVerdict& verdict);

// The probability at or above which a conflict of `kind` makes the sentence contradicted
// (above 1 for kNone: never).
double contradicted_at(const score::Thresholds& thresholds, ConflictKind kind);

// `verdict` after combine(); sets unfaithful, score, label and decisive.
void label_by_score(SentenceVerdict& verdict, double unfaithful,
                    const score::Thresholds& thresholds);

}  // namespace groundgate::filters::verify
