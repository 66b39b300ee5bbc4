#include "filters/actions/decision.h"

namespace groundgate::filters::actions {

using config::ActionConfig;
using config::ActionKind;

Decision decide(const GuardConfig& config, const verify::SentenceVerdict* verdict) {
  if (verdict == nullptr) return {"no_context", config.actions.no_context};
  if (!verdict->ok()) {
    // Never a silent skip: open releases it marked unverified, closed blocks.
    return {"unverified",
            ActionConfig{config.on_error == config::OnError::kOpen ? ActionKind::kAnnotate
                                                                   : ActionKind::kBlock}};
  }
  if (!verdict->claims) return {"no_claim", ActionConfig{ActionKind::kPass}};
  switch (verdict->label) {
    case verify::Label::kSupported:
      return {"supported", config.actions.supported};
    case verify::Label::kUnsupported:
      return {"unsupported", config.actions.unsupported};
    case verify::Label::kContradicted:
      return {"contradicted", config.actions.contradicted};
  }
  return {"unverified", ActionConfig{ActionKind::kBlock}};
}

Decision decide_sql(const GuardConfig& config, const SqlUnitVerdict& verdict) {
  if (verdict.unsafe && config.sql) return {"unsafe", config.sql->settings.unsafe};
  if (verdict.no_schema && verdict.verdict.ok()) return decide(config, nullptr);
  return decide(config, &verdict.verdict);
}

std::string_view to_string(config::ActionKind kind) {
  switch (kind) {
    case ActionKind::kPass:
      return "pass";
    case ActionKind::kAnnotate:
      return "annotate";
    case ActionKind::kBlock:
      return "block";
    case ActionKind::kRewrite:
      return "rewrite";
  }
  return "unknown";
}

std::string_view to_string(config::RewriteKind kind) {
  switch (kind) {
    case config::RewriteKind::kCorrect:
      return "correct";
    case config::RewriteKind::kDrop:
      return "drop";
    case config::RewriteKind::kReplace:
      return "replace";
    case config::RewriteKind::kCite:
      return "cite";
  }
  return "unknown";
}

}  // namespace groundgate::filters::actions
