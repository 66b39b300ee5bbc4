#include "filters/actions/stream_checks.h"

#include <algorithm>
#include <utility>

#include "filters/text/code_block.h"

namespace groundgate::filters::actions {
checks::Unit unit_of(int choice, checks::Unit::Kind kind, const text::StreamSentence& text,
                     text::CodeBlock& block) {
  checks::Unit unit;
  unit.kind = kind;
  unit.choice = choice;
  unit.begin = text.span.begin;
  unit.end = text.span.end;
  unit.text = text.text;
  if (kind == checks::Unit::Kind::kCodeBlock) {
    block = text::read_code_block(text.text, text.span.cut);
    unit.block = &block;
  }
  return unit;
}

checks::Unit unit_of(const AwaitedUnits::Unit& awaited, text::CodeBlock& block) {
  checks::Unit unit = unit_of(awaited.choice, awaited.kind, awaited.text, block);
  unit.tool = awaited.tool;
  unit.call = awaited.call;
  unit.truncated = awaited.truncated;
  return unit;
}

StreamChecks::StreamChecks(const GuardConfig& config, const checks::StreamSetup& setup) {
  for (const checks::PolicyCheck& check : config.checks)
    checks_.push_back(check.make(setup));
}

std::optional<AwaitedUnits::Waiting> StreamChecks::run_from(
    const checks::Unit& unit, std::size_t first, std::optional<checks::UnitVerdict>& verdict,
    bool& taken) {
  for (std::size_t i = first; i < checks_.size(); ++i) {
    checks::Check& check = *checks_[i];
    if (!check.takes(unit, verdict ? &*verdict : nullptr)) continue;
    taken = true;
    if (std::optional<checks::Pending> pending = check.check(unit, verdict)) {
      return AwaitedUnits::Waiting{i, std::move(*pending)};
    }
  }
  return std::nullopt;
}

StreamChecks::Outcome StreamChecks::run(const checks::Unit& unit, const text::StreamSentence& text,
                                        bool holding, std::optional<checks::UnitVerdict>& verdict) {
  bool taken = false;
  std::optional<AwaitedUnits::Waiting> waiting = run_from(unit, 0, verdict, taken);
  if (!waiting) return taken ? Outcome::kDecided : Outcome::kUntaken;
  AwaitedUnits::Unit awaited;
  awaited.choice = unit.choice;
  awaited.kind = unit.kind;
  awaited.text = text;
  awaited.verdict = std::move(verdict);
  awaited.holding = holding;
  awaited_.await(std::move(awaited), waiting->check, std::move(waiting->pending));
  return Outcome::kWaiting;
}

StreamChecks::Outcome StreamChecks::run_call(const checks::Unit& unit, bool holding,
                                             std::optional<checks::UnitVerdict>& verdict) {
  bool taken = false;
  std::optional<AwaitedUnits::Waiting> waiting = run_from(unit, 0, verdict, taken);
  if (!waiting) return taken ? Outcome::kDecided : Outcome::kUntaken;
  if (jobs_served_) {
    AwaitedUnits::Unit call;
    call.choice = unit.choice;
    call.kind = unit.kind;
    call.text.span.begin = unit.begin;
    call.text.span.end = unit.end;
    call.text.text = std::string(unit.text);
    call.verdict = std::move(verdict);
    call.holding = holding;
    call.tool = std::string(unit.tool);
    call.call = unit.call;
    call.truncated = unit.truncated;
    awaited_.await(std::move(call), waiting->check, std::move(waiting->pending));
    return Outcome::kWaiting;
  }
  // No one answers side work here: jobs run now, on this thread, side requests end unanswered.
  std::optional<checks::Pending> pending = std::move(waiting->pending);
  while (pending && verdict) {
    std::vector<stream::SideAnswer> answers;
    for (const stream::SideRequest& request : pending->batch.requests) {
      if (!request.job) continue;
      request.job->run();
      answers.push_back({request.id, 200, {}, {}});
    }
    pending = pending->resume(std::move(answers), *verdict);
  }
  return Outcome::kDecided;
}

void StreamChecks::end_answer(int choice) {
  for (std::size_t i = 0; i < checks_.size(); ++i) {
    if (!awaited_.waits_for_answer_end(choice, i)) continue;
    std::optional<stream::SideRequestBatch> batch = checks_[i]->gather(choice);
    awaited_.gather(choice, i, batch ? std::move(*batch) : stream::SideRequestBatch{});
  }
}

void StreamChecks::answer(std::vector<stream::SideAnswer> answers) {
  awaited_.answer(std::move(answers), [this](AwaitedUnits::Unit& awaited) {
    text::CodeBlock block;
    bool taken = false;
    return run_from(unit_of(awaited, block), awaited.check + 1, awaited.verdict, taken);
  });
}

std::size_t StreamChecks::prepare_cost() const {
  std::size_t cost = 0;
  for (const auto& check : checks_)
    cost += check->prepare_cost();
  return cost;
}

void StreamChecks::prepare() {
  for (const auto& check : checks_)
    if (check->prepare_cost() > 0) check->prepare();
}

bool StreamChecks::holds_text() const {
  return std::any_of(checks_.begin(), checks_.end(),
                     [](const auto& check) { return check->holds_text(); });
}

bool StreamChecks::has_own_context() const {
  return std::any_of(checks_.begin(), checks_.end(),
                     [](const auto& check) { return check->has_own_context(); });
}

std::optional<std::size_t> StreamChecks::whole_answer_bound() const {
  for (const auto& check : checks_)
    if (auto bound = check->whole_answer_bound()) return bound;
  return std::nullopt;
}

bool StreamChecks::checks_tool_calls() const {
  return std::any_of(checks_.begin(), checks_.end(),
                     [](const auto& check) { return check->checks_tool_calls(); });
}

void StreamChecks::members_to_strip(std::vector<std::string>& names) const {
  for (const auto& check : checks_)
    check->members_to_strip(names);
}

void StreamChecks::serve(const std::shared_ptr<const model::ModelCalls>& calls) {
  for (const auto& check : checks_)
    check->serve(calls);
}

void StreamChecks::serve_jobs() {
  jobs_served_ = true;
  for (const auto& check : checks_)
    check->serve_jobs();
}

void StreamChecks::summarize(SummaryAnnotation& summary) const {
  for (const auto& check : checks_)
    if (auto member = check->summary()) summary.checks.push_back(std::move(*member));
}

void StreamChecks::report(stream::StreamReport& report) const {
  for (const auto& check : checks_)
    check->report(report);
}

}  // namespace groundgate::filters::actions
