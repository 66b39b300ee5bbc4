#pragma once
// `groundgate eval … --judge-upstream URL --judge-model NAME`: the sentences the scorer is unsure
// of are put to a judge model as the proxy's judge puts them
// (filters/checks/judge/sentence_judge.h): the same request, the same reading of the answer, the
// same band and budget per answer; one blocking chat-completions call at a time. Measures what a
// policy's `judge:` would change.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "filters/index/context_index.h"
#include "filters/score/scorer_model.h"
#include "filters/verify/sentence_verdict.h"
#include "offline/eval_samples.h"
#include "offline/model_client.h"
#include "proxy/cli/args.h"

namespace groundgate::offline {

using proxy::cli::Args;

struct EvalJudge {
  ModelEndpoint endpoint;
  config::JudgeConfig config;
};

// Counts over every answer of a run.
struct JudgeTally {
  std::size_t asked = 0;
  std::size_t decided = 0;
  std::size_t changed = 0;
  std::size_t failed = 0;
  std::size_t skipped = 0;
  void print() const;
};

// From --judge-upstream URL, --judge-model NAME, --judge-band LOW,HIGH, --judge-max N,
// --judge-timeout MS and the API key in $OPENAI_API_KEY (or --api-key-env VAR). Nullopt with an
// empty `error` when --judge-upstream is not given; with `error` when an option is wrong.
std::optional<EvalJudge> eval_judge(const Args& args, std::string& error);

// The judge asked about the sample's sentences in its band (by default around
// `unsupported_at`, the scorer's threshold), its verdicts changed in place.
void judge_sample(const EvalJudge& judge, const filters::score::Thresholds& thresholds,
                  const Sample& sample, const filters::index::ContextIndex& index,
                  std::vector<filters::verify::SentenceVerdict>& verdicts, JudgeTally& tally);

}  // namespace groundgate::offline
