#pragma once
// A policy's guard, compiled once per config snapshot and shared by the policy's streams.

#include <memory>
#include <string>
#include <vector>

#include "config/config.h"
#include "filters/checks/check_table.h"
#include "filters/context/context_options.h"
#include "filters/index/context_index_cache.h"
#include "filters/sql/schema_cache.h"
#include "filters/verify/answer_summary.h"

namespace groundgate::filters::actions {

struct GuardConfig {
  std::string policy;
  context::ContextOptions context;
  // Shared by the snapshot's streams (thread-safe); null: every stream builds its own index.
  std::shared_ptr<index::ContextIndexCache> cache;
  config::HoldMode hold = config::HoldMode::kStreamFirst;
  config::ActionsConfig actions;
  config::RewriteConfig rewrite;
  config::AnswerThresholdConfig answer;
  config::OnError on_error = config::OnError::kOpen;
  verify::AnswerRule rule;  // the answer-level verdict of the summary
  bool verify_json_responses = false;
  bool verify_refusals = true;    // refusal text is answer text; else unverified
  bool verify_reasoning = false;  // reasoning text is checked; else counted, unverified
  // Prose is verified against the retrieved context (the policy names verifiers); without,
  // prose sentences are counted unchecked and only the structured checks (SQL) run.
  bool prose = true;
  bool verify_tool_calls = false;  // tool calls are checked against the context too
  // The policy's checks (filters/checks), in the order they judge a unit.
  std::vector<checks::PolicyCheck> checks;
};

// The guard of `policy`; the verifiers' shared parts (lexicon, link-grammar dictionary, triplet
// cache) are loaded from the directories `data` names once per process and shared. What could
// not be loaded goes to `engine_error` when given (the guard then reports those engines
// missing on every sentence, and on_error decides). `schema_cache`: the snapshot's SQL schema
// databases (null: each stream builds its own).
std::shared_ptr<const GuardConfig> compile_guard(
    const config::PolicyConfig& policy, std::shared_ptr<index::ContextIndexCache> cache,
    const config::LanguageDataConfig& data = {}, std::string* engine_error = nullptr,
    std::shared_ptr<sql::SchemaCache> schema_cache = nullptr);

}  // namespace groundgate::filters::actions
