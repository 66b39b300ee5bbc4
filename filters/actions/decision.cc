#include "filters/actions/decision.h"

namespace groundgate::filters::actions {

using config::ActionConfig;
using config::ActionKind;

Decision decide(const GuardConfig& config, const verify::SentenceVerdict* verdict) {
  if (verdict == nullptr || verdict->no_context) return {"no_context", config.actions.no_context};
  if (!verdict->ok()) return decide_unverified(config);
  if (verdict->query && config.sql && verdict->unsafe()) {
    return {"unsafe", config.sql->settings.unsafe};
  }
  if (!verdict->claims) return {"no_claim", ActionConfig{ActionKind::kPass}};
  switch (verdict->label) {
    case verify::Label::kSupported:
      return {"supported", config.actions.supported};
    case verify::Label::kUnsupported:
      return {"unsupported", config.actions.unsupported};
    case verify::Label::kContradicted:
      return {"contradicted", config.actions.contradicted};
    case verify::Label::kDoubtful:
      return {"doubtful", config.actions.doubtful};
  }
  return {"unverified", ActionConfig{ActionKind::kBlock}};
}

Decision decide_unverified(const GuardConfig& config) {
  return {"unverified",
          ActionConfig{config.on_error == config::OnError::kOpen ? ActionKind::kAnnotate
                                                                 : ActionKind::kBlock}};
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
