#include "filters/semantic_piece/verdict.h"

namespace groundgate::filters::semantic_piece {

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
    case ReasonCode::kSupportedEntity:
      return "supported_entity";
    case ReasonCode::kSupportedCoverage:
      return "supported_coverage";
    case ReasonCode::kNoClaim:
      return "no_claim";
    case ReasonCode::kEntityMismatch:
      return "entity_mismatch";
    case ReasonCode::kNegationMismatch:
      return "negation_mismatch";
    case ReasonCode::kAntonym:
      return "antonym";
    case ReasonCode::kMissingEntity:
      return "missing_entity";
    case ReasonCode::kLowCoverage:
      return "low_coverage";
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

}  // namespace groundgate::filters::semantic_piece
