#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {

std::string_view to_string(Engine engine) {
  switch (engine) {
    case Engine::kSemanticPieces:
      return "semantic_pieces";
    case Engine::kTriplets:
      return "triplets";
    case Engine::kFigures:
      return "figures";
    case Engine::kSql:
      return "sql";
    case Engine::kJudge:
      return "judge";
    case Engine::kSpl:
      return "spl";
  }
  return "unknown";
}

std::string_view to_string(VerifyError error) {
  switch (error) {
    case VerifyError::kNone:
      return "none";
    case VerifyError::kTooLong:
      return "sentence_too_long";
    case VerifyError::kOverBudget:
      return "over_budget";
    case VerifyError::kEngineMissing:
      return "engine_missing";
    case VerifyError::kUnparsable:
      return "unparsable_arguments";
    case VerifyError::kContextUnreadable:
      return "context_unreadable";
    case VerifyError::kRequestUnreadable:
      return "request_unreadable";
    case VerifyError::kNoChecker:
      return "code_block";
    case VerifyError::kCheckIncomplete:
      return "check_incomplete";
    case VerifyError::kOverloaded:
      return "overloaded";
  }
  return "unknown";
}

bool SentenceVerdict::unsafe() const {
  for (const Finding& f : findings) {
    if (f.type == HallucinationType::kUnsafe && !f.abstains) return true;
  }
  return false;
}

}  // namespace groundgate::filters::verify
