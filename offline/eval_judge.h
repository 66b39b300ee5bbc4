#pragma once
// `groundgate eval … --judge-upstream URL --judge-model NAME [--judge-method M]`: the sentences
// the scorer is unsure of are put to a judge model as the proxy's judge puts them
// (filters/checks/judge/sentence_judge.h): the same method, requests, reading of the answers,
// acceptance of their quotes, band and budget per answer; one blocking chat-completions call at
// a time. Measures what a policy's `judge:` would change, and what it costs in calls and tokens.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "filters/checks/judge/sentence_judge.h"
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
  // Made once the engines are (prepare_judge): the verdict cache lives across the run's answers.
  std::shared_ptr<const filters::checks::JudgeSetup> setup;
};

// Counts over every answer of a run.
struct JudgeTally {
  std::size_t asked = 0;
  std::size_t decided = 0;
  std::size_t changed = 0;
  std::size_t rejected = 0;
  std::size_t failed = 0;
  std::size_t cached = 0;
  std::size_t skipped = 0;
  std::size_t calls = 0;
  std::size_t answers = 0;  // answers with a sentence asked about
  std::uint64_t input_tokens = 0;
  std::uint64_t output_tokens = 0;
  void print() const;
};

// From --judge-upstream URL, --judge-model NAME, --judge-method label|nli|triplets|debate,
// --judge-band LOW,HIGH, --judge-max N, --judge-max-calls N, --judge-timeout MS and the API key
// in $OPENAI_API_KEY (or --api-key-env VAR). Nullopt with an empty `error` when --judge-upstream
// is not given; with `error` when an option is wrong.
std::optional<EvalJudge> eval_judge(const Args& args, std::string& error);

// The judge's setup with the run's engines (acceptance checks quotes with them; the triplets
// method reads their triplets).
void prepare_judge(EvalJudge& judge, std::shared_ptr<const filters::verify::VerifyConfig> engines);

// The judge asked about the sample's sentences in its band (by default the scorer's doubt
// band), its accepted verdicts changed in place.
void judge_sample(const EvalJudge& judge, const filters::score::Thresholds& thresholds,
                  const Sample& sample, std::shared_ptr<const filters::index::ContextIndex> index,
                  std::vector<filters::verify::SentenceVerdict>& verdicts, JudgeTally& tally);

}  // namespace groundgate::offline
