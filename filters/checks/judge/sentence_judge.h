#pragma once
// The judge (config::JudgeConfig): a prose sentence the scorer is unsure of is put to a model on
// the route's upstream as a side request (stream_filter.h), in the shape of the API the app used
// (model::ModelCalls), with the sentence, the user's question and the context around its
// evidence; the model's one-word answer decides the sentence's label. At most `max_sentences`
// per stream; several may be out at once (in stream_first, where no text waits for them).
// Whether it was asked, decided, failed or skipped, and why, goes to the summary and the report:
// never a silent skip.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/checks/skip_reasons.h"
#include "filters/index/context_index.h"
#include "filters/score/scorer_model.h"
#include "filters/stream/stream_filter.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::checks {

// What the judge is told about its task (the system's part of its request).
extern const std::string_view kJudgeInstructions;

// What the judge is asked about one sentence (the user's part of its request).
std::string judge_prompt(std::string_view sentence, std::string_view question,
                         std::string_view evidence);

// The judge's label in its answer's text: its first word, "supported", "unsupported" or
// "contradicted" (any case, punctuation around it ignored). Nullopt for anything else.
std::optional<verify::Label> judged_label(std::string_view text);

// The probabilities the judge is asked about: the configured band, or, unset, the scorer's doubt
// band (from its doubtful to its unsupported threshold: the sentences labelled doubtful); for a
// model without one, its unsupported threshold ± 0.15 (within [0, 1]), the sentences whose label
// it is least sure of, on both sides of it.
config::JudgeConfig::Band judge_band(const config::JudgeConfig& config,
                                     const score::Thresholds& thresholds);

class SentenceJudge {
 public:
  // `thresholds`: those the scorer labels by (the policy's or its model's).
  SentenceJudge(const config::JudgeConfig& config, const score::Thresholds& thresholds,
                std::string question)
      : config_(config), band_(judge_band(config, thresholds)), question_(std::move(question)) {}

  // The proxy can send side requests on this stream, written and read by `calls` (else every
  // sentence in the band is skipped, said so).
  void serve(std::shared_ptr<const model::ModelCalls> calls) { calls_ = std::move(calls); }

  // A checked prose sentence whose probability of being unfaithful (the scorer's) is in the
  // band: the judge's to decide. Not one an engine aligned with evidence that says otherwise
  // (its contradiction is settled, whatever the probability).
  bool in_band(const verify::SentenceVerdict& verdict) const;
  // A sentence in the band is not asked about, for `reason`: counted.
  void skip(std::string_view reason) { skipped_.add(reason); }
  // The request asking about a sentence in the band (counted as asked). Nullopt, counted, when
  // it cannot be asked (no side requests on this endpoint, max_sentences reached).
  std::optional<std::string> ask(const verify::SentenceVerdict& verdict, std::string_view sentence,
                                 const index::ContextIndex& index);
  // The bounds of one question's call.
  stream::SideRequestLimits limits() const;

  // The judge's answer to request `id` among `answers`: its label decides `verdict` (a finding
  // of the judge, the probability 0 or 1); a missing, failed or unreadable answer leaves the
  // scorer's label and is counted.
  void judge(const std::vector<stream::SideAnswer>& answers, std::uint64_t id,
             verify::SentenceVerdict& verdict);

  // {"asked":..,"decided":..,"changed":..,"failed":..,"last_failure":..,"skipped":..,
  // "skip_reasons":{..}}, or "" when no sentence fell in the band.
  std::string summary_json() const;
  void report(stream::StreamReport& report) const;

  std::size_t asked() const { return asked_; }
  std::size_t decided() const { return decided_; }
  std::size_t changed() const { return changed_; }
  std::size_t failed() const { return failed_; }
  // Sentences in the band not asked about, for any reason.
  std::size_t skipped() const { return skipped_.total(); }

 private:
  config::JudgeConfig config_;
  config::JudgeConfig::Band band_;
  std::string question_;
  std::shared_ptr<const model::ModelCalls> calls_;
  std::size_t asked_ = 0;
  std::size_t decided_ = 0;
  std::size_t changed_ = 0;  // decided, and the label is not the scorer's
  std::size_t failed_ = 0;
  std::string last_failure_;  // why the last failed answer was of no use
  SkipReasons skipped_;
};

}  // namespace groundgate::filters::checks
