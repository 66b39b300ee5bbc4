#include "filters/spl/spl_verdict.h"

namespace groundgate::filters::spl {

std::string_view to_string(FindingType type) {
  switch (type) {
    case FindingType::kSyntax:
      return "syntax";
    case FindingType::kFabrication:
      return "fabrication";
    case FindingType::kMixed:
      return "mixed";
    case FindingType::kMisaligned:
      return "misaligned";
    case FindingType::kMisinterpretation:
      return "misinterpretation";
    case FindingType::kUnverified:
      return "unverified";
  }
  return "syntax";
}

bool is_check_type(FindingType type) {
  return static_cast<std::size_t>(type) < kCheckTypes;
}

std::string_view to_string(CheckState state) {
  switch (state) {
    case CheckState::kNotRun:
      return "not_run";
    case CheckState::kPassed:
      return "passed";
    case CheckState::kFailed:
      return "failed";
  }
  return "not_run";
}

void add_finding(SplVerdict& verdict, Finding finding) {
  for (const Finding& f : verdict.findings) {
    if (f.code == finding.code && f.begin == finding.begin && f.end == finding.end) return;
  }
  if (verdict::severity(finding.label) > verdict::severity(verdict.label)) {
    verdict.label = finding.label;
  }
  if (is_check_type(finding.type)) verdict.report(finding.type).state = CheckState::kFailed;
  verdict.findings.push_back(std::move(finding));
}

const Finding* SplVerdict::decisive() const {
  const Finding* best = nullptr;
  for (const Finding& f : findings) {
    if (best == nullptr || verdict::severity(f.label) > verdict::severity(best->label)) best = &f;
  }
  return best;
}

}  // namespace groundgate::filters::spl
