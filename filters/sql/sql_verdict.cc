#include "filters/sql/sql_verdict.h"

#include <algorithm>

namespace groundgate::filters::sql {

using verdict::severity;

bool SqlVerdict::unverified() const {
  if (label != Label::kSupported || unsafe) return false;
  return std::any_of(checks.begin(), checks.end(),
                     [](const CheckReport& r) { return r.state == CheckState::kIncomplete; });
}

const Finding* SqlVerdict::decisive() const {
  const Finding* worst = nullptr;
  for (const Finding& f : findings) {
    if (f.type == FindingType::kUnsafe) return &f;  // its own action decides
    if (worst == nullptr || severity(f.label) > severity(worst->label)) worst = &f;
  }
  return worst;
}

bool SqlVerdict::annotate_only() const {
  return !findings.empty() && std::all_of(findings.begin(), findings.end(),
                                          [](const Finding& f) { return f.annotate_only; });
}

void add_finding(SqlVerdict& verdict, Finding finding) {
  if (severity(finding.label) > severity(verdict.label)) verdict.label = finding.label;
  if (finding.type == FindingType::kUnsafe) verdict.unsafe = true;
  verdict.findings.push_back(std::move(finding));
}

std::string_view to_string(Check check) {
  switch (check) {
    case Check::kSchema:
      return "schema";
    case Check::kSafety:
      return "safety";
    case Check::kLinking:
      return "linking";
    case Check::kExecution:
      return "execution";
    case Check::kMetamorphic:
      return "metamorphic";
    case Check::kIntent:
      return "intent";
  }
  return "unknown";
}

std::string_view to_string(FindingType type) {
  switch (type) {
    case FindingType::kSchema:
      return "schema";
    case FindingType::kUnsafe:
      return "unsafe";
    case FindingType::kLinking:
      return "linking";
    case FindingType::kContent:
      return "content";
    case FindingType::kExecution:
      return "execution";
    case FindingType::kLogic:
      return "logic";
  }
  return "unknown";
}

std::string_view to_string(CheckState state) {
  switch (state) {
    case CheckState::kNotRun:
      return "not_run";
    case CheckState::kSkipped:
      return "skipped";
    case CheckState::kPassed:
      return "passed";
    case CheckState::kFailed:
      return "failed";
    case CheckState::kIncomplete:
      return "incomplete";
  }
  return "unknown";
}

}  // namespace groundgate::filters::sql
