#include "filters/judge/judge_task.h"

namespace groundgate::filters::judge {

Judgement call_failed(std::uint64_t unit, const CallAnswer& answer) {
  std::string why = "judge call " + std::string(to_string(answer.status));
  if (!answer.error.empty()) why += ": " + answer.error.substr(0, 200);
  return failed_judgement(unit, std::move(why));
}

HallucinationType type_of(Label label) {
  switch (label) {
    case Label::kSupported:
      return HallucinationType::kNone;
    case Label::kContradicted:
      return HallucinationType::kDetailedInformationModification;
    case Label::kUnsupported:
    case Label::kDoubtful:  // no judge's verdict
      break;
  }
  return HallucinationType::kAbsoluteFabrication;
}

}  // namespace groundgate::filters::judge
