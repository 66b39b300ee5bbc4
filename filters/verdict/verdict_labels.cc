#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::verdict {

std::string_view to_string(Label label) {
  switch (label) {
    case Label::kSupported:
      return "supported";
    case Label::kUnsupported:
      return "unsupported";
    case Label::kContradicted:
      return "contradicted";
    case Label::kDoubtful:
      return "doubtful";
  }
  return "unknown";
}

int severity(Label label) {
  switch (label) {
    case Label::kSupported:
      return 0;
    case Label::kUnsupported:
      return 1;
    case Label::kContradicted:
      return 2;
    case Label::kDoubtful:
      return 1;
  }
  return 1;
}

bool is_flag(Label label) {
  return label == Label::kUnsupported || label == Label::kContradicted;
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
    case HallucinationType::kSchema:
      return "schema";
    case HallucinationType::kUnsafe:
      return "unsafe";
    case HallucinationType::kLinking:
      return "linking";
    case HallucinationType::kContent:
      return "content";
    case HallucinationType::kExecution:
      return "execution";
    case HallucinationType::kLogic:
      return "logic";
    case HallucinationType::kSyntax:
      return "syntax";
    case HallucinationType::kFabrication:
      return "fabrication";
    case HallucinationType::kMixed:
      return "mixed";
    case HallucinationType::kMisaligned:
      return "misaligned";
    case HallucinationType::kMisinterpretation:
      return "misinterpretation";
    case HallucinationType::kUnverified:
      return "unverified";
  }
  return "unknown";
}

std::optional<Label> parse_label(std::string_view name) {
  for (Label label : {Label::kSupported, Label::kUnsupported, Label::kContradicted}) {
    if (to_string(label) == name) return label;
  }
  return std::nullopt;
}

}  // namespace groundgate::filters::verdict
