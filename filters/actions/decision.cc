#include "filters/actions/decision.h"

namespace groundgate::filters::actions {

using config::ActionConfig;
using config::ActionKind;

namespace {

// An annotate-only verdict (SQL findings of imprecise kinds) is never blocked or rewritten.
ActionConfig at_most_annotate(const verify::SentenceVerdict& verdict, ActionConfig action) {
  if (verdict.annotate_only &&
      (action.kind == ActionKind::kBlock || action.kind == ActionKind::kRewrite)) {
    action.kind = ActionKind::kAnnotate;
  }
  return action;
}

}  // namespace

Decision decide(const GuardConfig& config, const checks::UnitVerdict* unit) {
  const verify::SentenceVerdict* verdict = unit != nullptr ? &unit->verdict : nullptr;
  if (verdict == nullptr || verdict->no_context) return {"no_context", config.actions.no_context};
  if (!verdict->ok()) return decide_unverified(config);
  if (verdict->query && unit->unsafe_action && verdict->unsafe()) {
    return {"unsafe", *unit->unsafe_action};
  }
  if (!verdict->claims) return {"no_claim", ActionConfig{ActionKind::kPass}};
  switch (verdict->label) {
    case verify::Label::kSupported:
      return {"supported", config.actions.supported};
    case verify::Label::kUnsupported:
      return {"unsupported", at_most_annotate(*verdict, config.actions.unsupported)};
    case verify::Label::kContradicted:
      return {"contradicted", at_most_annotate(*verdict, config.actions.contradicted)};
    case verify::Label::kDoubtful:
      return {"doubtful", at_most_annotate(*verdict, config.actions.doubtful)};
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
