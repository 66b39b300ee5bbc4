#pragma once
// The judge (config::JudgeConfig) on one stream: a prose sentence the scorer is unsure of is put
// to the judge model by the policy's method (filters/judge: label, nli, triplets, debate), as
// side requests (stream_filter.h) to the judge's endpoint (the route's upstream, or an upstream
// and path of its own) in that endpoint's API shape (model::ModelCalls). A method may take
// several rounds of calls; each round's answers go back to its task, which asks the next or
// concludes. A conclusion decides the sentence's label only once acceptance.h passes it (a
// supported or contradicted verdict quotes the context, and the quote bears on the sentence;
// the engines do not refute it on the quote); else the scorer's label stands, and the verdict
// says the judge's answer was not taken and why. Bounded: max_sentences and max_calls_per_answer
// per stream, max_in_flight calls in the process, a circuit breaker and a verdict cache
// (judge_service.h). Whether it was asked, decided, rejected, failed or skipped, and why, goes to
// the summary and the report: never a silent skip.

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/checks/check.h"
#include "filters/checks/skip_reasons.h"
#include "filters/index/context_index.h"
#include "filters/judge/acceptance.h"
#include "filters/judge/call_limits.h"
#include "filters/judge/judge_call.h"
#include "filters/judge/judge_inputs.h"
#include "filters/judge/judge_service.h"
#include "filters/judge/judgement.h"
#include "filters/judge/quote_check.h"
#include "filters/score/scorer_model.h"
#include "filters/stream/stream_filter.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::filters::checks {

// The probabilities the judge is asked about: the configured band, or, unset, the scorer's doubt
// band (from its doubtful to its unsupported threshold: the sentences labelled doubtful); for a
// model without one, its unsupported threshold ± 0.15 (within [0, 1]), the sentences whose label
// it is least sure of, on both sides of it.
config::JudgeConfig::Band judge_band(const config::JudgeConfig& config,
                                     const score::Thresholds& thresholds);

// What a policy's judge is made of, once per config snapshot: its settings, what it keeps
// across streams (cache, breaker, calls in flight) and the policy's engines (acceptance's check
// of a quote; the triplets the triplets method judges).
struct JudgeSetup {
  config::JudgeConfig config;
  std::shared_ptr<judge::JudgeService> service;
  std::shared_ptr<const verify::VerifyConfig> engines;
  // The triplets method in `stream_first` hold: the answer's sentences in the band are judged in
  // one call when the answer ends (the thesis's batch; the text went on already). In `sentence`
  // hold each sentence waits for its verdict before the text after it goes, so the batch is the
  // sentence: an answer-wide batch would hold the whole answer back until its end.
  bool triplets_per_answer = false;
  // The policy's actions: the labels a rewrite acts on, which `rewrite: mitigate` rewrites.
  config::ActionsConfig actions;
};
std::shared_ptr<const JudgeSetup> make_judge_setup(
    const std::string& policy, const config::JudgeConfig& config,
    std::shared_ptr<const verify::VerifyConfig> engines, config::HoldMode hold,
    const config::ActionsConfig& actions = {});

// The side endpoint of the judge's calls (null: the stream's own endpoint, the client's header
// fields: today's judge on the route's upstream).
std::shared_ptr<const stream::SideEndpoint> judge_endpoint(const config::JudgeConfig& config);

// What a call's side answer was, as the judge's methods read it (judge_call.h): the model's
// text and token usage, or how the call failed.
judge::CallAnswer call_answer(const stream::SideAnswer* answer, const model::ModelCalls& calls);

class SentenceJudge {
 public:
  // `thresholds`: those the scorer labels by (the policy's or its model's).
  SentenceJudge(std::shared_ptr<const JudgeSetup> setup, const score::Thresholds& thresholds,
                std::string question);
  ~SentenceJudge();
  SentenceJudge(const SentenceJudge&) = delete;
  SentenceJudge& operator=(const SentenceJudge&) = delete;

  // The proxy can send side requests on this stream, written and read by `calls` (else every
  // sentence in the band is skipped, said so). A judge with an endpoint of its own speaks that
  // endpoint's API (calls->for_path).
  void serve(std::shared_ptr<const model::ModelCalls> calls);

  // A checked prose sentence whose probability of being unfaithful (the scorer's) is in the
  // band: the judge's to decide. Not one an engine aligned with evidence that says otherwise
  // (its contradiction is settled, whatever the probability).
  bool in_band(const verify::SentenceVerdict& verdict) const;

  // One sentence under judgement: its method's task and what its verdict is checked against.
  struct Question;
  struct Round {
    std::shared_ptr<Question> question;
    stream::SideRequestBatch batch;  // request ids: the call's position in the round
    // The sentence waits for its answer's end (triplets per answer): `batch` is empty, and
    // gather() makes the answer's one call.
    bool at_answer_end = false;
  };
  // Starts judging the sentence `verdict` is about (`sentence`: its text, in choice `choice`):
  // the first round of calls; or nullopt when it is decided already (a cached verdict, applied to
  // `verdict`) or not asked (over a bound, the breaker open, nothing for the method to judge:
  // counted).
  std::optional<Round> start(verify::SentenceVerdict& verdict, std::string_view sentence,
                             int choice, std::shared_ptr<const index::ContextIndex> index);
  // `rewrite: mitigate` (HSP's mitigator): the verdict's label is one the policy rewrites, so
  // the judge is asked to rewrite the sentence from its evidence only (one call). The rewrite
  // is used only when the engines find it supported by the whole context (acceptance.h's
  // accept_rewrite); otherwise the policy's own rewrite applies, and the verdict says why
  // (`judge_not_taken`: rewrite_unsupported, rewrite_contradicted, rewrite_invalid, ...).
  bool wants_mitigation(const verify::SentenceVerdict& verdict) const;
  // Starts the mitigation of a sentence (`judged`: one the judge decided, whose calls were
  // reserved with it; else it counts as a sentence put to the judge). Nullopt: decided from the
  // cache, or not asked (counted).
  std::optional<Round> start_mitigation(UnitVerdict& verdict, std::string_view sentence,
                                        std::shared_ptr<const index::ContextIndex> index,
                                        bool judged);
  // The mitigation of a sentence whose judgement `question` is over, when it wants one.
  std::optional<Round> mitigate_after(const Question& question, UnitVerdict& verdict);
  // A round's answers for the unit `verdict` is about, the mitigation's included (its
  // accepted rewrite goes to verdict.rewrite).
  std::optional<stream::SideRequestBatch> resume(Question& question,
                                                 const std::vector<stream::SideAnswer>& answers,
                                                 UnitVerdict& verdict);
  // Choice `choice`'s answer ended: the one call for the sentences that wait for it (their
  // triplets against all their evidence), or nullopt when there is no room for it
  // (max_in_flight: the sentences are counted skipped and keep the scorer's labels when they
  // resume).
  std::optional<stream::SideRequestBatch> gather(int choice);
  // A round's answers (any order; a missing one is a failed call): the next round's calls, or
  // nullopt once the question is over (its accepted verdict applied to `verdict`, else the
  // scorer's label left, counted).
  std::optional<stream::SideRequestBatch> resume(Question& question,
                                                 const std::vector<stream::SideAnswer>& answers,
                                                 verify::SentenceVerdict& verdict);

  // {"method":..,"asked":..,"decided":..,"changed":..,"rejected":..,"failed":..,"cached":..,
  // "calls":..,"input_tokens":..,"output_tokens":..,"last_failure":..,"last_rejection":..,
  // "rejections":{code:n,..},"unfinished":..,"skipped":..,"skip_reasons":{..}}, or "" when no
  // sentence fell in the band. A rejection's codes are acceptance.h's (judge.rejected.<code>).
  std::string summary_json() const;
  // The summary as the field "guard.judge", and for the metrics: counts
  // "judge.calls.<method>.<outcome>", "judge.tokens.<method>.input|output",
  // "judge.sentences.<decided|rejected|failed|cached>", "judge.rejected.<code>",
  // "judge.skipped.<reason>", and the
  // observations "judge_seconds" (each asked sentence's time from its first call to its
  // verdict).
  void report(stream::StreamReport& report) const;

  std::size_t asked() const { return asked_; }
  std::size_t decided() const { return decided_; }
  std::size_t changed() const { return changed_; }
  std::size_t rejected() const { return rejected_; }
  std::size_t failed() const { return failed_; }
  std::size_t cached() const { return cached_; }
  std::size_t calls() const { return calls_made_; }
  std::size_t mitigated() const { return mitigated_; }
  std::uint64_t input_tokens() const { return usage_.input_tokens; }
  std::uint64_t output_tokens() const { return usage_.output_tokens; }
  // Sentences in the band not asked about, for any reason.
  std::size_t skipped() const { return skipped_.total(); }

 private:
  // Why a sentence in the band is not asked about: no side requests, the breaker open, or the
  // answer's budget without `most_calls` calls left (empty: it is asked, the calls held).
  std::string_view admission(std::size_t most_calls);
  // The method's task for `question` and its inputs as the cache's key (not its prompts, whose
  // fences carry a fresh nonce each time); no task when the triplets engine is missing or the
  // sentence has no triplet. The triplets method's input is returned for an answer's batch.
  std::optional<judge::TripletInput> make_task(Question& question,
                                               const verify::SentenceVerdict& verdict,
                                               std::string_view sentence,
                                               const index::ContextIndex& index) const;
  std::optional<judge::TripletInput> make_triplet_task(Question& question,
                                                       std::string_view sentence,
                                                       const index::ContextIndex& index) const;
  // A judgement the cache keeps for the question decides `verdict` now (the calls held for it
  // given back); false when there is none.
  bool answered_from_cache(Question& question, verify::SentenceVerdict& verdict);
  // The question's first round posted; nullopt when the process has no room for its calls.
  std::optional<Round> ask(std::shared_ptr<Question> question);
  // The round's calls as a batch, with calls in flight held for it; nullopt when the process
  // has no room for them (counted by the caller).
  std::optional<stream::SideRequestBatch> post(Question& question, std::vector<judge::Call> calls);
  // Triplets per answer: `question` (whose triplets are `input`) joins its choice's batch,
  // which `reserved` calls of the budget were held for (its first sentence's), until gather().
  Round join_answer_batch(int choice, std::shared_ptr<Question> question, judge::TripletInput input,
                          std::size_t reserved);
  // The round's answers read into its task; breaker, outcomes and tokens counted; its slots
  // given back. When they were read.
  std::chrono::steady_clock::time_point take_round(Question& question,
                                                   const std::vector<stream::SideAnswer>& answers);
  // The mitigation is over with `judgement`: its rewrite is checked and kept on the question,
  // or refused and noted on the verdict.
  void conclude_mitigation(Question& question, const judge::Judgement& judgement,
                           UnitVerdict& verdict);
  // A judge finding that abstains, its code and reason (the annotation's judge_not_taken).
  void note(verify::SentenceVerdict& verdict, std::string_view code, std::string reason) const;
  // A sentence of an answer's batch resumes: the first reads the batch's answers for all.
  void resume_batched(Question& question, const std::vector<stream::SideAnswer>& answers,
                      verify::SentenceVerdict& verdict);
  // The question is over with `judgement`: accepted, it decides `verdict`.
  void conclude(Question& question, const judge::Judgement& judgement,
                verify::SentenceVerdict& verdict);
  void apply(const Question& question, const judge::Judgement& judgement,
             verify::SentenceVerdict& verdict);
  // The judgement was refused: the verdict keeps its label and says so (an abstaining finding
  // of the judge whose code is the refusal's, its reason why; annotations: "judge_not_taken").
  void note_refusal(const judge::Judgement& judgement, const judge::Refusal& refusal,
                    verify::SentenceVerdict& verdict) const;
  // The stream's context as quotes are checked against (made at the first question, again when
  // the context changed).
  std::shared_ptr<const judge::QuoteIndex> quotes_for(const index::ContextIndex& index);

  std::shared_ptr<const JudgeSetup> setup_;
  const config::JudgeConfig& config_;
  config::JudgeConfig::Band band_;
  std::string question_;
  std::shared_ptr<const model::ModelCalls> calls_;
  std::shared_ptr<const stream::SideEndpoint> endpoint_;
  judge::AnswerBudget budget_;
  const index::ContextIndex* quoted_index_ = nullptr;
  std::shared_ptr<const judge::QuoteIndex> quotes_;
  // Triplets per answer: each choice's batch while its answer runs; the choices that ended.
  std::map<int, std::shared_ptr<Question>> gathering_;
  std::vector<int> gathered_;
  std::size_t asked_ = 0;
  std::size_t decided_ = 0;
  std::size_t changed_ = 0;   // decided, and the label is not the scorer's
  std::size_t rejected_ = 0;  // a conclusion acceptance refused
  std::size_t failed_ = 0;    // no conclusion (calls failed, answers unreadable)
  std::size_t cached_ = 0;    // decided from the cache, without calls
  std::size_t finished_ = 0;  // asked and over (decided, rejected or failed)
  std::size_t calls_made_ = 0;
  std::size_t mitigations_ = 0;  // rewrites asked (cached ones too)
  std::size_t mitigated_ = 0;    // rewrites the engines accepted: sent in the sentence's place
  std::array<std::size_t, judge::kCallStatusCount> outcomes_{};  // calls, by how they ended
  std::vector<double> seconds_;  // each asked sentence's time with the judge (max_sentences)
  judge::Usage usage_;
  std::string last_failure_;
  std::string last_rejection_;
  std::map<std::string, std::size_t, std::less<>> rejections_;  // refusals by code
  SkipReasons skipped_;
};

}  // namespace groundgate::filters::checks
