#include "filters/triplet/triplet_verdict.h"

namespace groundgate::filters::triplet {

std::string_view to_string(Label label) {
  switch (label) {
    case Label::kSupported:
      return "supported";
    case Label::kUnsupported:
      return "unsupported";
    case Label::kContradicted:
      return "contradicted";
  }
  return "unknown";
}

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

std::string_view to_string(HallucinationType type) {
  switch (type) {
    case HallucinationType::kNone:
      return "none";
    case HallucinationType::kDetailedInformationModification:
      return "detailed_information_modification";
    case HallucinationType::kAbsoluteFabrication:
      return "absolute_fabrication";
    case HallucinationType::kContextualFabrication:
      return "contextual_fabrication";
  }
  return "unknown";
}

}  // namespace groundgate::filters::triplet
