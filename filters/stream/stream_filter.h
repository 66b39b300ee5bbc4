#pragma once
// The stream filter contract (after Envoy's encodeData): a per-stream object sees the text of
// each choice as it arrives and says how much of its pending text may go on, what replaces it,
// or that the stream stops. Filters never do I/O, never block for long, never throw.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "filters/model/model_calls.h"

namespace groundgate::filters::stream {

// What a filter hands on for one choice during one call. The filter calls these in order;
// each consumes bytes from the front of its pending text. Bytes not consumed stay pending
// (held back) and are offered again, with the next delta appended, on the next call.
class ChoiceOutput {
 public:
  virtual ~ChoiceOutput() = default;
  // The next n pending bytes go on unchanged.
  virtual void release(std::size_t n) = 0;
  // The next n pending bytes go on as `text` instead.
  virtual void replace(std::size_t n, std::string_view text) = 0;
  // Nothing more of this stream reaches the client: the chain ends every choice with
  // finish_reason "content_filter". `reason` is machine-readable (e.g. "redact.phrase").
  virtual void stop(std::string_view reason) = 0;
  // Attaches a JSON object (serialised) to the chunk that carries this choice's next output.
  virtual void annotate(std::string json_object) = 0;
};

struct TextEvent {
  int choice = 0;              // choice index
  std::string_view pending;    // this filter's unreleased text of the choice, new delta included
  std::size_t offset = 0;      // offset of pending.front() in the full answer text of the choice
  bool end_of_choice = false;  // no more text will come: release or replace all of pending now
};

// One complete tool call of a choice (or its legacy function_call): the model asks the app to
// run `name` with `arguments`, a JSON text as the model wrote it.
struct ToolCallEvent {
  int choice = 0;
  std::size_t call = 0;  // position among the choice's calls
  std::string_view name;
  std::string_view arguments;
  bool truncated = false;  // the call outgrew the proxy's bound: `arguments` is a prefix only
};

// A passage of retrieved context the response itself brings (a search tool's result the API ran,
// e.g. the Responses API's file_search_call): what the answer after it may rest on.
struct RetrievedPassage {
  std::string text;
  std::string title;
  std::string id;
};

// What a filter says about one tool call or one unverified input.
struct FilterOutcome {
  std::vector<std::string> annotations;  // JSON objects for the chunk that carries the input
  std::string stop_reason;               // non-empty: the stream stops; the input never goes out
};
using ToolCallOutcome = FilterOutcome;

// Answer bytes that would reach the client without this filter's on_text having seen them as
// text: an upstream event or body the proxy cannot decode (an unknown coding or media type, a
// chunk that is not valid JSON, a choice index out of range), or text the chain forces past
// the filter (held over max_pending, left held at the end of its choice, or flushed ahead of
// an undecodable event so that the answer keeps its order). The filter decides whether it
// goes on (annotated) or the stream stops: a filter that verifies answers lets it go only when
// its policy says so (`on_error: open`).
struct UnverifiedInput {
  int choice = -1;          // the choice it belongs to; -1: not tied to one (or unknown)
  std::string_view reason;  // machine-readable: "upstream_event_undecodable", "held_over_bound"
  std::size_t bytes = 0;    // how many bytes go on unseen
  std::size_t offset = 0;   // text only: offset of the first one in the choice's full answer
};

// Side requests: a filter that needs the stream's model asked again (the question rewritten, a
// second opinion) hands the proxy request bodies, written by the stream's model::ModelCalls;
// the proxy sends each to the stream's own endpoint on the route's upstream with the client's
// request headers (or to the batch's SideEndpoint) and hands the answers back
// (StreamFilter::on_side_answers) on the stream's thread, for the filter to read with the same
// ModelCalls. The filter never sees a socket.
//
// Side jobs: blocking work a filter must not do on the stream's thread (a query run on the
// operator's database) goes the same way as a side request that carries a job instead of a
// body. The proxy runs the job on a bounded worker pool, never on an I/O thread, and answers it
// like a request: status 200 and no body once it ran (the job holds its result, which the
// filter reads on the stream's thread after the answer), or an error: "overloaded" (no worker
// free and the queue full), "timeout" (the batch's time ran out) or "cancelled" (the client
// left). Only an answer without an error means the job ran to its end.
class SideJob {
 public:
  virtual ~SideJob() = default;
  // Does the work (on a worker thread); it checks cancelled() where it can stop early.
  virtual void run() = 0;
  // Asks a running or queued job to stop early; any thread.
  void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }
  const std::atomic<bool>& cancel_flag() const { return cancelled_; }

 private:
  std::atomic<bool> cancelled_{false};
};

struct SideRequest {
  std::uint64_t id = 0;          // the filter's own, echoed by its answer
  std::string body;              // the request body, as bytes
  std::shared_ptr<SideJob> job;  // set: a side job (no body), run on the proxy's workers
};

struct SideRequestLimits {
  std::size_t fan_out = 2;                    // most requests in flight at once
  std::chrono::milliseconds timeout{10'000};  // every answer of the batch within this
  std::size_t max_response_bytes = 1u << 20;  // a longer answer is an error
};

// An endpoint of a filter's own (a judge model's): an upstream of the config's by name (empty:
// the route's), a path on it, and the credentials its requests carry.
struct SideEndpoint {
  enum class Auth : std::uint8_t {
    kForward,  // the client's header fields (the route's upstream only: config checks it)
    kBearer,   // `Authorization: Bearer <bearer>` and no field of the client's
    kNone,     // no credentials and no field of the client's (a local model server)
  };
  std::string upstream;
  std::string path;  // empty: the stream's own endpoint
  Auth auth = Auth::kForward;
  std::string bearer;  // kBearer: the key; never logged
};

// Requests answered together: the filter hears back once, when all are in or the time is up.
struct SideRequestBatch {
  std::vector<SideRequest> requests;
  SideRequestLimits limits;
  std::shared_ptr<const SideEndpoint> endpoint;  // null: the stream's own endpoint
};

struct SideAnswer {
  std::uint64_t id = 0;
  unsigned status = 0;  // the HTTP status; 0: no response
  std::string body;     // the response body (complete only when `error` is empty)
  std::string error;    // set: no usable response ("timeout", "cancelled", "connect: ...")
};

enum class ToolCallInterest : std::uint8_t {
  kNone,     // tool calls go on unseen
  kInspect,  // on_tool_call sees each completed call; its chunks go on at once
  kHold,     // the call's chunks wait for on_tool_call, which may stop the stream first
};

// What filters tell the proxy about a stream once it is over. Keys are "<filter>.<name>";
// the proxy turns counts into metrics and both into access-log fields.
// Well-known keys: counts "verdicts.<label>" and "actions.<kind>" become the metrics
// groundgate_verdicts_total and groundgate_actions_total; observations "verify_seconds" and
// "hold_seconds" the histograms of verification time and hold delay; fields "guard.verdict" and
// "guard.checked" the response headers x-groundgate-verdict and x-groundgate-checked.
struct StreamReport {
  std::vector<std::pair<std::string, std::uint64_t>> counts;  // {"verdicts.supported", 3}
  std::vector<std::pair<std::string, std::string>> fields;    // access-log extras
  std::vector<std::pair<std::string, std::vector<double>>> observations;  // histogram samples
};

// One instance per stream. The pass-through default releases everything at once.
class StreamFilter {
 public:
  virtual ~StreamFilter() = default;
  // Top-level members of the request that the filter reads for itself and the upstream must not
  // get (context extension fields, a schema): the proxy forwards the request without them.
  virtual void members_to_strip(std::vector<std::string>& names) const { (void)names; }
  // Work to do once before the first text that may take long (indexing a large retrieved
  // context). It touches only this filter's own state, so the proxy may run it on a worker
  // thread while nothing else calls the filter; a filter must still work when it was never
  // called (then it does the work at its first hook). `prepare_cost` says how much there is
  // (bytes to process; 0: nothing), for the caller to decide where to run it.
  virtual std::size_t prepare_cost() const { return 0; }
  virtual void prepare() {}
  virtual void on_text(const TextEvent& event, ChoiceOutput& out) {
    out.release(event.pending.size());
  }
  // True when the filter lets all text go on at once, unchanged, and never stops the stream: it
  // only annotates. For a chain of such filters the proxy sends the upstream's chunks before the
  // filters see them, and their annotations follow in chunks of their own.
  virtual bool only_reports() const { return false; }
  // Tool calls: whether the filter sees them, and whether their chunks wait for its verdict.
  virtual ToolCallInterest tool_call_interest() const { return ToolCallInterest::kNone; }
  // A tool call is complete (its choice finished). Called in call order, before the choice's
  // end of text.
  virtual void on_tool_call(const ToolCallEvent& event, ToolCallOutcome& outcome) {
    (void)event;
    (void)outcome;
  }
  // Text a client may show besides the answer's content. The model's refusal is answer text: a
  // filter sees it as its choice's text, unless it says it cannot read it (false: refusals are
  // input it cannot see as text, on_unverified decides whether they go). The model's reasoning
  // is not the answer: it goes on unread and only counted (on_reasoning) unless some filter
  // reads it (true: each choice's reasoning is text of a choice of its own, which every filter
  // of the chain sees).
  virtual bool reads_refusals() const { return true; }
  virtual bool reads_reasoning() const { return false; }
  // `bytes` of reasoning text went to the client; `read`: as text the filters saw.
  virtual void on_reasoning(std::size_t bytes, bool read) {
    (void)bytes;
    (void)read;
  }
  // The response brought retrieved context (a search the API ran itself): the text that follows
  // it, in every choice, may rest on it as on the request's context.
  virtual void on_context(const std::vector<RetrievedPassage>& passages) { (void)passages; }
  // Input this filter cannot see as text is about to reach the client (see UnverifiedInput):
  // a stop_reason in `outcome` stops the stream first. The default lets it go: a filter that
  // only changes text has nothing to check.
  virtual void on_unverified(const UnverifiedInput& input, FilterOutcome& outcome) {
    (void)input;
    (void)outcome;
  }
  // The answer is over (every choice ended, or the stream stops): answer-level annotations
  // (a summary) to attach to the last chunk before [DONE]. Called at most once per stream.
  virtual void on_answer_end(std::vector<std::string>& annotations) { (void)annotations; }
  // The proxy can serve side requests for this stream: `calls` writes their bodies (requests of
  // the API the stream's request used) and reads their answers. Called before the first text,
  // or never: then a filter that needs them says in its report that it went without. A served
  // filter's batches are always answered (errors included) before the response is written,
  // streamed or not.
  virtual void serve_side_requests(std::shared_ptr<const model::ModelCalls> calls) { (void)calls; }
  // The proxy runs this stream's side jobs on its workers (a side request that carries a job):
  // called before the first text, or never; then a filter does such work itself, inline.
  virtual void serve_side_jobs() {}
  // A batch the filter posts now (each call hands one over); the chain asks after every hook
  // call, until none is left.
  virtual std::optional<SideRequestBatch> take_side_requests() { return std::nullopt; }
  // True while the filter's text waits for its side answers: the chain keeps what would reach
  // the filter (text, the end of a choice) and offers it again once they are in.
  virtual bool holds_for_answers() const { return false; }
  // Every answer of a posted batch (an error for each that failed, timed out or was cancelled);
  // `outcome` annotates (and may stop the stream). The chain then offers the kept text again.
  virtual void on_side_answers(std::vector<SideAnswer> answers, FilterOutcome& outcome) {
    (void)answers;
    (void)outcome;
  }
  // The stream is over (ended, stopped or broken off): append what the filter has to say.
  // Called once per stream; choices that never got end_of_choice may still hold state.
  virtual void on_stream_end(StreamReport& report) { (void)report; }
};

}  // namespace groundgate::filters::stream
