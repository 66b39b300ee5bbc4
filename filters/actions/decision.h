#pragma once
// What the policy does with one finished sentence, from its verdict.

#include <string_view>

#include "config/config.h"
#include "filters/actions/guard_config.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::actions {

struct Decision {
  // supported | unsupported | contradicted | no_context | unverified | no_claim
  std::string_view label;
  config::ActionConfig action;
};

// `verdict` null: the request has no context (nothing to check against).
Decision decide(const GuardConfig& config, const verify::SentenceVerdict* verdict);

// A query's verdict: an unsafe query gets the policy's `sql.unsafe` action whatever else was
// found; a query with no schema to check against and nothing found is `no_context`; the rest
// as a sentence.
Decision decide_sql(const GuardConfig& config, const SqlUnitVerdict& verdict);

std::string_view to_string(config::ActionKind kind);
std::string_view to_string(config::RewriteKind kind);

}  // namespace groundgate::filters::actions
