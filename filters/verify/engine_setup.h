#pragma once
// A policy's verification settings and the engines' shared resources, set up the same way for
// the proxy's guard and for `groundgate check` / `groundgate eval`.

#include <string>

#include "config/config.h"
#include "filters/triplet/triplet_extractor.h"
#include "filters/verify/answer_summary.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::filters::verify {

// The engines and their parameters as `policy` names them (shared resources not loaded).
VerifyConfig verify_settings(const config::PolicyConfig& policy);
// The answer-level rule (when an answer counts as hallucinated) of a policy's settings, with
// the scorer loaded for it (load_scorer).
AnswerRule answer_rule(const VerifyConfig& verify);

// Loads the policy's scorer model into `config` (the built-in one is parsed once per process)
// and its thresholds, the policy's over the model's. Returns "" or why it could not: then
// `config.scorer` stays null while wanted, and its sentences are reported kEngineMissing.
std::string load_scorer(VerifyConfig& config, const config::ScorerConfig& scorer);

// Loads what the selected engines share: WordNet (always) and, with triplets, the link-grammar
// dictionary, an extractor and a triplet cache, from the directories `data` names. Loaded
// once per process (per directory) and shared when `options` are the defaults. Returns "" or
// what could not be loaded; the config is usable either way (an engine that did not load
// reports kEngineMissing on every sentence), and the proxy refuses to start with it.
std::string load_engines(VerifyConfig& config,
                         const triplet::TripletExtractor::Options& options = {},
                         const config::LanguageDataConfig& data = {});

}  // namespace groundgate::filters::verify
