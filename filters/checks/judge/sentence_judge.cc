#include "filters/checks/judge/sentence_judge.h"

#include <algorithm>
#include <chrono>

#include "config/judge_section.h"
#include "filters/judge/acceptance.h"
#include "filters/judge/debate_method.h"
#include "filters/judge/engine_check.h"
#include "filters/judge/judge_inputs.h"
#include "filters/judge/label_method.h"
#include "filters/judge/mitigation.h"
#include "filters/judge/nli_method.h"
#include "filters/judge/result_cache.h"
#include "filters/judge/triplet_method.h"
#include "filters/verdict/json_string.h"
#include "filters/verify/scored_label.h"

namespace groundgate::filters::checks {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::string_view kDefaultJudgePath = "/v1/chat/completions";
constexpr std::size_t kMaxReasonBytes = 300;

std::string_view method_name(config::JudgeMethod method) {
  switch (method) {
    case config::JudgeMethod::kNli:
      return "nli";
    case config::JudgeMethod::kTriplets:
      return "triplets";
    case config::JudgeMethod::kDebate:
      return "debate";
    case config::JudgeMethod::kLabel:
      break;
  }
  return "label";
}

// A finding of an engine (not the judge) that contradicts the sentence with evidence it cites.
bool contradicts_with_evidence(const verify::Finding& f) {
  return f.engine != verify::Engine::kJudge && !f.abstains &&
         f.label == verify::Label::kContradicted && f.evidence.has_value();
}

// What the proxy knew before the judge: the scorer's label and the engines' evidence against
// the sentence (the spans of the context their contradicting findings cite).
judge::Prior prior_of(const verify::SentenceVerdict& verdict, const index::ContextIndex& index) {
  judge::Prior prior;
  prior.label = verdict.label;
  const auto& passages = index.passages();
  for (const verify::Finding& f : verdict.findings) {
    if (!contradicts_with_evidence(f)) continue;
    prior.engines_contradict = true;
    const verify::Evidence& e = *f.evidence;
    if (e.passage >= passages.size() || e.begin >= e.end) continue;
    const std::string_view text = passages[e.passage].text;
    if (e.end > text.size()) continue;
    prior.evidence.emplace_back(text.substr(e.begin, e.end - e.begin));
  }
  return prior;
}

// Where the quote is, when it is a span of a passage as written (the checked quote may differ in
// case and spacing: then the finding names no span, and its reason holds the quote).
std::optional<verify::Evidence> locate(std::string_view quote, const index::ContextIndex& index) {
  if (quote.empty()) return std::nullopt;
  const auto& passages = index.passages();
  for (std::size_t p = 0; p < passages.size(); ++p) {
    const std::size_t at = std::string_view(passages[p].text).find(quote);
    if (at == std::string_view::npos) continue;
    return verify::Evidence{static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(at),
                            static_cast<std::uint32_t>(at + quote.size())};
  }
  return std::nullopt;
}

// What an NLI question is asked on besides the sentence: its passages and its claims with
// the passages each cites (the method's inputs, not its prompts, whose fences carry a fresh
// nonce each time).
std::string nli_evidence(const judge::NliInput& in) {
  std::string evidence;
  for (const std::string& p : in.passages)
    evidence += p + '\0';
  for (const judge::NliInput::Claim& c : in.claims) {
    evidence += c.text + '\1';
    for (std::size_t at : c.passages)
      evidence += std::to_string(at) + ',';
  }
  return evidence;
}

}  // namespace

// One sentence under judgement.
struct SentenceJudge::Question {
  std::string sentence;
  std::string cache_evidence;  // what the verdict was asked on besides the sentence
  judge::Prior prior;
  std::shared_ptr<const judge::QuoteIndex> quotes;   // the debate's task reads it
  std::shared_ptr<const index::ContextIndex> index;  // the stream's context when asked
  std::unique_ptr<judge::JudgeTask> task;
  Clock::time_point asked_at;
  Clock::time_point deadline;  // asked_at + the judge's timeout: every round ends by then
  std::size_t calls_out = 0;   // the round's, in request id order
  std::size_t reserved = 0;    // calls of the answer's budget held for it
  judge::InFlightLimit::Slots slots;
  // Triplets per answer. A sentence of the batch: the batch's question (which holds the task,
  // the call and its slots) and its place there. The batch's question: its sentences' units
  // and every source once, their cache keys, and once its answers are read, their judgements.
  std::shared_ptr<Question> batch;
  std::size_t in_batch = 0;
  std::vector<judge::TripletUnit> units;
  std::vector<judge::SourceTriplet> sources;
  std::vector<std::pair<std::string, std::string>> keys;  // (evidence, sentence) per unit
  bool resolved = false;
  std::vector<judge::Judgement> judgements;
  bool mitigation = false;  // the question is a rewrite (rewrite: mitigate), not a verdict
};

config::JudgeConfig::Band judge_band(const config::JudgeConfig& config,
                                     const score::Thresholds& thresholds) {
  constexpr double kHalfWidth = 0.15;
  if (config.band) return *config.band;
  if (thresholds.doubtful < thresholds.unsupported)
    return {thresholds.doubtful, thresholds.unsupported};
  const double at = thresholds.unsupported;
  return {std::max(0.0, at - kHalfWidth), std::min(1.0, at + kHalfWidth)};
}

std::shared_ptr<const JudgeSetup> make_judge_setup(
    const std::string& policy, const config::JudgeConfig& config,
    std::shared_ptr<const verify::VerifyConfig> engines, config::HoldMode hold,
    const config::ActionsConfig& actions) {
  const bool per_answer =
      config.method == config::JudgeMethod::kTriplets && hold == config::HoldMode::kStreamFirst;
  return std::make_shared<const JudgeSetup>(JudgeSetup{
      config, judge::shared_service(policy, config), std::move(engines), per_answer, actions});
}

std::shared_ptr<const stream::SideEndpoint> judge_endpoint(const config::JudgeConfig& config) {
  if (config.upstream.empty() && config.path.empty() && config.auth == config::JudgeAuth::kForward)
    return nullptr;
  auto e = std::make_shared<stream::SideEndpoint>();
  e->upstream = config.upstream;
  e->path = !config.path.empty() || config.upstream.empty() ? config.path
                                                            : std::string(kDefaultJudgePath);
  switch (config.auth) {
    case config::JudgeAuth::kForward:
      e->auth = stream::SideEndpoint::Auth::kForward;
      break;
    case config::JudgeAuth::kApiKey:
      e->auth = stream::SideEndpoint::Auth::kBearer;
      e->bearer = config.api_key;
      break;
    case config::JudgeAuth::kNone:
      e->auth = stream::SideEndpoint::Auth::kNone;
      break;
  }
  return e;
}

judge::CallAnswer call_answer(const stream::SideAnswer* answer, const model::ModelCalls& calls) {
  using judge::CallStatus;
  judge::CallAnswer out;
  if (answer == nullptr) {
    out.status = CallStatus::kFailed;
    out.error = "no answer";
  } else if (!answer->error.empty()) {
    out.status = answer->error == "timeout"     ? CallStatus::kTimeout
                 : answer->error == "cancelled" ? CallStatus::kCancelled
                                                : CallStatus::kFailed;
    out.error = answer->error;
  } else if (answer->status / 100 != 2) {
    out.status = CallStatus::kHttpError;
    out.error = "status " + std::to_string(answer->status);
  } else if (std::optional<model::ModelAnswer> said = calls.read_answer(answer->body, out.error)) {
    out.status = CallStatus::kOk;
    out.text = std::move(said->text);
    out.usage = {said->usage.input_tokens, said->usage.output_tokens};
  } else {
    out.status = CallStatus::kUnreadable;
  }
  return out;
}

SentenceJudge::SentenceJudge(std::shared_ptr<const JudgeSetup> setup,
                             const score::Thresholds& thresholds, std::string question)
    : setup_(std::move(setup)),
      config_(setup_->config),
      band_(judge_band(config_, thresholds)),
      question_(std::move(question)),
      endpoint_(judge_endpoint(config_)),
      budget_(config_.max_calls_per_answer, config_.max_sentences) {}

SentenceJudge::~SentenceJudge() = default;

void SentenceJudge::serve(std::shared_ptr<const model::ModelCalls> calls) {
  if (calls && endpoint_ && !endpoint_->path.empty()) {
    calls_ = calls->for_path(endpoint_->path);
  } else {
    calls_ = std::move(calls);
  }
}

bool SentenceJudge::in_band(const verify::SentenceVerdict& verdict) const {
  if (!verdict.ok() || !verdict.unfaithful || verdict.findings.empty()) return false;
  if (verify::conflict_kind(verdict) == verify::ConflictKind::kAligned ||
      verify::says_more_than_evidence(verdict))
    return false;
  const double p = *verdict.unfaithful;
  return p >= band_.low && p <= band_.high;
}

std::shared_ptr<const judge::QuoteIndex> SentenceJudge::quotes_for(
    const index::ContextIndex& index) {
  if (quotes_ && quoted_index_ == &index) return quotes_;
  auto quotes = std::make_shared<judge::QuoteIndex>();
  for (const context::Passage& p : index.passages())
    quotes->add(p.text);
  quotes_ = std::move(quotes);
  quoted_index_ = &index;
  return quotes_;
}

std::optional<SentenceJudge::Round> SentenceJudge::start(
    verify::SentenceVerdict& verdict, std::string_view sentence, int choice,
    std::shared_ptr<const index::ContextIndex> context) {
  // Triplets per answer: the answer's first sentence holds the batch's one call, the others
  // join it (a choice whose answer ended already, as after a reload, asks on its own).
  const bool batched = setup_->triplets_per_answer &&
                       std::find(gathered_.begin(), gathered_.end(), choice) == gathered_.end();
  const bool joins = batched && gathering_.contains(choice);
  const std::size_t most_calls = joins ? 0 : config::judge_calls_per_sentence(config_);
  if (const std::string_view unasked = admission(most_calls); !unasked.empty()) {
    skipped_.add(unasked);
    return std::nullopt;
  }
  const index::ContextIndex& index = *context;
  auto q = std::make_shared<Question>();
  q->sentence = std::string(sentence);
  q->prior = prior_of(verdict, index);
  q->quotes = quotes_for(index);
  q->index = std::move(context);
  q->reserved = most_calls;
  std::optional<judge::TripletInput> triplets = make_task(*q, verdict, sentence, index);
  if (!q->task) {
    // The triplets engine is missing, or the sentence has no triplet: nothing to put.
    budget_.give_back(most_calls);
    skipped_.add(setup_->engines && setup_->engines->extractor ? "no_triplets" : "engine_missing");
    return std::nullopt;
  }
  if (answered_from_cache(*q, verdict)) return std::nullopt;
  if (batched) return join_answer_batch(choice, std::move(q), std::move(*triplets), most_calls);
  return ask(std::move(q));
}

std::string_view SentenceJudge::admission(std::size_t most_calls) {
  if (!calls_) return "no_side_requests";
  if (!setup_->service->breaker().allow(Clock::now())) return "breaker_open";
  return budget_.admit(most_calls);
}

std::optional<judge::TripletInput> SentenceJudge::make_task(
    Question& q, const verify::SentenceVerdict& verdict, std::string_view sentence,
    const index::ContextIndex& index) const {
  switch (config_.method) {
    case config::JudgeMethod::kLabel:
    case config::JudgeMethod::kDebate: {
      judge::SentenceInput in =
          judge::sentence_input(0, sentence, question_, verdict, index, config_.context_bytes);
      q.cache_evidence = in.question + '\0' + in.evidence;
      if (config_.method == config::JudgeMethod::kLabel) {
        q.task = std::make_unique<judge::LabelTask>(std::move(in));
      } else {
        q.task = std::make_unique<judge::DebateTask>(std::move(in), *q.quotes);
      }
      return std::nullopt;
    }
    case config::JudgeMethod::kNli: {
      judge::NliInput in = judge::nli_input(0, sentence, verdict, index, config_.context_bytes);
      q.cache_evidence = nli_evidence(in);
      q.task = std::make_unique<judge::NliTask>(std::move(in));
      return std::nullopt;
    }
    case config::JudgeMethod::kTriplets:
      return make_triplet_task(q, sentence, index);
  }
  return std::nullopt;
}

std::optional<judge::TripletInput> SentenceJudge::make_triplet_task(
    Question& q, std::string_view sentence, const index::ContextIndex& index) const {
  const verify::VerifyConfig* engines = setup_->engines.get();
  if (engines == nullptr || !engines->extractor) return std::nullopt;
  std::optional<judge::TripletInput> in = judge::triplet_input(
      0, sentence, index, *engines->extractor, engines->triplet_cache.get(), config_.context_bytes);
  if (!in) return std::nullopt;
  for (const judge::SourceTriplet& t : in->sources)
    q.cache_evidence += t.sentence + '\0';
  q.task =
      std::make_unique<judge::TripletTask>(std::vector<judge::TripletUnit>{in->unit}, in->sources);
  return in;
}

bool SentenceJudge::answered_from_cache(Question& q, verify::SentenceVerdict& verdict) {
  const judge::CacheKey key{config_.method, config_.model, q.cache_evidence, q.sentence};
  std::optional<judge::Judgement> kept = setup_->service->cache().find(key);
  if (!kept) return false;
  budget_.give_back(q.reserved);
  ++cached_;
  ++asked_;
  conclude(q, *kept, verdict);
  return true;
}

std::optional<SentenceJudge::Round> SentenceJudge::ask(std::shared_ptr<Question> q) {
  q->asked_at = Clock::now();
  q->deadline = q->asked_at + config_.timeout;
  std::optional<stream::SideRequestBatch> batch = post(*q, q->task->next_calls());
  if (!batch) {
    budget_.give_back(q->reserved);
    skipped_.add("max_in_flight");
    return std::nullopt;
  }
  ++asked_;
  return Round{std::move(q), std::move(*batch)};
}

SentenceJudge::Round SentenceJudge::join_answer_batch(int choice, std::shared_ptr<Question> q,
                                                      judge::TripletInput input,
                                                      std::size_t reserved) {
  std::shared_ptr<Question>& b = gathering_[choice];
  if (!b) {
    b = std::make_shared<Question>();
    b->reserved = reserved;  // the batch's one call, reserved by its first sentence
  }
  q->batch = b;
  q->in_batch = b->units.size();
  b->units.push_back(std::move(input.unit));
  b->units.back().unit = q->in_batch;
  for (judge::SourceTriplet& t : input.sources) {
    const std::string line = judge::triplet_line(t.triplet);
    const bool known = std::any_of(b->sources.begin(), b->sources.end(), [&](const auto& k) {
      return k.sentence == t.sentence && judge::triplet_line(k.triplet) == line;
    });
    if (!known) b->sources.push_back(std::move(t));
  }
  b->keys.emplace_back(q->cache_evidence, q->sentence);
  q->task.reset();
  return Round{std::move(q), {}, true};
}

std::optional<stream::SideRequestBatch> SentenceJudge::post(Question& q,
                                                            std::vector<judge::Call> calls) {
  std::optional<judge::InFlightLimit::Slots> slots =
      setup_->service->in_flight().try_acquire(calls.size());
  if (!slots) return std::nullopt;
  q.slots = std::move(*slots);
  q.calls_out = calls.size();
  stream::SideRequestBatch batch;
  batch.limits.fan_out = std::max<std::size_t>(1, calls.size());  // a round's calls go at once
  // The round has what is left of the sentence's time (at least a millisecond: a round is
  // only posted before the deadline).
  batch.limits.timeout =
      std::max(std::chrono::milliseconds(1),
               std::chrono::ceil<std::chrono::milliseconds>(q.deadline - Clock::now()));
  batch.limits.max_response_bytes = config_.max_response_bytes;
  batch.endpoint = endpoint_;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    batch.requests.push_back({i,
                              calls_->ask(config_.model, calls[i].instructions, calls[i].prompt,
                                          {calls[i].temperature, calls[i].max_tokens}),
                              nullptr});
  }
  calls_made_ += calls.size();
  return batch;
}

bool SentenceJudge::wants_mitigation(const verify::SentenceVerdict& verdict) const {
  if (!config_.mitigate || !verdict.ok() || verdict.no_context) return false;
  const config::ActionsConfig& a = setup_->actions;
  const config::ActionConfig* action =
      verdict.label == verify::Label::kContradicted  ? &a.contradicted
      : verdict.label == verify::Label::kUnsupported ? &a.unsupported
      : verdict.label == verify::Label::kDoubtful    ? &a.doubtful
                                                     : nullptr;
  return action != nullptr && action->kind == config::ActionKind::kRewrite;
}

std::optional<SentenceJudge::Round> SentenceJudge::start_mitigation(
    UnitVerdict& verdict, std::string_view sentence,
    std::shared_ptr<const index::ContextIndex> context, bool judged) {
  judge::JudgeService& service = *setup_->service;
  std::string_view unasked = !calls_ ? "no_side_requests" : "";
  if (unasked.empty() && !service.breaker().allow(Clock::now())) unasked = "breaker_open";
  constexpr std::size_t kCalls = 1;
  if (unasked.empty()) unasked = judged ? budget_.take_calls(kCalls) : budget_.admit(kCalls);
  if (!unasked.empty()) {
    skipped_.add(unasked);
    return std::nullopt;
  }
  auto q = std::make_shared<Question>();
  q->mitigation = true;
  q->sentence = std::string(sentence);
  q->reserved = kCalls;
  judge::SentenceInput in = judge::sentence_input(0, sentence, question_, verdict.verdict, *context,
                                                  config_.context_bytes);
  q->cache_evidence = in.evidence;
  q->index = std::move(context);
  q->task = std::make_unique<judge::MitigationTask>(std::move(in));
  ++mitigations_;
  const judge::CacheKey key{config_.method, config_.model, q->cache_evidence, q->sentence, true};
  if (std::optional<judge::Judgement> kept = service.cache().find(key)) {
    budget_.give_back(kCalls);
    conclude_mitigation(*q, *kept, verdict);
    return std::nullopt;
  }
  q->asked_at = Clock::now();
  q->deadline = q->asked_at + config_.timeout;
  std::optional<stream::SideRequestBatch> batch = post(*q, q->task->next_calls());
  if (!batch) {
    budget_.give_back(kCalls);
    skipped_.add("max_in_flight");
    return std::nullopt;
  }
  return Round{std::move(q), std::move(*batch)};
}

std::optional<SentenceJudge::Round> SentenceJudge::mitigate_after(const Question& question,
                                                                  UnitVerdict& verdict) {
  if (question.mitigation || !wants_mitigation(verdict.verdict)) return std::nullopt;
  return start_mitigation(verdict, question.sentence, question.index, /*judged=*/true);
}

std::optional<stream::SideRequestBatch> SentenceJudge::resume(
    Question& q, const std::vector<stream::SideAnswer>& answers, UnitVerdict& verdict) {
  if (!q.mitigation) return resume(q, answers, verdict.verdict);
  take_round(q, answers);
  budget_.give_back(q.reserved - std::min(q.reserved, q.task->calls_made()));
  const std::vector<judge::Judgement>& done = q.task->judgements();
  const judge::Judgement judgement =
      done.empty() ? judge::failed_judgement(0, "no rewrite") : done.front();
  setup_->service->cache().insert(
      {config_.method, config_.model, q.cache_evidence, q.sentence, true}, judgement);
  conclude_mitigation(q, judgement, verdict);
  return std::nullopt;
}

void SentenceJudge::conclude_mitigation(Question& q, const judge::Judgement& judgement,
                                        UnitVerdict& verdict) {
  if (!judgement.decided()) {
    last_failure_ = ("mitigation: " + judgement.error).substr(0, kMaxReasonBytes);
    note(verdict.verdict, "rewrite_failed",
         "judge " + config_.model + " (mitigate): " + judgement.error.substr(0, kMaxReasonBytes));
    ++rejections_["rewrite_failed"];
    return;
  }
  // The rewrite is a sentence of the answer now: the engines check it against the whole
  // context, as they check the sentences the client sees.
  verify::SentenceVerifier engines(setup_->engines, q.index, question_, 0);
  const verify::SentenceVerdict checked = engines.verify(judgement.rewrite, 0);
  const judge::Refusal refusal = judge::accept_rewrite(
      judgement.rewrite, q.sentence, checked.ok() ? checked.label : verify::Label::kUnsupported);
  if (refusal.refused()) {
    ++rejections_[std::string(refusal.code)];
    last_rejection_ = ("rewrite not used: " + refusal.why).substr(0, kMaxReasonBytes);
    note(verdict.verdict, refusal.code,
         "judge " + config_.model + " (mitigate): rewrite not used: " + refusal.why);
    return;
  }
  ++mitigated_;
  verdict.rewrite = judgement.rewrite;
}

void SentenceJudge::note(verify::SentenceVerdict& verdict, std::string_view code,
                         std::string reason) const {
  verify::Finding f;
  f.engine = verify::Engine::kJudge;
  f.abstains = true;
  f.label = verdict.label;
  f.answer_begin = verdict.answer_begin;
  f.answer_end = verdict.answer_end;
  f.code = code;
  f.reason = std::move(reason);
  verdict.findings.push_back(std::move(f));
}

std::optional<stream::SideRequestBatch> SentenceJudge::gather(int choice) {
  const auto it = gathering_.find(choice);
  if (it == gathering_.end()) return std::nullopt;
  std::shared_ptr<Question> b = std::move(it->second);
  gathering_.erase(it);
  gathered_.push_back(choice);
  const std::size_t sentences = b->units.size();
  b->task = std::make_unique<judge::TripletTask>(b->units, b->sources);
  b->asked_at = Clock::now();
  b->deadline = b->asked_at + config_.timeout;
  std::optional<stream::SideRequestBatch> batch = post(*b, b->task->next_calls());
  if (!batch) {
    budget_.give_back(b->reserved);
    b->task.reset();  // its sentences resume with the scorer's labels
    for (std::size_t i = 0; i < sentences; ++i)
      skipped_.add("max_in_flight");
    return std::nullopt;
  }
  asked_ += sentences;
  return batch;
}

Clock::time_point SentenceJudge::take_round(Question& q,
                                            const std::vector<stream::SideAnswer>& answers) {
  q.slots.release();
  std::vector<judge::CallAnswer> read;
  for (std::size_t i = 0; i < q.calls_out; ++i) {
    const auto a = std::find_if(answers.begin(), answers.end(),
                                [i](const stream::SideAnswer& s) { return s.id == i; });
    read.push_back(call_answer(a == answers.end() ? nullptr : &*a, *calls_));
  }
  q.task->take_answers(read);  // marks answers in no form the method asked for as garbage
  const Clock::time_point now = Clock::now();
  for (const judge::CallAnswer& a : read) {
    setup_->service->breaker().record(judge::is_failure(a.status), now);
    ++outcomes_[static_cast<std::size_t>(a.status)];
    usage_.input_tokens += a.usage.input_tokens;
    usage_.output_tokens += a.usage.output_tokens;
  }
  return now;
}

void SentenceJudge::resume_batched(Question& q, const std::vector<stream::SideAnswer>& answers,
                                   verify::SentenceVerdict& verdict) {
  Question& b = *q.batch;
  if (!b.task) return;  // the batch found no room: skipped, counted at gather
  if (!b.resolved) {    // the first of its sentences: the batch's answers, read for all
    b.resolved = true;
    const Clock::time_point now = take_round(b, answers);
    budget_.give_back(b.reserved - std::min(b.reserved, b.task->calls_made()));
    seconds_.push_back(std::chrono::duration<double>(now - b.asked_at).count());
    b.judgements = b.task->judgements();
    for (std::size_t i = 0; i < b.keys.size() && i < b.judgements.size(); ++i) {
      setup_->service->cache().insert(
          {config_.method, config_.model, b.keys[i].first, b.keys[i].second}, b.judgements[i]);
    }
  }
  conclude(q,
           q.in_batch < b.judgements.size() ? b.judgements[q.in_batch]
                                            : judge::failed_judgement(0, "no judgement"),
           verdict);
}

std::optional<stream::SideRequestBatch> SentenceJudge::resume(
    Question& q, const std::vector<stream::SideAnswer>& answers, verify::SentenceVerdict& verdict) {
  if (q.batch) {
    resume_batched(q, answers, verdict);
    return std::nullopt;
  }
  const Clock::time_point now = take_round(q, answers);
  std::optional<judge::Judgement> cut_short;  // the method did not finish: why
  if (!q.task->done()) {
    if (now >= q.deadline) {
      cut_short = judge::failed_judgement(0, "judge timeout: the judgement outlasted its " +
                                                 std::to_string(config_.timeout.count()) +
                                                 " ms before its next round");
    } else if (std::optional<stream::SideRequestBatch> batch = post(q, q.task->next_calls())) {
      return batch;
    } else {
      cut_short = judge::failed_judgement(0, "no room for the next round (max_in_flight)");
    }
  }
  budget_.give_back(q.reserved - std::min(q.reserved, q.task->calls_made()));
  // Every judgement that ends here is timed, finished or not (a timed-out one included).
  seconds_.push_back(std::chrono::duration<double>(now - q.asked_at).count());
  if (cut_short) {
    conclude(q, *cut_short, verdict);
    return std::nullopt;
  }
  const std::vector<judge::Judgement>& done = q.task->judgements();
  const judge::Judgement judgement =
      done.empty() ? judge::failed_judgement(0, "no judgement") : done.front();
  setup_->service->cache().insert({config_.method, config_.model, q.cache_evidence, q.sentence},
                                  judgement);
  conclude(q, judgement, verdict);
  return std::nullopt;
}

void SentenceJudge::conclude(Question& q, const judge::Judgement& judgement,
                             verify::SentenceVerdict& verdict) {
  ++finished_;
  if (!judgement.decided()) {
    ++failed_;
    last_failure_ = judgement.error.substr(0, kMaxReasonBytes);
    return;
  }
  const judge::VerifierEngineCheck engines(setup_->engines);
  const judge::Refusal refusal = judge::accept(judgement, q.sentence, q.prior, *q.quotes, engines);
  if (refusal.refused()) {
    ++rejected_;
    ++rejections_[std::string(refusal.code)];
    last_rejection_ = refusal.why.substr(0, kMaxReasonBytes);
    note_refusal(judgement, refusal, verdict);
    return;
  }
  ++decided_;
  if (judgement.label != verdict.label) ++changed_;
  apply(q, judgement, verdict);
}

void SentenceJudge::note_refusal(const judge::Judgement& judgement, const judge::Refusal& refusal,
                                 verify::SentenceVerdict& verdict) const {
  note(verdict, refusal.code,
       "judge " + config_.model + " (" + std::string(method_name(config_.method)) +
           "): " + std::string(verdict::to_string(judgement.label)) + " not taken (" +
           std::string(refusal.code) + "): " + refusal.why.substr(0, kMaxReasonBytes));
}

void SentenceJudge::apply(const Question& q, const judge::Judgement& judgement,
                          verify::SentenceVerdict& verdict) {
  const index::ContextIndex& index = *q.index;
  const verify::Label label = judgement.label;
  verify::Finding f;
  f.engine = verify::Engine::kJudge;
  f.label = label;
  f.score = label == verify::Label::kSupported ? 1.0 : 0.0;
  f.answer_begin = verdict.answer_begin;
  f.answer_end = verdict.answer_end;
  f.code = "judge";
  f.type = judgement.type;
  f.reason = "judge " + config_.model + " (" + std::string(method_name(config_.method)) +
             "): " + std::string(verdict::to_string(label));
  if (const std::string* quote = judge::evidence_quote(judgement, q.sentence)) {
    f.evidence = locate(*quote, index);
    f.reason += ": \"" + quote->substr(0, kMaxReasonBytes) + "\"";
  }
  verdict.findings.push_back(std::move(f));
  verdict.decisive = verdict.findings.size() - 1;
  verdict.label = label;
  verdict.unfaithful = label == verify::Label::kSupported ? 0.0 : 1.0;
  verdict.score = 1.0 - *verdict.unfaithful;
}

std::string SentenceJudge::summary_json() const {
  if (asked_ == 0 && skipped_.empty()) return {};
  std::string out = "{\"asked\":" + std::to_string(asked_);
  out += ",\"decided\":" + std::to_string(decided_);
  out += ",\"changed\":" + std::to_string(changed_);
  out += ",\"rejected\":" + std::to_string(rejected_);
  out += ",\"failed\":" + std::to_string(failed_);
  out += ",\"method\":\"" + std::string(method_name(config_.method)) + "\"";
  out += ",\"cached\":" + std::to_string(cached_);
  out += ",\"calls\":" + std::to_string(calls_made_);
  if (mitigations_ > 0) {
    out += ",\"mitigations\":" + std::to_string(mitigations_);
    out += ",\"mitigated\":" + std::to_string(mitigated_);
  }
  out += ",\"input_tokens\":" + std::to_string(usage_.input_tokens);
  out += ",\"output_tokens\":" + std::to_string(usage_.output_tokens);
  if (!last_failure_.empty()) {
    out += ",\"last_failure\":";
    verdict::append_json_string(out, last_failure_);
  }
  if (!last_rejection_.empty()) {
    out += ",\"last_rejection\":";
    verdict::append_json_string(out, last_rejection_);
  }
  if (!rejections_.empty()) {
    out += ",\"rejections\":{";
    bool first = true;
    for (const auto& [code, n] : rejections_) {
      if (!first) out += ',';
      first = false;
      verdict::append_json_string(out, code);
      out += ':' + std::to_string(n);
    }
    out += '}';
  }
  // Asked, and never concluded: the stream ended (or stopped) before the answers were in.
  const std::size_t unfinished = asked_ - std::min(asked_, finished_);
  if (unfinished > 0) out += ",\"unfinished\":" + std::to_string(unfinished);
  return out + "," + skipped_.json_members() + "}";
}

void SentenceJudge::report(stream::StreamReport& report) const {
  std::string summary = summary_json();
  if (summary.empty()) return;
  report.fields.emplace_back("guard.judge", std::move(summary));
  const std::string method(method_name(config_.method));
  for (std::size_t i = 0; i < outcomes_.size(); ++i) {
    if (outcomes_[i] == 0) continue;
    report.counts.emplace_back("judge.calls." + method + "." +
                                   std::string(judge::to_string(static_cast<judge::CallStatus>(i))),
                               outcomes_[i]);
  }
  if (usage_.input_tokens > 0)
    report.counts.emplace_back("judge.tokens." + method + ".input", usage_.input_tokens);
  if (usage_.output_tokens > 0)
    report.counts.emplace_back("judge.tokens." + method + ".output", usage_.output_tokens);
  const std::pair<std::string_view, std::size_t> sentences[] = {{"decided", decided_},
                                                                {"rejected", rejected_},
                                                                {"failed", failed_},
                                                                {"cached", cached_},
                                                                {"mitigated", mitigated_}};
  for (const auto& [outcome, n] : sentences) {
    if (n > 0) report.counts.emplace_back("judge.sentences." + std::string(outcome), n);
  }
  for (const auto& [code, n] : rejections_)
    report.counts.emplace_back("judge.rejected." + code, n);
  for (const auto& [reason, n] : skipped_.counts())
    report.counts.emplace_back("judge.skipped." + reason, n);
  if (!seconds_.empty()) report.observations.emplace_back("judge_seconds", seconds_);
}

}  // namespace groundgate::filters::checks
