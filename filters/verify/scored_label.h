#pragma once
// A sentence's label from the scorer's probability that it is unfaithful. Contradicted where an
// engine aligned the sentence with a context sentence that says otherwise (every other word
// the same, one value, the negation or an antonym different), or matched a figure to the cell
// or the computation that gives another value: that is the evidence block and
// rewrite act on, and the scorer's probability only says how sure it is. Where an engine found
// a looser conflict, contradicted only when the scorer is sure too (such conflicts misfire in
// long answers); unsupported at the unsupported threshold (chosen so that a flag is right far
// more often than not) unless the flag rests on rewording alone (rests_on_rewording); doubtful from
// the doubtful threshold up to it (the band the rules cannot settle, which a judge settles where a
// policy has one); otherwise supported. The engines' findings stay as they were: they are the
// reasons.

#include <cstdint>

#include "filters/score/scorer_model.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {

// What an engine's contradiction of the sentence rests on: a value (a number, a date, hours, a
// record's flag, an order of events), a clean value conflict (the semantic pieces found every
// other word and name of the clause in the context), a polarity (a negation, an antonym), or
// an aligned conflict (one context sentence holds every word of the clause and differs in one
// slot: semantic_piece::ClauseSignals::aligned_conflict; or a figure the figures check
// contradicts with its cell or its recomputation, the derivation as evidence); kNone: none, or
// only a value found in a context piece that does not hold the rest of the clause (it may be
// said of another thing: ClauseSignals::conflict_holds_clause), which is no contradiction.
// The strongest found.
enum class ConflictKind : std::uint8_t { kNone, kPolarity, kValue, kCleanValue, kAligned };
ConflictKind conflict_kind(const SentenceVerdict& verdict);

// The probability at or above which a conflict of `kind` makes the sentence contradicted
// (above 1 for kNone: never; 0 for kAligned: always).
double contradicted_at(const score::Thresholds& thresholds, ConflictKind kind);

// Whether a flag on the sentence would rest on rewording alone: every engine finding against it
// is low word coverage, with at least half of its clause's content words found in the context
// or, in an answer to a request to write (SentenceVerdict::own_words), at any coverage.
// Such a sentence is at most doubtful: the words the context lacks may be the answer's own for
// what the context says, which the rules cannot tell from an invention (a judge can), and an
// `unsupported` flag names what the context lacks. A sentence the scorer flags although every
// engine supports it keeps the scorer's label (its features weigh how the words are related).
bool rests_on_rewording(const SentenceVerdict& verdict);

// An engine lined the sentence up with evidence that says less than it does: a possibility
// stated as a fact, an option as an obligation (semantic_piece ClauseSignals::modality_changed).
// Such a sentence is at least unsupported, whatever its probability, and no judge's to settle.
bool says_more_than_evidence(const SentenceVerdict& verdict);

// `verdict` after combine(); sets unfaithful, score, label and decisive.
void label_by_score(SentenceVerdict& verdict, double unfaithful,
                    const score::Thresholds& thresholds);

}  // namespace groundgate::filters::verify
