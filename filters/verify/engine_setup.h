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
// The answer-level rule of `policy` (when an answer counts as hallucinated).
AnswerRule answer_rule(const config::PolicyConfig& policy);

// Loads what the selected engines share: WordNet (always) and, with triplets, the link-grammar
// dictionary, an extractor and a triplet cache, from the directories `data` names. Loaded
// once per process (per directory) and shared when `options` are the defaults. Returns "" or
// what could not be loaded; the config is usable either way (an engine that did not load
// reports kEngineMissing on every sentence), and the proxy refuses to start with it.
std::string load_engines(VerifyConfig& config,
                         const triplet::TripletExtractor::Options& options = {},
                         const config::LanguageDataConfig& data = {});

}  // namespace groundgate::filters::verify
