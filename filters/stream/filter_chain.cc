#include "filters/stream/filter_chain.h"

#include <algorithm>
#include <utility>

namespace groundgate::filters::stream {
namespace {

// Collects what one filter hands on during one call, without touching its pending text (the
// filter holds a view of it); the chain applies the consumption once the call returns.
class CallOutput final : public ChoiceOutput {
 public:
  CallOutput(std::string_view pending, std::string& emitted, std::vector<std::string>& annotations,
             ChainCounters& counters)
      : pending_(pending), emitted_(emitted), annotations_(annotations), counters_(counters) {}

  void release(std::size_t n) override {
    if (stopped_) return;
    n = clamp(n);
    emitted_.append(pending_.substr(consumed_, n));
    consumed_ += n;
  }

  void replace(std::size_t n, std::string_view text) override {
    if (stopped_) return;
    n = clamp(n);
    emitted_.append(text);
    consumed_ += n;
  }

  void stop(std::string_view reason) override {
    if (stopped_) return;
    stopped_ = true;
    stop_reason_ = reason.empty() ? std::string_view("unspecified") : reason;
  }

  void annotate(std::string json_object) override {
    annotations_.push_back(std::move(json_object));
  }

  std::size_t consumed() const { return consumed_; }
  bool stopped() const { return stopped_; }
  std::string_view stop_reason() const { return stop_reason_; }

 private:
  // A filter asking for more than it holds is a filter bug: give it what there is, count it.
  std::size_t clamp(std::size_t n) {
    const std::size_t left = pending_.size() - consumed_;
    if (n <= left) return n;
    ++counters_.clamped_calls;
    return left;
  }

  std::string_view pending_;
  std::string& emitted_;
  std::vector<std::string>& annotations_;
  ChainCounters& counters_;
  std::size_t consumed_ = 0;
  bool stopped_ = false;
  std::string stop_reason_;
};

}  // namespace

std::size_t FilterChain::prepare_cost() const {
  std::size_t cost = 0;
  for (const auto& filter : filters_)
    cost += filter->prepare_cost();
  return cost;
}

void FilterChain::prepare() {
  for (const auto& filter : filters_)
    filter->prepare();
}

FilterChain::FilterChain(std::vector<std::unique_ptr<StreamFilter>> filters)
    : FilterChain(std::move(filters), ChainLimits{}) {}

FilterChain::FilterChain(std::vector<std::unique_ptr<StreamFilter>> filters, ChainLimits limits)
    : filters_(std::move(filters)), limits_(limits) {
  std::erase(filters_, nullptr);
}

ChainOutput FilterChain::on_delta(int choice, std::string_view delta) {
  ChainOutput out = run(choice, delta, Mode::kDelta);
  collect_side_requests();
  log(out.annotations);
  return out;
}

ChainOutput FilterChain::on_choice_end(int choice) {
  ChainOutput out = run(choice, {}, Mode::kEnd);
  collect_side_requests();
  log(out.annotations);
  return out;
}

void FilterChain::keep_annotations(std::size_t max_bytes) {
  if (!log_) log_.emplace();
  log_->max_bytes = max_bytes;
}

void FilterChain::log(const std::vector<std::string>& annotations, bool always) {
  if (!log_) return;
  for (const std::string& annotation : annotations) {
    if (!always && log_->bytes + annotation.size() > log_->max_bytes) {
      ++log_->dropped;
      continue;
    }
    log_->bytes += annotation.size();
    log_->kept.push_back(annotation);
  }
}

template <typename Ask>
std::vector<std::string> FilterChain::ask_filters(Ask ask) {
  FilterOutcome outcome;
  if (stopped_) return {};
  for (const auto& filter : filters_) {
    ask(*filter, outcome);
    if (!outcome.stop_reason.empty()) {
      stopped_ = true;
      stop_reason_ = std::move(outcome.stop_reason);
      break;
    }
  }
  collect_side_requests();
  log(outcome.annotations);
  return std::move(outcome.annotations);
}

std::vector<std::string> FilterChain::on_unverified(const UnverifiedInput& input) {
  if (!stopped_ && !filters_.empty()) ++counters_.unverified_inputs;
  return ask_filters(
      [&](StreamFilter& filter, FilterOutcome& outcome) { filter.on_unverified(input, outcome); });
}

std::vector<HeldRelease> FilterChain::release_held(std::string_view reason) {
  std::vector<HeldRelease> released;
  for (std::size_t index = 0; index < choices_.size() && !stopped_; ++index) {
    const ChoiceState* state = choices_[index].get();
    if (state == nullptr) continue;
    const bool holds = std::any_of(state->filters.begin(), state->filters.end(),
                                   [](const FilterState& f) { return !f.pending.empty(); });
    if (!holds) continue;
    const int choice = static_cast<int>(index);
    released.push_back({choice, run(choice, {}, Mode::kFlush, reason)});
    log(released.back().output.annotations);
  }
  return released;
}

FilterChain::ChoiceState* FilterChain::state_for(int choice) {
  if (choice < 0 || choice >= limits_.max_choices) return nullptr;
  const auto index = static_cast<std::size_t>(choice);
  if (choices_.size() <= index) choices_.resize(index + 1);
  if (!choices_[index]) {
    choices_[index] = std::make_unique<ChoiceState>();
    choices_[index]->filters.resize(filters_.size());
  }
  return choices_[index].get();
}

bool FilterChain::only_reports() const {
  return !filters_.empty() && std::all_of(filters_.begin(), filters_.end(), [](const auto& filter) {
    return filter->only_reports();
  });
}

bool FilterChain::reads_refusals() const {
  return std::all_of(filters_.begin(), filters_.end(),
                     [](const auto& filter) { return filter->reads_refusals(); });
}

bool FilterChain::reads_reasoning() const {
  return std::any_of(filters_.begin(), filters_.end(),
                     [](const auto& filter) { return filter->reads_reasoning(); });
}

void FilterChain::on_reasoning(std::size_t bytes, bool read) {
  if (stopped_ || bytes == 0) return;
  for (const auto& filter : filters_)
    filter->on_reasoning(bytes, read);
}

ToolCallInterest FilterChain::tool_call_interest() const {
  ToolCallInterest interest = ToolCallInterest::kNone;
  for (const auto& filter : filters_)
    interest = std::max(interest, filter->tool_call_interest());
  return interest;
}

std::vector<std::string> FilterChain::on_tool_call(const ToolCallEvent& event) {
  return ask_filters(
      [&](StreamFilter& filter, FilterOutcome& outcome) { filter.on_tool_call(event, outcome); });
}

void FilterChain::on_context(const std::vector<RetrievedPassage>& passages) {
  if (stopped_ || passages.empty()) return;
  for (const auto& filter : filters_)
    filter->on_context(passages);
}

std::vector<std::string> FilterChain::answer_end() {
  std::vector<std::string> annotations;
  if (answer_ended_) return annotations;
  answer_ended_ = true;
  for (const std::unique_ptr<StreamFilter>& filter : filters_)
    filter->on_answer_end(annotations);
  log(annotations, /*always=*/true);
  return annotations;
}

StreamReport FilterChain::report() {
  if (!report_) {
    report_.emplace();
    for (const std::unique_ptr<StreamFilter>& filter : filters_)
      filter->on_stream_end(*report_);
  }
  return *report_;
}

std::string FilterChain::run_stopped_tail(ChoiceState& state, int choice, std::size_t i,
                                          std::string input,
                                          std::vector<std::string>& annotations) {
  FilterState& filter_state = state.filters[i];
  filter_state.pending.append(input);
  std::string output;
  CallOutput out(filter_state.pending, output, annotations, counters_);
  filters_[i]->on_text(TextEvent{choice, filter_state.pending, filter_state.offset, false}, out);
  // A second stop changes nothing: the stream is stopped already, the first reason stands.
  filter_state.offset += out.consumed();
  filter_state.pending.erase(0, out.consumed());
  return output;
}

void FilterChain::stop_at(ChoiceState& state, int choice, std::size_t i, std::string_view reason,
                          std::string released, ChainOutput& result) {
  stopped_ = true;
  stop_reason_ = reason.empty() ? std::string_view("unspecified") : reason;
  state.filters[i].pending.clear();
  // What the stopping filter released before it stopped was checked: it goes on through the
  // later filters, which get no end of choice (what they hold stays unreleased).
  for (std::size_t j = i + 1; j < filters_.size() && !released.empty(); ++j)
    released = run_stopped_tail(state, choice, j, std::move(released), result.annotations);
  result.text = std::move(released);
}

std::vector<std::string> FilterChain::members_to_strip() const {
  std::vector<std::string> names;
  for (const auto& filter : filters_)
    filter->members_to_strip(names);
  return names;
}

void FilterChain::serve_side_requests(const std::shared_ptr<const model::ModelCalls>& calls) {
  for (const auto& filter : filters_)
    filter->serve_side_requests(calls);
}

void FilterChain::serve_side_jobs() {
  for (const auto& filter : filters_)
    filter->serve_side_jobs();
}

void FilterChain::collect_side_requests() {
  // A filter may have posted several batches (each its own); each take hands one over.
  for (std::size_t i = 0; i < filters_.size() && !stopped_; ++i) {
    while (std::optional<SideRequestBatch> batch = filters_[i]->take_side_requests()) {
      ++outstanding_;
      posted_.push_back({i, std::move(*batch)});
    }
  }
}

std::vector<SideBatch> FilterChain::take_side_requests() {
  collect_side_requests();
  return std::exchange(posted_, {});
}

bool FilterChain::holds_for_answers() const {
  return !stopped_ && std::any_of(filters_.begin(), filters_.end(),
                                  [](const auto& filter) { return filter->holds_for_answers(); });
}

SideAnswersOutput FilterChain::on_side_answers(std::size_t filter,
                                               std::vector<SideAnswer> answers) {
  SideAnswersOutput result;
  if (filter >= filters_.size()) return result;
  if (outstanding_ > 0) --outstanding_;
  if (stopped_) return result;
  FilterOutcome outcome;
  filters_[filter]->on_side_answers(std::move(answers), outcome);
  result.annotations = std::move(outcome.annotations);
  log(result.annotations);
  if (!outcome.stop_reason.empty()) {
    stopped_ = true;
    stop_reason_ = std::move(outcome.stop_reason);
    return result;
  }
  // What reached the filter while it held goes through it (and the filters after it) now.
  for (std::size_t index = 0; index < choices_.size() && !stopped_; ++index) {
    if (filters_[filter]->holds_for_answers()) break;
    ChoiceState* state = choices_[index].get();
    if (state == nullptr) continue;
    FilterState& kept = state->filters[filter];
    if (kept.pending.empty() && !kept.end_deferred) continue;
    const Mode mode = kept.end_deferred ? Mode::kEnd : Mode::kDelta;
    kept.end_deferred = false;
    const int choice = static_cast<int>(index);
    result.released.push_back({choice, run(choice, {}, mode, {}, filter)});
    log(result.released.back().output.annotations);
  }
  collect_side_requests();
  return result;
}

struct FilterChain::Pass {
  int choice = 0;
  Mode mode = Mode::kDelta;
  std::string_view flush_reason;
  ChoiceState& state;
  ChainOutput& result;
  // The end reaches the filters up to the first that holds for side answers; it gets it later.
  bool end_of_choice = false;
  std::string input;
  std::string output;
};

ChainOutput FilterChain::run(int choice, std::string_view delta, Mode mode,
                             std::string_view flush_reason, std::size_t first) {
  ChainOutput result;
  if (stopped_) return result;
  if (filters_.empty()) {
    result.text.assign(delta);
    return result;
  }
  ChoiceState* state = state_for(choice);
  if (state == nullptr) {
    // Unbounded per-choice state is not an option, and letting the text pass unfiltered
    // would bypass the policy: stop the stream instead.
    ++counters_.rejected_choices;
    stopped_ = true;
    stop_reason_ = "chain.choice_out_of_range";
    return result;
  }
  // A filter that holds nothing sees its input where it is (most calls: text goes on at
  // once), and only what it keeps back is copied into its pending text.
  Pass pass{choice, mode, flush_reason, *state, result, mode == Mode::kEnd, std::string(delta), {}};
  for (std::size_t i = first; i < filters_.size(); ++i) {
    const Step step = run_filter(pass, i);
    if (step == Step::kStopped) return result;
    if (step == Step::kHeld) break;
    std::swap(pass.input, pass.output);
  }
  result.text = std::move(pass.input);
  return result;
}

FilterChain::Step FilterChain::run_filter(Pass& pass, std::size_t i) {
  FilterState& filter_state = pass.state.filters[i];
  if (filters_[i]->holds_for_answers()) {
    // Kept as it is until the filter's answers are in (on_side_answers runs it on).
    filter_state.pending.append(pass.input);
    filter_state.end_deferred = filter_state.end_deferred || pass.end_of_choice;
    pass.input.clear();
    return Step::kHeld;
  }
  const bool direct = filter_state.pending.empty();
  if (!direct) filter_state.pending.append(pass.input);
  const std::string_view pending = direct ? std::string_view(pass.input) : filter_state.pending;
  pass.output.clear();
  if (pending.empty() && !pass.end_of_choice) {
    pass.input.clear();
    return Step::kNext;
  }

  std::size_t consumed = 0;
  // A flush gives a filter no call for text it has seen already.
  if (pass.mode != Mode::kFlush || !pass.input.empty()) {
    CallOutput out(pending, pass.output, pass.result.annotations, counters_);
    filters_[i]->on_text(TextEvent{pass.choice, pending, filter_state.offset, pass.end_of_choice},
                         out);
    filter_state.offset += out.consumed();
    if (out.stopped()) {
      stop_at(pass.state, pass.choice, i, out.stop_reason(), std::move(pass.output), pass.result);
      return Step::kStopped;
    }
    consumed = out.consumed();
  }
  // The filter asked for side answers: what it did not hand on waits for them, unforced, and
  // the filters after it see only what it handed on.
  const bool waits = filters_[i]->holds_for_answers();
  if (waits && pass.end_of_choice) {
    filter_state.end_deferred = true;
    pass.end_of_choice = false;
    pass.mode = Mode::kDelta;
  }

  const std::size_t left = pending.size() - consumed;
  if (left > 0 && !waits && (pass.mode != Mode::kDelta || left > limits_.max_pending)) {
    if (!release_unheld(pass, i, pending.substr(consumed))) return Step::kStopped;
    consumed = pending.size();
  }
  if (!direct) {
    filter_state.pending.erase(0, consumed);
  } else if (consumed < pending.size()) {
    filter_state.pending.assign(pending.substr(consumed));
  }
  if (pass.end_of_choice) filter_state.pending.shrink_to_fit();
  return Step::kNext;
}

bool FilterChain::release_unheld(Pass& pass, std::size_t i, std::string_view rest) {
  FilterState& filter_state = pass.state.filters[i];
  const std::string_view reason = pass.end_of_choice          ? std::string_view("held_at_end")
                                  : pass.mode == Mode::kFlush ? pass.flush_reason
                                                              : std::string_view("held_over_bound");
  FilterOutcome outcome;
  filters_[i]->on_unverified(UnverifiedInput{pass.choice, reason, rest.size(), filter_state.offset},
                             outcome);
  for (std::string& annotation : outcome.annotations)
    pass.result.annotations.push_back(std::move(annotation));
  if (!outcome.stop_reason.empty()) {
    stop_at(pass.state, pass.choice, i, outcome.stop_reason, std::move(pass.output), pass.result);
    return false;
  }
  pass.output.append(rest);
  filter_state.offset += rest.size();
  std::size_t& releases = pass.end_of_choice          ? counters_.end_leftover_releases
                          : pass.mode == Mode::kFlush ? counters_.flushed_releases
                                                      : counters_.forced_releases;
  std::size_t& bytes = pass.end_of_choice          ? counters_.end_leftover_bytes
                       : pass.mode == Mode::kFlush ? counters_.flushed_bytes
                                                   : counters_.forced_release_bytes;
  ++releases;
  bytes += rest.size();
  return true;
}

}  // namespace groundgate::filters::stream
