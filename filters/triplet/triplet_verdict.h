#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "filters/triplet/triplet.h"

namespace groundgate::filters::triplet {

// Label, HallucinationType and Evidence mirror filters/semantic_piece/verdict.h member for
// member (same enumerators, same order, same field names) so that the two engines' verdicts
// merge by a field-wise copy.
enum class Label : std::uint8_t { kSupported, kUnsupported, kContradicted };

enum class HallucinationType : std::uint8_t {
  kNone,
  kDetailedInformationModification,  // a number, date, name or attribute changed
  kAbsoluteFabrication,              // new information with no support
  kContextualFabrication,            // real entities, misrepresented relation
};

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

struct Evidence {
  std::uint32_t passage = 0;
  std::uint32_t begin = 0;  // byte span in the passage's text
  std::uint32_t end = 0;

  friend bool operator==(const Evidence&, const Evidence&) = default;
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
  // Triplet engine only: the claim, and the evidence triplet and sentence behind the label.
  std::optional<Triplet> claim;
  std::optional<Triplet> evidence_triplet;
  std::string evidence_sentence;

  friend bool operator==(const Verdict&, const Verdict&) = default;
};

std::string_view to_string(Label label);
std::string_view to_string(ReasonCode code);
std::string_view to_string(HallucinationType type);

}  // namespace groundgate::filters::triplet
