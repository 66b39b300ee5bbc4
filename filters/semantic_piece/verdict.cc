#include "filters/semantic_piece/verdict.h"

namespace groundgate::filters::semantic_piece {

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
    case ReasonCode::kOrderMismatch:
      return "order_mismatch";
    case ReasonCode::kOrderUndated:
      return "order_undated";
    case ReasonCode::kExclusiveMismatch:
      return "exclusive_mismatch";
    case ReasonCode::kFlagMismatch:
      return "flag_mismatch";
    case ReasonCode::kHoursMismatch:
      return "hours_mismatch";
    case ReasonCode::kSupportedHours:
      return "supported_hours";
    case ReasonCode::kMissingEntity:
      return "missing_entity";
    case ReasonCode::kLowCoverage:
      return "low_coverage";
    case ReasonCode::kPartiesSwapped:
      return "parties_swapped";
    case ReasonCode::kUnboundRelation:
      return "unbound_relation";
    case ReasonCode::kModalityChanged:
      return "modality_changed";
    case ReasonCode::kNoEvidence:
      return "no_evidence";
  }
  return "unknown";
}

}  // namespace groundgate::filters::semantic_piece
