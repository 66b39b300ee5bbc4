#include "filters/actions/guard_filter.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "filters/actions/annotation_json.h"

namespace groundgate::filters::actions {
namespace {

using config::ActionKind;

// Why a request's answer is not checked as prose, or empty: it asks for a JSON answer
// (chat `response_format`, Responses `text.format`: json_object or json_schema), which is data
// rather than claims; or it runs in the background without streaming (the Responses API answers
// at once with a queued response; the answer is fetched later, unguarded).
std::string_view unchecked_reason_of(const request::RequestView& request, bool verify_json) {
  if (!verify_json && request.answer_format != request::AnswerFormat::kText) {
    return "json_response";
  }
  if (request.background && !request.stream) return "background";
  return {};
}

// Only prose checks read the context, and a JSON answer's prose is not checked (its tool calls
// may be): the context is indexed only when something will read it.
bool context_wanted(const GuardConfig& config, const request::RequestView& request) {
  return config.prose && (unchecked_reason_of(request, config.verify_json_responses).empty() ||
                          config.verify_tool_calls);
}

bool changes_text(ActionKind kind) {
  return kind == ActionKind::kBlock || kind == ActionKind::kRewrite;
}

// A unit no check could look at: on_error decides (decide()).
checks::UnitVerdict unverified(const checks::Unit& unit, verify::VerifyError error) {
  checks::UnitVerdict out;
  out.verdict.answer_begin = unit.begin;
  out.verdict.answer_end = unit.end;
  out.verdict.error = error;
  return out;
}

checks::Unit::Kind kind_of(const text::StreamSentence& text) {
  return text.span.kind == text::SentenceKind::kCodeBlock ? checks::Unit::Kind::kCodeBlock
                                                          : checks::Unit::Kind::kSentence;
}

// What act() says of a unit decided outside a text call: annotations and a stop only (its
// text went on already).
class OutcomeOutput final : public stream::ChoiceOutput {
 public:
  explicit OutcomeOutput(stream::FilterOutcome& outcome) : outcome_(outcome) {}
  void release(std::size_t) override {}
  void replace(std::size_t, std::string_view) override {}
  void stop(std::string_view reason) override { outcome_.stop_reason = reason; }
  void annotate(std::string json_object) override {
    outcome_.annotations.push_back(std::move(json_object));
  }

 private:
  stream::FilterOutcome& outcome_;
};

}  // namespace

GuardFilter::GuardFilter(std::shared_ptr<const GuardConfig> config,
                         const request::RequestView& request, bool audit_content)
    : config_(std::move(config)),
      context_(request, config_->context, config_->cache, context_wanted(*config_, request)),
      checks_(*config_, checks::StreamSetup{request, context_}),
      whole_answer_bound_(checks_.whole_answer_bound()),
      unchecked_reason_(unchecked_reason_of(request, config_->verify_json_responses)),
      actions_(config_, audit_content) {
  actions_.tally().add_prepare(Clock::now() - made_);
}

void GuardFilter::members_to_strip(std::vector<std::string>& names) const {
  if (config_->context.extension_fields && !config_->context.keep_extension_fields) {
    names.emplace_back("context");
    names.emplace_back("documents");
  }
  checks_.members_to_strip(names);
}

std::size_t GuardFilter::prepare_cost() const {
  return context_.prepare_cost() + checks_.prepare_cost();
}

void GuardFilter::prepare() {
  if (checks_.prepare_cost() > 0) {
    const Clock::time_point start = Clock::now();
    checks_.prepare();
    actions_.tally().add_prepare(Clock::now() - start);
  }
  if (context_.prepare_cost() == 0) return;
  const Clock::time_point start = Clock::now();
  context_.prepare();
  actions_.tally().add_prepare(Clock::now() - start);
}

void GuardFilter::on_reasoning(std::size_t bytes, bool read) {
  actions_.tally().record_reasoning(bytes, read);
}

GuardChoice* GuardFilter::choice_for(int index) {
  // Every choice the chain takes is checked: the chain's bound, kMaxChainChoices, bounds the
  // memory. Held to it here too, to be safe on its own.
  if (index < 0 || index >= stream::kMaxChainChoices) return nullptr;
  const auto at = static_cast<std::size_t>(index);
  if (at >= choices_.size()) choices_.resize(at + 1);
  if (!choices_[at]) {
    choices_[at] = std::make_unique<GuardChoice>();
    if (context_.request_unreadable()) {
      choices_[at]->unverifiable = verify::VerifyError::kRequestUnreadable;
    }
  }
  return choices_[at].get();
}

bool GuardFilter::holds(const GuardChoice& choice) const {
  if (config_->hold != config::HoldMode::kSentence) return false;
  // What is not verified is blocked, and any unit may turn out so (budget, length, code).
  if (config_->on_error == config::OnError::kClosed) return true;
  if (choice.unverifiable != verify::VerifyError::kNone) return false;
  // A check may change what it judges (prose against context, a query against its schema).
  if (checks_.holds_text()) return true;
  // Nothing here is verified: only the no_context action could change the text (a choice whose
  // context could not be read is only annotated); otherwise holding it would only add latency.
  return context_.unreadable().empty() && changes_text(config_->actions.no_context.kind);
}

ContextState GuardFilter::context_state() const {
  if (context_.request_unreadable()) return ContextState::kUnreadable;
  if (context_.index() || !context_.unreadable().empty()) return ContextState::kFound;
  return !config_->prose && checks_.has_own_context() ? ContextState::kFound : ContextState::kNone;
}

bool GuardFilter::only_reports() const {
  // The config loader refuses actions that change text in stream_first, and act() and
  // on_tool_call() turn them into annotations, so nothing here holds, replaces or stops.
  return config_->hold == config::HoldMode::kStreamFirst;
}

void GuardFilter::on_text(const stream::TextEvent& event, stream::ChoiceOutput& out) {
  if (stopped_) return;
  prepare();  // nothing left to do when the proxy prepared the chain
  if (!unchecked_reason_.empty()) return out.release(event.pending.size());
  GuardChoice* choice = choice_for(event.choice);
  if (choice == nullptr) {  // the chain never passes such an index; held to its own bound
    out.stop("guard.choice_out_of_range");
    stopped_ = true;
    return;
  }
  if (whole_answer_bound_) return on_whole_answer(*choice, event, out);
  TextRound round{*choice, event, holds(*choice), event.offset};
  choice->feed(event, round.holding);
  if (!round.holding) out.release(event.pending.size());
  if (!hand_on_finished(round, out)) return;
  if (!event.end_of_choice) {
    const std::string_view tail =
        round.holding ? event.pending.substr(round.cursor - event.offset) : event.pending;
    std::optional<text::StreamSentence> sentence = choice->eager_sentence(tail);
    if (sentence && sentence->span.begin >= choice->decided_until &&
        !hand_on(round, *sentence, out)) {
      return;
    }
  }
  const std::size_t end = event.offset + event.pending.size();
  if (round.holding && event.end_of_choice && end > round.cursor) out.release(end - round.cursor);
  // Units whose check waits for the whole answer (the triplets judge's one call per answer).
  if (event.end_of_choice) checks_.end_answer(event.choice);
}

bool GuardFilter::hand_on_finished(TextRound& round, stream::ChoiceOutput& out) {
  GuardChoice& choice = round.choice;
  // Held text the chain had to force out (over its pending bound) was not checked before it
  // went: what follows it is checked on its own.
  if (round.holding) choice.decided_until = std::max(choice.decided_until, round.cursor);
  std::vector<text::StreamSentence>& units = choice.undecided;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const text::StreamSentence& sentence = units[i];
    // Decided already (eagerly): skip it; if only its start was, the rest stands on its own.
    if (sentence.span.end <= choice.decided_until) continue;
    const bool started = sentence.span.begin < choice.decided_until;
    if (!hand_on(round, started ? GuardChoice::remainder(sentence, choice.decided_until) : sentence,
                 out)) {
      // A unit waiting for side answers stays first, to be decided when they are in.
      units.erase(units.begin(), units.begin() + static_cast<std::ptrdiff_t>(i));
      return false;
    }
  }
  units.clear();
  return true;
}

bool GuardFilter::hand_on(TextRound& round, const text::StreamSentence& sentence,
                          stream::ChoiceOutput& out) {
  const stream::TextEvent& event = round.event;
  // The whitespace or list marker before a held sentence goes (or is dropped) with it.
  const std::size_t gap =
      round.holding && sentence.span.begin > round.cursor ? sentence.span.begin - round.cursor : 0;
  Acted acted{event.choice,
              sentence.span.begin,
              sentence.span.end,
              sentence.text,
              event.pending.substr(round.cursor - event.offset, gap),
              round.holding};
  if (round.holding) acted.arrived = round.choice.arrival_of(sentence.span.end - 1);
  text::CodeBlock block;
  const checks::Unit unit = unit_of(event.choice, kind_of(sentence), sentence, block);
  // False once stopped, or when the unit waits for its side answers (holds_for_answers()).
  if (!decide_unit(round.choice, unit, sentence, acted, out) || holds_for_answers()) return false;
  if (round.holding) round.cursor = sentence.span.end;
  round.choice.decided_until = sentence.span.end;
  return true;
}

void GuardFilter::on_whole_answer(GuardChoice& choice, const stream::TextEvent& event,
                                  stream::ChoiceOutput& out) {
  const bool holding = holds(choice);
  const std::size_t end = event.offset + event.pending.size();
  const std::size_t bound = *whole_answer_bound_;
  choice.feed_whole(event, holding, bound);
  const text::StreamSentence whole{text::Sentence{0, end, text::SentenceKind::kCodeBlock},
                                   choice.answer};
  // Held, the pending text is the whole answer so far (the bound is below the chain's pending
  // bound): it goes on, changed or not, as one unit.
  Acted acted{event.choice, 0, end, choice.answer, {}, holding};
  if (holding) acted.arrived = choice.arrival_of(end - 1);
  if (std::optional<checks::UnitVerdict> judged = checks_.take_decided(event.choice, {})) {
    act(acted, judged, out);
    return;
  }
  if (choice.finished) {  // decided: what follows goes on (the verdict covered it)
    out.release(event.pending.size());
    return;
  }
  const bool too_long = choice.answer.size() > bound;
  if (!event.end_of_choice && !too_long) {
    if (!holding) out.release(event.pending.size());
    return;
  }
  choice.finished = true;
  if (!holding) out.release(event.pending.size());
  text::CodeBlock unused;
  checks::Unit unit = unit_of(event.choice, checks::Unit::Kind::kWholeAnswer, whole, unused);
  unit.truncated = too_long;
  decide_unit(choice, unit, whole, acted, out);
}

bool GuardFilter::decide_unit(GuardChoice& choice, const checks::Unit& unit,
                              const text::StreamSentence& text, const Acted& acted,
                              stream::ChoiceOutput& out) {
  std::optional<checks::UnitVerdict> verdict;
  if (choice.unverifiable != verify::VerifyError::kNone) {
    verdict = unverified(unit, choice.unverifiable);
  } else if (!(verdict = checks_.take_decided(unit.choice, text))) {
    switch (checks_.run(unit, text, acted.holding, verdict)) {
      case StreamChecks::Outcome::kWaiting:
        return true;
      case StreamChecks::Outcome::kUntaken:
        if (unit.kind == checks::Unit::Kind::kSentence) {
          // The policy checks no prose: the sentence passes, counted unchecked.
          actions_.count_unchecked_sentence();
          if (acted.holding) out.release(acted.gap.size() + acted.end - acted.begin);
          return true;
        }
        // Code no check reads (a language the policy has no checker for) is unverified.
        verdict = unverified(unit, verify::VerifyError::kNoChecker);
        break;
      case StreamChecks::Outcome::kDecided:
        break;
    }
  }
  return act(acted, verdict, out);
}

bool GuardFilter::act(const Acted& unit, const std::optional<checks::UnitVerdict>& verdict,
                      stream::ChoiceOutput& out) {
  if (actions_.act(unit, verdict ? &*verdict : nullptr, context_.index().get(), out)) return true;
  stopped_ = true;
  return false;
}

void GuardFilter::serve_side_requests(std::shared_ptr<const model::ModelCalls> calls) {
  checks_.serve(calls);
}

void GuardFilter::serve_side_jobs() {
  checks_.serve_jobs();
}

std::optional<stream::SideRequestBatch> GuardFilter::take_side_requests() {
  return checks_.take_batch();
}

bool GuardFilter::holds_for_answers() const {
  return !stopped_ && checks_.holds();
}

void GuardFilter::on_side_answers(std::vector<stream::SideAnswer> answers,
                                  stream::FilterOutcome& outcome) {
  checks_.answer(std::move(answers));
  if (stopped_) return;
  // A tool call is decided as its answers come: a stop here stops the stream before its held
  // chunks go.
  for (AwaitedUnits::Unit& call : checks_.take_answered_calls()) {
    const stream::ToolCallEvent event{call.choice, call.call, call.tool, call.text.text,
                                      call.truncated};
    if (!actions_.act_on_tool_call(event, call.verdict ? &*call.verdict : nullptr, call.holding,
                                   outcome)) {
      stopped_ = true;
      return;
    }
  }
  // stream_first: the text went on; the verdicts follow as annotations. (A held unit is
  // decided when the chain offers its text again.)
  OutcomeOutput out(outcome);
  for (AwaitedUnits::Unit& unit : checks_.take_reported()) {
    if (stopped_) break;
    const Acted acted{unit.choice, unit.text.span.begin, unit.text.span.end, unit.text.text};
    act(acted, unit.verdict, out);
  }
}

stream::ToolCallInterest GuardFilter::tool_call_interest() const {
  if (checks_.checks_tool_calls() && config_->hold == config::HoldMode::kSentence) {
    return stream::ToolCallInterest::kHold;
  }
  return stream::ToolCallInterest::kInspect;
}

void GuardFilter::on_tool_call(const stream::ToolCallEvent& event,
                               stream::ToolCallOutcome& outcome) {
  if (stopped_) return;
  prepare();
  checks::Unit unit;
  unit.kind = checks::Unit::Kind::kToolCall;
  unit.choice = event.choice;
  unit.end = event.arguments.size();
  unit.text = event.arguments;
  unit.tool = event.name;
  unit.call = event.call;
  unit.truncated = event.truncated;
  std::optional<checks::UnitVerdict> verdict;
  const bool holding = tool_call_interest() == stream::ToolCallInterest::kHold;
  switch (checks_.run_call(unit, holding, verdict)) {
    case StreamChecks::Outcome::kUntaken:
      return actions_.count_tool_call();
    case StreamChecks::Outcome::kWaiting:
      return;  // decided when its answers are in (on_side_answers); held, its chunks wait
    case StreamChecks::Outcome::kDecided:
      break;
  }
  if (!actions_.act_on_tool_call(event, verdict ? &*verdict : nullptr, holding, outcome)) {
    stopped_ = true;
  }
}

void GuardFilter::on_context(const std::vector<stream::RetrievedPassage>& passages) {
  if (stopped_ || !config_->prose) return;  // only prose is checked against the context
  prepare();
  const Clock::time_point start = Clock::now();
  if (context_.add_retrieved(passages)) actions_.tally().add_prepare(Clock::now() - start);
}

void GuardFilter::on_unverified(const stream::UnverifiedInput& input,
                                stream::FilterOutcome& outcome) {
  if (stopped_) return;
  if (!actions_.act_on_unverified(input, only_reports(), outcome)) stopped_ = true;
}

void GuardFilter::on_answer_end(std::vector<std::string>& annotations) {
  prepare();  // an answer with no text still says whether there was context
  SummaryAnnotation summary =
      actions_.tally().summary(config_->policy, context_state(), unchecked_reason_);
  summary.context_truncated = context_.truncated();
  summary.context_unreadable = !context_.unreadable().empty();
  checks_.summarize(summary);
  annotations.push_back(summary_annotation(summary));
}

void GuardFilter::on_stream_end(stream::StreamReport& report) {
  prepare();
  checks_.report(report);
  actions_.tally().report(report, context_state(), unchecked_reason_);
  report.fields.emplace_back("guard.context_passages", std::to_string(context_.passages()));
  report.fields.emplace_back("guard.context_bytes", std::to_string(context_.bytes()));
  report.fields.emplace_back("guard.context_truncated", context_.truncated() ? "true" : "false");
  if (context_.request_unreadable()) {
    report.fields.emplace_back("guard.request_unreadable", context_.request_error());
  }
  if (!context_.unreadable().empty()) {
    std::string what;
    for (const std::string& part : context_.unreadable())
      what += (what.empty() ? "" : "; ") + part;
    report.fields.emplace_back("guard.context_unreadable", std::move(what));
  }
  if (!actions_.flagged().empty()) report.fields.emplace_back("guard.flagged", actions_.flagged());
}

}  // namespace groundgate::filters::actions
