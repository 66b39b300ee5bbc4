#include "filters/triplet/triplet_verdict.h"

namespace groundgate::filters::triplet {

std::string_view to_string(ReasonCode code) {
  switch (code) {
    case ReasonCode::kSupportedTriplet:
      return "supported_triplet";
    case ReasonCode::kNoClaim:
      return "no_claim";
    case ReasonCode::kObjectMismatch:
      return "object_mismatch";
    case ReasonCode::kQualifierMismatch:
      return "qualifier_mismatch";
    case ReasonCode::kNegationMismatch:
      return "negation_mismatch";
    case ReasonCode::kAntonym:
      return "antonym";
    case ReasonCode::kRelationMismatch:
      return "relation_mismatch";
    case ReasonCode::kQualifierMissing:
      return "qualifier_missing";
    case ReasonCode::kNoMatchingTriplet:
      return "no_matching_triplet";
    case ReasonCode::kNoEvidence:
      return "no_evidence";
  }
  return "unknown";
}

}  // namespace groundgate::filters::triplet
