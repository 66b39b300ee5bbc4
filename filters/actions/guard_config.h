#pragma once
// A policy's guard, compiled once per config snapshot and shared by the policy's streams.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "filters/actions/sql_guard.h"
#include "filters/context/context_options.h"
#include "filters/index/context_index_cache.h"
#include "filters/verify/answer_summary.h"
#include "filters/verify/code_checker.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::filters::actions {

struct GuardConfig {
  std::string policy;
  context::ContextOptions context;
  std::shared_ptr<const verify::VerifyConfig> verify;
  // Shared by the snapshot's streams (thread-safe); null: every stream builds its own index.
  std::shared_ptr<index::ContextIndexCache> cache;
  config::HoldMode hold = config::HoldMode::kStreamFirst;
  config::ActionsConfig actions;
  config::RewriteConfig rewrite;
  config::AnswerThresholdConfig answer;
  config::OnError on_error = config::OnError::kOpen;
  verify::AnswerRule rule;  // the answer-level verdict of the summary
  bool verify_json_responses = false;
  bool verify_tool_calls = false;
  bool verify_refusals = true;    // refusal text is answer text; else unverified
  bool verify_reasoning = false;  // reasoning text is checked; else counted, unverified
  // Code-block languages the policy checks with a checker of their own; a block in any other
  // language (or none) is unverified. SQL is the SQL guard's (`sql`).
  std::vector<verify::CodeLanguage> code_languages;
  // Prose sentences are verified (the policy names verifiers); without, only SQL is checked and
  // prose sentences are counted unchecked.
  bool prose = true;
  // The judge (`judge:`): a model asked about the sentences the scorer is unsure of; unset: none.
  std::optional<config::JudgeConfig> judge;
  // The SQL guard (`sql:`): the checker of SQL code blocks, whole answers and tool arguments;
  // null when the policy has none.
  std::shared_ptr<const SqlGuardConfig> sql;
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
