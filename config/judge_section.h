#pragma once
// A policy's `judge:` section (config::JudgeConfig): the model, the method, where and how its
// calls go, and their bounds.

#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// `judge: {model, method, upstream, path, auth | api_key_env, rewrite, band, max_sentences,
// max_calls_per_answer, max_in_flight, timeout, context_bytes, cache_bytes,
// breaker: {failures, open_for}}`; model required. The key named by api_key_env is read from
// the environment now: a variable unset or empty is an error.
std::optional<JudgeConfig> read_judge(const YamlField& field, ErrorSink& errors);

// The judge's upstream of every policy names one of `upstreams`.
void check_judge_upstreams(const std::vector<PolicyConfig>& policies,
                           const std::vector<UpstreamConfig>& upstreams, ErrorSink& errors);

// The most model calls one sentence can take under `config` (its method's protocol, and the
// mitigation's rewrite): what a sentence needs left of max_calls_per_answer to be asked.
std::size_t judge_calls_per_sentence(const JudgeConfig& config);

}  // namespace groundgate::config
