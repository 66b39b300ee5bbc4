#pragma once
// The per-stream chain of filters: text deltas in, per choice; text to emit out. Output of
// filter i is the input of filter i+1. Held text is kept per filter per choice, bounded.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/stream_filter.h"

namespace groundgate::filters::stream {

struct ChainOutput {
  std::string text;                      // what the client gets now for this choice
  std::vector<std::string> annotations;  // JSON objects to attach to the chunk carrying it
};

// Choice indices an answer may use, [0, kMaxChoices): the one bound of the proxy (the chunk
// decoder refuses other indices, which makes their event unverified) and of the chain.
inline constexpr int kMaxChoices = 128;
// The chain's choices: an answer's, and as many again for the text that goes beside them when
// the filters read it (chat completions: the reasoning of choice i is choice kMaxChoices + i).
inline constexpr int kMaxChainChoices = 2 * kMaxChoices;

struct ChainLimits {
  // Per filter per choice; beyond it, held text is forced on (the filter's on_unverified
  // decides whether it goes, unchanged, or the stream stops).
  std::size_t max_pending = 256u << 10;
  int max_choices = kMaxChainChoices;  // choice indices in [0, max_choices)
};

// What the chain had to correct on the filters' or the upstream's behalf.
struct ChainCounters {
  std::size_t clamped_calls = 0;    // release/replace asked for more than was pending
  std::size_t forced_releases = 0;  // pending over max_pending, forced on unchanged
  std::size_t forced_release_bytes = 0;
  std::size_t end_leftover_releases = 0;  // held at end of choice, forced on unchanged
  std::size_t end_leftover_bytes = 0;
  std::size_t flushed_releases = 0;  // held text flushed ahead of an unverified input
  std::size_t flushed_bytes = 0;
  std::size_t unverified_inputs = 0;  // inputs the filters could not see as text
  std::size_t rejected_choices = 0;   // choice index out of range: the stream was stopped
};

// A copy of the annotations a chain handed out, for a record of the stream kept after it (the
// verdict look-up): the answer-level ones (FilterChain::answer_end) always, the others up to
// `max_bytes`; what did not fit is counted.
struct AnnotationLog {
  std::size_t max_bytes = 0;
  std::size_t bytes = 0;
  std::size_t dropped = 0;
  std::vector<std::string> kept;
};

// One choice's output of FilterChain::release_held.
struct HeldRelease {
  int choice = 0;
  ChainOutput output;
};

// A filter's batch of side requests, as the chain hands it to the proxy: `filter` says whose
// answers they will be (FilterChain::on_side_answers).
struct SideBatch {
  std::size_t filter = 0;
  SideRequestBatch batch;
};

// What the chain makes of a batch's answers: annotations for the stream, and the text of each
// choice the answering filter had kept back, now run through it and the filters after it.
struct SideAnswersOutput {
  std::vector<std::string> annotations;
  std::vector<HeldRelease> released;
};

class FilterChain {
 public:
  FilterChain() = default;
  explicit FilterChain(std::vector<std::unique_ptr<StreamFilter>> filters);
  FilterChain(std::vector<std::unique_ptr<StreamFilter>> filters, ChainLimits limits);

  bool empty() const { return filters_.empty(); }
  // The request members no filter lets go upstream (StreamFilter::members_to_strip).
  std::vector<std::string> members_to_strip() const;
  // The filters' one-off work before the first delta (StreamFilter::prepare), and its size.
  // prepare() may run on another thread than the other calls, never at the same time.
  std::size_t prepare_cost() const;
  void prepare();
  // A delta of choice `choice` arrived. Returns what may be emitted now.
  ChainOutput on_delta(int choice, std::string_view delta);
  // The choice finished (finish_reason, or end of stream): every filter must let go of it.
  ChainOutput on_choice_end(int choice);
  // Input the filters cannot see as text is about to reach the client (UnverifiedInput): every
  // filter in chain order says what it makes of it, until one stops the stream. Returns the
  // annotations for the chunk that carries it; stopped() says whether it may go.
  std::vector<std::string> on_unverified(const UnverifiedInput& input);
  // Every choice's held text goes on now, in choice order, unverified (each filter holding
  // some decides through on_unverified, `reason` saying why), so that input which follows it
  // does not overtake it. Stops at the first choice whose filters stop the stream.
  std::vector<HeldRelease> release_held(std::string_view reason);
  // Every filter only reports (StreamFilter::only_reports), and there is at least one.
  bool only_reports() const;
  // Every filter reads refusals as answer text (StreamFilter::reads_refusals).
  bool reads_refusals() const;
  // Some filter reads reasoning text (StreamFilter::reads_reasoning): every filter then sees it.
  bool reads_reasoning() const;
  // Reasoning text went to the client: every filter hears of it (StreamFilter::on_reasoning).
  void on_reasoning(std::size_t bytes, bool read);
  // The strongest interest any filter has in tool calls.
  ToolCallInterest tool_call_interest() const;
  // A tool call is complete: every filter in chain order sees it until one stops the stream.
  // Returns the annotations for the chunk that completes it.
  std::vector<std::string> on_tool_call(const ToolCallEvent& event);
  // The response brought retrieved context: every filter sees it (StreamFilter::on_context).
  void on_context(const std::vector<RetrievedPassage>& passages);
  // Side requests (stream_filter.h). The proxy calls serve_side_requests() when it can send
  // them (`calls` writes and reads them); take_side_requests() hands over what filters posted
  // since the last call.
  void serve_side_requests(const std::shared_ptr<const model::ModelCalls>& calls);
  // The proxy runs side jobs (StreamFilter::serve_side_jobs) on its workers.
  void serve_side_jobs();
  std::vector<SideBatch> take_side_requests();
  // Batches posted (taken or not) and not answered yet.
  bool awaits_answers() const { return outstanding_ > 0; }
  // Some filter keeps text until its answers are in: what follows in the stream must wait.
  bool holds_for_answers() const;
  // A batch's answers (every request's, errors included) for the filter that posted it; the
  // text it kept goes on through the chain now, unless the filter holds again or stopped.
  SideAnswersOutput on_side_answers(std::size_t filter, std::vector<SideAnswer> answers);
  // Some filter stopped the stream; nothing more is emitted after the call that stopped. That
  // call returns the text the stopping filter released before it stopped (run through the
  // filters after it; what they still hold is dropped, never checked) and its annotations,
  // so the closing chunk can say why.
  bool stopped() const { return stopped_; }
  std::string_view stop_reason() const { return stop_reason_; }
  const ChainCounters& counters() const { return counters_; }
  // The answer-level annotations of every filter, in chain order; the first call collects,
  // later calls return nothing (the summary goes out once). Call it before [DONE] or with the
  // closing chunk of a stopped stream.
  std::vector<std::string> answer_end();
  // Asks every filter, in chain order, what it has to say about the stream. The first call
  // collects (each filter's on_stream_end runs exactly once); later calls return the same
  // report again. Call it when the response is over.
  StreamReport report();
  // Keeps a copy of every annotation handed out from now on (AnnotationLog), up to `max_bytes`.
  void keep_annotations(std::size_t max_bytes);
  // Null unless keep_annotations() was called.
  const AnnotationLog* annotation_log() const { return log_ ? &*log_ : nullptr; }

 private:
  // One filter's view of one choice: its held text and how much of its input it consumed.
  struct FilterState {
    std::string pending;
    std::size_t offset = 0;
    bool end_deferred = false;  // the choice ended while the filter held for side answers
  };
  struct ChoiceState {
    std::vector<FilterState> filters;
  };

  // kDelta: new text; kEnd: the choice ends; kFlush: held text goes on (release_held).
  enum class Mode { kDelta, kEnd, kFlush };
  // From filter `first` on (filters before it are not called).
  ChainOutput run(int choice, std::string_view delta, Mode mode, std::string_view flush_reason = {},
                  std::size_t first = 0);
  // One run() call's state as it goes from filter to filter: the current filter's new text
  // (`input`) and what it hands on (`output`), which swap roles per filter.
  struct Pass;
  // What became of the text at one filter: it goes on, the filter holds it for side answers
  // (the run ends), or the filter stopped the stream.
  enum class Step { kNext, kHeld, kStopped };
  Step run_filter(Pass& pass, std::size_t i);
  // Text filter i will not or may not hold any longer (`rest`, after what it consumed): the
  // filter decides whether it goes on unchanged, never checked, or the stream stops (false).
  bool release_unheld(Pass& pass, std::size_t i, std::string_view rest);
  // Filter `i` stopped the stream with `reason` after handing on `released`: that text was
  // checked and goes on through the later filters (what they hold is dropped).
  void stop_at(ChoiceState& state, int choice, std::size_t i, std::string_view reason,
               std::string released, ChainOutput& result);
  // After filter i-1 stopped: filter i gets `input` (what was released before the stop) as a
  // plain delta; returns what it releases.
  std::string run_stopped_tail(ChoiceState& state, int choice, std::size_t i, std::string input,
                               std::vector<std::string>& annotations);
  ChoiceState* state_for(int choice);
  // Asks every filter in chain order (`ask(filter, outcome)`) until one stops the stream;
  // returns the annotations they gave.
  template <typename Ask>
  std::vector<std::string> ask_filters(Ask ask);
  // Moves what filters posted into posted_: awaits_answers() counts it at once.
  void collect_side_requests();
  // Copies `annotations` into the log, when there is one; `always`: whatever their size.
  void log(const std::vector<std::string>& annotations, bool always = false);

  std::vector<std::unique_ptr<StreamFilter>> filters_;
  // Implementation state (per filter, per choice pending text, offsets) lives here.
  std::vector<std::unique_ptr<ChoiceState>> choices_;
  bool stopped_ = false;
  std::string stop_reason_;
  ChainLimits limits_;
  ChainCounters counters_;
  std::optional<StreamReport> report_;
  bool answer_ended_ = false;
  std::size_t outstanding_ = 0;    // side batches posted, not answered
  std::vector<SideBatch> posted_;  // posted, not taken by the proxy yet
  std::optional<AnnotationLog> log_;
};

}  // namespace groundgate::filters::stream
