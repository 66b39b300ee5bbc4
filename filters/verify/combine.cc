#include "filters/verify/combine.h"

#include <algorithm>
#include <array>

namespace groundgate::filters::verify {
namespace {

// One engine's view of the sentence: its worst finding.
struct EngineView {
  bool claims = false;
  std::size_t worst = 0;  // index into findings
  double weakest = 1;
};

// Worse finding first: higher severity, then lower score, then one with a correction.
bool worse(const Finding& a, const Finding& b) {
  if (severity(a.label) != severity(b.label)) return severity(a.label) > severity(b.label);
  if (a.score != b.score) return a.score < b.score;
  return a.correction.has_value() && !b.correction.has_value();
}

}  // namespace

void combine(SentenceVerdict& verdict, const CombineRule& rule) {
  std::array<EngineView, kEngineCount> engines{};
  for (std::size_t i = 0; i < verdict.findings.size(); ++i) {
    const Finding& f = verdict.findings[i];
    const auto engine = static_cast<std::size_t>(f.engine);
    if (f.abstains || (f.label == Label::kUnsupported && rule.contradictions_only[engine])) {
      continue;
    }
    EngineView& view = engines[engine];
    if (!view.claims || worse(f, verdict.findings[view.worst])) view.worst = i;
    view.weakest = view.claims ? std::min(view.weakest, f.score) : f.score;
    view.claims = true;
  }

  verdict.claims = false;
  verdict.decisive.reset();
  verdict.label = Label::kSupported;
  verdict.score = 1;
  const EngineView* worst = nullptr;
  const EngineView* strongest = nullptr;
  bool any_supports = false;
  for (const EngineView& view : engines) {
    if (!view.claims) continue;
    verdict.claims = true;
    const Finding& f = verdict.findings[view.worst];
    if (worst == nullptr || worse(f, verdict.findings[worst->worst])) worst = &view;
    if (f.label == Label::kSupported) {
      any_supports = true;
      if (strongest == nullptr || view.weakest > strongest->weakest) strongest = &view;
    }
  }
  if (worst == nullptr) return;  // nothing to check: passes as supported, without claims

  const Finding& decisive = verdict.findings[worst->worst];
  const bool overridden =
      decisive.label == Label::kUnsupported && any_supports &&
      (rule.support == CombineRule::Support::kEither ||
       (strongest != nullptr && rule.strong_support && strongest->weakest >= *rule.strong_support));
  const EngineView& chosen = overridden ? *strongest : *worst;
  verdict.decisive = chosen.worst;
  verdict.label = verdict.findings[chosen.worst].label;
  verdict.score = chosen.weakest;
}

}  // namespace groundgate::filters::verify
