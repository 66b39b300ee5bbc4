#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "filters/semantic_piece/clause_signals.h"
#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::semantic_piece {

using verdict::Correction;
using verdict::Evidence;
using verdict::HallucinationType;
using verdict::Label;
using verdict::to_string;

// Why a piece got its label; stable names for logs, metrics and eval output.
enum class ReasonCode : std::uint8_t {
  kSupportedEntity,    // every entity found with the same value, words covered
  kSupportedCoverage,  // content words covered by the evidence (stems, synonyms, derivations)
  kNoClaim,            // no content word to check ("Yes.", "Sure!")
  kEntityMismatch,     // same kind of entity, other value, in well-matched evidence
  kNegationMismatch,   // negated on one side only, in well-matched evidence
  kAntonym,            // a word whose WordNet antonym is in the evidence
  kOrderMismatch,      // "X came first" where the context dates X after Y
  kOrderUndated,       // "X came first" where the context does not date both X and Y
  kPartiesSwapped,     // "B acquired A" where the context says "A acquired B"
  kExclusiveMismatch,  // "only X is Y" where the context says Y of the question's other one
  kFlagMismatch,       // a record's yes/no fact said the other way round
  kHoursMismatch,      // opening hours other than the context's
  kSupportedHours,     // opening hours as the context states them
  kMissingEntity,      // a number, date or name that appears nowhere in the context
  kLowCoverage,        // too many content words not found in the evidence
  kUnboundRelation,    // names and words all in the context, but never related there
  kModalityChanged,    // "reduces" where the context says "may reduce", "may" where it says "must"
  kNoEvidence,         // no context piece shares a word with the answer piece
};

// The verdict on one piece (a clause of a sentence) of the answer.
struct Verdict {
  Label label = Label::kSupported;
  double score = 1;  // degree of support: 1 fully supported, 0 contradicted
  std::uint32_t choice = 0;
  std::size_t answer_begin = 0;  // byte span in the full answer text
  std::size_t answer_end = 0;
  std::optional<Evidence> evidence;
  std::string reason;  // for people: "answer says 32%, evidence says 30%"
  ReasonCode reason_code = ReasonCode::kSupportedCoverage;
  HallucinationType type = HallucinationType::kNone;
  std::optional<Correction> correction;  // entity mismatch with one unambiguous evidence value
  ClauseSignals signals;                 // what every check measured, for the scorer

  friend bool operator==(const Verdict&, const Verdict&) = default;
};

std::string_view to_string(ReasonCode code);

}  // namespace groundgate::filters::semantic_piece
