#pragma once
// The judge (config::JudgeConfig): a prose sentence the scorer is unsure of is put to a model on
// the route's upstream as a side request (stream_filter.h), in the shape of the API the app used,
// with the sentence, the user's question and the context around its evidence; the model's
// one-word answer decides the sentence's label. At most `max_sentences` per stream; several may
// be out at once (in stream_first, where no text waits for them), each answered by its own id.
// Whether it was asked, decided, failed or skipped, and why, goes to the summary and the report:
// never a silent skip.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/actions/skip_reasons.h"
#include "filters/index/context_index.h"
#include "filters/stream/stream_filter.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::actions {

// The judge's request for one sentence, in the shape of `api` (not streamed, not stored).
std::string judge_request(model::Api api, const config::JudgeConfig& config,
                          std::string_view sentence, std::string_view question,
                          std::string_view evidence);

// The judge's label in its answer's text: its first word, "supported", "unsupported" or
// "contradicted" (any case, punctuation around it ignored). Nullopt for anything else.
std::optional<verify::Label> judged_label(std::string_view text);

// The probabilities the judge is asked about: the configured band, or, unset, the scorer's
// `unsupported_at` threshold ± 0.15 (within [0, 1]): the sentences whose label the scorer is
// least sure of, on both sides of it.
config::JudgeConfig::Band judge_band(const config::JudgeConfig& config, double unsupported_at);

class SentenceJudge {
 public:
  // `unsupported_at`: the threshold the scorer labels by (the policy's or its model's).
  SentenceJudge(const config::JudgeConfig& config, double unsupported_at, std::string question)
      : config_(config),
        band_(judge_band(config, unsupported_at)),
        question_(std::move(question)) {}

  // The proxy can send side requests on this stream, to the endpoint of `api` (else every
  // sentence in the band is skipped, said so).
  void serve(model::Api api) { api_ = api; }

  // A checked prose sentence whose probability of being unfaithful (the scorer's) is in the
  // band: the judge's to decide.
  bool in_band(const verify::SentenceVerdict& verdict) const;
  // A sentence in the band is not asked about, for `reason`: counted.
  void skip(std::string_view reason) { skipped_.add(reason); }
  // Asks about the sentence in the band: its request joins the batch take_batch() hands over,
  // and the id its answer will carry is returned. Nullopt, counted, when it cannot be asked
  // (no side requests on this endpoint, max_sentences reached).
  std::optional<std::uint64_t> ask(const verify::SentenceVerdict& verdict,
                                   std::string_view sentence, const index::ContextIndex& index);
  std::optional<stream::SideRequestBatch> take_batch();
  // Whether `answers` (one batch's) answer the judge's request `id`.
  static bool answers_request(const std::vector<stream::SideAnswer>& answers, std::uint64_t id);

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
  std::optional<model::Api> api_;
  // The judge's request ids are a range of their own, apart from SQL check 5's (from 0): one
  // filter's side answers are told apart by their ids.
  static constexpr std::uint64_t kFirstRequestId = std::uint64_t{1} << 32;

  std::optional<stream::SideRequestBatch> batch_;
  std::size_t asked_ = 0;
  std::size_t decided_ = 0;
  std::size_t changed_ = 0;  // decided, and the label is not the scorer's
  std::size_t failed_ = 0;
  std::string last_failure_;  // why the last failed answer was of no use
  SkipReasons skipped_;
};

}  // namespace groundgate::filters::actions
