#pragma once
// What the policy does with one finished sentence, from its verdict.

#include <string_view>

#include "config/config.h"
#include "filters/actions/guard_config.h"
#include "filters/checks/check.h"

namespace groundgate::filters::actions {

struct Decision {
  // supported | doubtful | unsupported | contradicted | no_context | unverified | no_claim
  std::string_view label;
  config::ActionConfig action;
};

// `verdict` null (or no_context): nothing to check against. An unsafe query gets the action of
// the check that judged it (the SQL guard's `sql.unsafe`) whatever else was found.
Decision decide(const GuardConfig& config, const checks::UnitVerdict* verdict);

// What could not be verified, whatever it is (a sentence the engines could not check, an
// unreadable request, an undecodable event, text forced past the hold): the one rule, "never
// a silent skip" — `on_error: open` releases it annotated, `closed` blocks it.
Decision decide_unverified(const GuardConfig& config);

std::string_view to_string(config::ActionKind kind);
std::string_view to_string(config::RewriteKind kind);

}  // namespace groundgate::filters::actions
