#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "filters/triplet/triplet.h"
#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::triplet {

using verdict::Correction;
using verdict::Evidence;
using verdict::HallucinationType;
using verdict::Label;
using verdict::to_string;

// Why a claim got its label; stable names for logs, metrics and eval output.
enum class ReasonCode : std::uint8_t {
  kSupportedTriplet,   // an evidence triplet with the same subject, relation and object
  kNoClaim,            // the sentence holds no (subject, relation) claim
  kObjectMismatch,     // same subject and relation, another value of the same type
  kQualifierMismatch,  // same claim, a time/place/number qualifier with another value
  kNegationMismatch,   // same claim, negated on one side only
  kAntonym,            // same subject and object, antonymous relation
  kRelationMismatch,   // subject and object found together, under another relation
  kQualifierMissing,   // same claim, but a qualifier value the evidence does not state
  kNoMatchingTriplet,  // no evidence triplet with that subject and relation
  kNoEvidence,         // the context has no piece sharing a word with the sentence
};

// The verdict on one claim (triplet) of an answer sentence.
struct Verdict {
  Label label = Label::kSupported;
  double score = 1;  // degree of support: 1 fully supported, 0 contradicted
  std::uint32_t choice = 0;
  std::size_t answer_begin = 0;  // byte span of the claim in the full answer text
  std::size_t answer_end = 0;
  std::optional<Evidence> evidence;
  std::string reason;  // for people: "object: answer says 1977, evidence says 1976"
  ReasonCode reason_code = ReasonCode::kSupportedTriplet;
  HallucinationType type = HallucinationType::kNone;
  std::optional<Correction> correction;  // object mismatch with one unambiguous evidence value
  // Triplet engine only: the claim, and the evidence triplet and sentence behind the label.
  std::optional<Triplet> claim;
  std::optional<Triplet> evidence_triplet;
  std::string evidence_sentence;

  friend bool operator==(const Verdict&, const Verdict&) = default;
};

std::string_view to_string(ReasonCode code);

}  // namespace groundgate::filters::triplet
