#pragma once
// The streaming path as a pure object: upstream SSE bytes in, client SSE bytes out, each
// choice's text run through the stream's FilterChain. The API shape (chat completions chunks,
// Responses API events) is the StreamAdapter's business; this object is the same for all. With
// no filter changing anything the client receives exactly the upstream's bytes. No I/O here:
// the session feeds bytes and writes what comes out.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/filter_chain.h"
#include "proxy/openai/error_body.h"
#include "proxy/openai/status.h"
#include "proxy/openai/stream_adapter.h"
#include "proxy/openai/tool_call_collector.h"
#include "proxy/sse/sse_parser.h"

namespace groundgate::proxy::sse {

struct SseTransformCounters {
  std::size_t events = 0;              // data events from the upstream, [DONE] included
  std::size_t chunks_rewritten = 0;    // upstream events forwarded with new text or annotations
  std::size_t chunks_synthesised = 0;  // events made here: released held text, stop events
  std::size_t parse_errors = 0;        // events that did not decode, events over the size bound
  // Events with data after the answer's end (after [DONE], after the end of a Responses stream;
  // a second [DONE] aside): never sent. The caller ends the relay at the first.
  std::size_t after_end = 0;
};

// Where filter annotations go: a `groundgate` member on the events (events of their own when
// none is free), or SSE comment lines (": groundgate {...}") so that clients see the
// upstream's events byte for byte when no text changes.
enum class AnnotationPlacement : std::uint8_t { kInChunks, kCommentLines };

class SseTransform {
 public:
  // `chain` null or empty: pass-through. `max_event_bytes` bounds the one partial event held.
  // Without an adapter, chat completions chunks.
  SseTransform(filters::stream::FilterChain* chain, std::size_t max_event_bytes,
               AnnotationPlacement placement = AnnotationPlacement::kInChunks,
               std::unique_ptr<openai::StreamAdapter> adapter = nullptr);

  // In two steps, so that a chain that only reports adds no latency. take() parses the
  // upstream's bytes and appends to `now` what goes to the client at once: with a chain that
  // only reports (FilterChain::only_reports), the upstream's complete events as they are, up to
  // the first one that must wait (the adapter says which: the end of the answer, events that
  // repeat text or carry the summary); with any other chain, nothing. check() then runs the
  // filters over the events taken and appends what they add (annotations, in events of their
  // own for events sent already) and the events that waited, in order. take() may be called
  // several times before check(). take() fails (and the stream stops in check()) when an
  // upstream event exceeds max_event_bytes while filters are active: it cannot be checked.
  openai::Status take(std::string_view upstream_bytes, std::string& now);
  void check(std::string& after);
  // Both steps at once: appends what the client gets for `upstream_bytes` to `to_client`.
  openai::Status feed(std::string_view upstream_bytes, std::string& to_client);
  // The upstream body ended (call it after check()); `upstream_complete` false means the
  // connection broke (a block cut off mid-way is then dropped). Releases what the filters still
  // hold and, if the connection broke before the answer's end, sends an error event so the
  // client knows the answer is incomplete (`why`: what it says).
  void finish(bool upstream_complete, std::string& to_client,
              const openai::StreamCutShort& why = openai::kUpstreamDisconnected);

  // Side requests (filters/stream/stream_filter.h). The caller sends the chain's batches
  // (FilterChain::take_side_requests) after take()/check() and hands each batch's answers to
  // answer(). waiting(): check() stopped at an event that must wait for them -- text a filter
  // holds for its answers, or the end of the answer while answers are out -- and nothing more
  // is checked until answer() lets it go on (the events after it included); the caller reads
  // no more of the upstream meanwhile. answer() appends what the client gets now.
  bool waiting() const { return paused_.has_value(); }
  void answer(std::size_t filter, std::vector<filters::stream::SideAnswer> answers,
              std::string& to_client);

  // A filter stopped the stream (or it could not be checked): the caller cancels the upstream
  // and ends the response; nothing more is emitted.
  bool stopped() const { return stopped_; }
  // The answer's end went to the client ([DONE], response.completed): nothing more goes.
  bool done_seen() const { return done_; }
  const SseTransformCounters& counters() const { return counters_; }
  // The upstream's id of the answer, once an event gave it (openai::StreamAdapter::response_id).
  std::string_view response_id() const { return adapter_->response_id(); }

 private:
  // One choice's output for one place in an upstream event (an event may name a choice twice,
  // and each place keeps what its own text became), or for none.
  struct ChoiceOutput {
    int choice = 0;
    std::string text;
    openai::ByteRange range;   // the event's place for the choice's text; empty: none
    std::string upstream;      // the text the upstream put there
    openai::ByteRange shadow;  // repeats that text in another form: emptied when it changes
    std::string_view shadow_blank;
    bool has_range = false;
    bool ends = false;    // the choice ended with this output
    bool unread = false;  // text the chain does not read: it goes as it came
  };

  // An event check() stopped at (waiting()): before handling it, or handled with its output
  // waiting for the chain's side answers.
  struct Paused {
    std::size_t event = 0;  // index in events_
    bool handled = false;
    bool sent = false;
    bool end = false;
    std::vector<ChoiceOutput> outputs{};
    std::vector<std::string> annotations{};
    std::vector<int> finished{};
  };

  // check()'s loop from events_[from] on; stops at an event that waits (paused_).
  void check_from(std::size_t from, std::string& after);
  // The rest of process() once the event's ops ran: its output and annotations written.
  void write_event(const sse::SseEvent& event, bool sent, bool end,
                   std::vector<ChoiceOutput>& outputs, std::vector<std::string>& annotations,
                   const std::vector<int>& finished, std::string& out);
  // The chain stopped: what the event's outputs hold goes out first (unless sent), then the stop.
  void stop_after(std::vector<ChoiceOutput>& outputs, std::vector<std::string> annotations,
                  bool sent, std::string& out);
  void count(std::span<const sse::SseEvent> events);
  // Whether the body, from its first bytes (raw_), is not an event stream but JSON (a client
  // that reads JSON whatever the media type shows it): decided once the first byte that is not
  // a space arrives.
  void sniff_body();
  // A body that is not an event stream (sniff_body): the chain decides once whether it goes on
  // unread (FilterChain::on_unverified, "content_type") or the answer stops; then `raw_` goes
  // on as it came, or is dropped.
  void unreadable_body(std::string& out);
  // An event after the answer's end: dropped, and counted unless it is a repeated [DONE].
  void after_end(const sse::SseEvent& event);
  // Whether the chain reads the text of `op` (openai::TextReading); text it does not read goes on
  // as it came: reasoning counted, a refusal unverified.
  bool reads(const openai::WireOp& op) const;
  std::string too_large_message() const;
  // Whether take() may send the event before the filters see it.
  bool may_send_first(const sse::SseEvent& event) const;
  void handle(const sse::SseEvent& event, std::string& out);
  // `sent`: take() sent the event already; the filters only see its text and annotate.
  void handle_answer(const sse::SseEvent& event, bool sent, std::string& out);
  void process(const sse::SseEvent& event, bool sent, std::string& out);
  // Runs the event's ops through the chain; false once the chain stopped (the stop is written).
  bool run_ops(bool sent, std::vector<ChoiceOutput>& outputs, std::vector<std::string>& annotations,
               std::vector<int>& finished, std::string& out);
  // The choice's latest output in `outputs` (made when there is none).
  ChoiceOutput& output_of(std::vector<ChoiceOutput>& outputs, int choice);
  // An event whose answer text the filters cannot see (it does not decode, or the adapter
  // says it cannot be read as an answer): the chain decides (FilterChain::on_unverified). If it
  // may go, what the filters hold goes first, unverified, so that the answer keeps its order;
  // else the stream stops and its bytes never reach the client.
  void unverified_event(const sse::SseEvent& event, std::string_view reason, bool sent,
                        std::string& out);
  // Hands the choice's collected tool calls to the chain (`cut_short`: they outgrew the hold
  // and are incomplete); its annotations join `annotations`. The chain may stop. A call whose
  // check waits for side work (a query's run on the operator's database) keeps the choice's
  // output held until the answers decide it (release_awaited_calls).
  void decide_tool_calls(int choice, bool cut_short, std::vector<std::string>& annotations);
  // The side answers are in and no filter holds for more: the held output of the calls that
  // waited goes on with the next deliver() (or is dropped, if the chain stopped).
  void release_awaited_calls();
  // Forgets undecided tool calls and what they held back (the upstream broke off mid-call).
  void drop_tool_calls();
  // Where handling writes: with held tool calls, a scratch that deliver() routes.
  std::string& sink(std::string& to_client);
  // After each event: while a tool call is undecided its output waits in held_; once decided,
  // held_ and the new output go to the client in order (held_ is dropped if the chain stopped).
  void deliver(std::string& to_client);
  // Runs on_choice_end for every open choice and emits what comes out.
  void end_open_choices(std::string& out);
  void stop(std::vector<std::string> annotations, std::string& out);
  // Emits text the filters released outside an upstream event, in an event of its own made by
  // the adapter, with its annotations (or only those, in attach()'s way, when there is no text).
  void emit_text(int choice, std::string_view text, const std::vector<std::string>& annotations,
                 std::string& out);
  // Emits annotations that no upstream event carries (an annotation event, or comments).
  void attach(const std::vector<std::string>& annotations, std::string& out);
  void write_comments(const std::vector<std::string>& annotations, std::string& out);
  // The filters' answer-level annotations (the summary), once, before the end or an error.
  void summarize(std::string& out);
  // Forwards the held trailer (if any) as the upstream sent it, plus `annotations`.
  void flush_trailer(const std::vector<std::string>& annotations, std::string& out);
  // Writes the error event and stops the stream.
  void fail(std::string_view message, std::string_view code, std::string& out);
  // Writes an event made here.
  void emit(const openai::MadeEvent& event, std::string& out);
  void forward(const sse::SseEvent& event, std::string& out);
  // Writes an upstream event with edits and annotations through the adapter (or as it came).
  void write_upstream(const sse::SseEvent& event, std::vector<openai::Edit> edits,
                      const std::vector<std::string>& annotations, std::string& out);
  // Ends an upstream block that was forwarded without its blank line (the stream broke off).
  void end_block(std::string& out);
  // Text of `choice` goes to the client: completes UTF-8 (unless take() `sent` the event as it
  // came) and tells the adapter.
  std::string settle(int choice, std::string text, bool end_of_choice, bool sent);
  // Holds back a trailing incomplete UTF-8 sequence of the choice's output until its next call.
  std::string complete_utf8(int choice, std::string text, bool end_of_choice);
  void open(int choice);
  void close(int choice);
  bool is_open(int choice) const;

  filters::stream::FilterChain* chain_;
  bool pass_through_;
  bool only_reports_;  // the chain only annotates: take() sends events before they are checked
  AnnotationPlacement placement_;
  std::size_t max_event_bytes_;
  std::unique_ptr<openai::StreamAdapter> adapter_;
  sse::SseParser parser_;
  std::vector<sse::SseEvent> events_;  // taken, not checked yet; given back to the parser after
  std::size_t sent_ = 0;               // how many of events_ (from the front) take() sent
  bool too_large_ = false;             // an upstream event outgrew the bound: check() ends it
  openai::WireEvent wire_;
  std::vector<int> open_choices_;  // sorted
  std::map<int, std::string> utf8_tails_;
  // The trailer event, held until the next event: when that ends the answer, the summary
  // rides on it, so it stays the last event as clients expect.
  std::optional<sse::SseEvent> held_trailer_;
  bool unterminated_ = false;    // the last bytes sent end inside an upstream block
  openai::TextReading reading_;  // which kinds of text the chain reads
  // sniff_body: 0 until the body's first byte that is not a space; then 1 (an event stream)
  // or 2 (not one: `raw_` holds what take() got, until check() decides).
  int body_kind_ = 0;
  bool raw_allowed_ = false;  // a body that is not an event stream goes on unread
  std::string raw_;
  std::vector<std::string> raw_notes_;  // what the chain said of it, for after it
  bool done_ = false;
  bool stopped_ = false;
  bool finished_ = false;
  std::optional<Paused> paused_;
  SseTransformCounters counters_;
  // Tool calls, when a filter wants them: collected per choice, decided when it finishes.
  filters::stream::ToolCallInterest tool_calls_;
  openai::ToolCallCollector collector_;
  std::vector<int> held_choices_;   // kHold: choices whose undecided calls hold the output
  std::vector<int> awaited_calls_;  // kHold: of those, choices whose calls wait for side answers
  std::string held_;                // kHold: client bytes waiting for a tool call's verdict
  std::string scratch_;             // kHold: one event's output, before deliver()
};

}  // namespace groundgate::proxy::sse
