#pragma once
// The two ends of a streamed answer for one API shape (chat completions chunks, the Responses
// API's events): an adapter turns each upstream SSE event into what it means for the answer
// (per-choice text deltas, ends, tool-call pieces, retrieved passages), and writes the chain's
// decisions back in that shape (text spliced in, events made here, the shape's own way to end a
// filtered answer, its own events that repeat the text). SseTransform runs the filter chain
// between the two and never looks at the shape; the chain never knows which shape it serves.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/stream_filter.h"
#include "proxy/openai/chunk_decoder.h"
#include "proxy/openai/chunk_writer.h"
#include "proxy/openai/request_inspector.h"
#include "proxy/openai/status.h"
#include "proxy/sse/sse_parser.h"

namespace groundgate::proxy::openai {

// What a text op's text is to the client, and so to the filters: a client shows every kind.
enum class TextKind : std::uint8_t {
  kAnswer,   // the answer's content
  kRefusal,  // the model's refusal: answer text too (read as the choice's text, or unverified
             // when the filters say they cannot read it: FilterChain::reads_refusals)
  // The model's reasoning, which some clients show: not the answer. The op's choice is one of
  // its own; the text goes on unread and counted unless the filters read it
  // (FilterChain::reads_reasoning).
  kReasoning,
};

// One thing an upstream event says about the answer, in the order the transform acts on it.
struct WireOp {
  enum class Kind : std::uint8_t {
    kText,         // `text` is new answer text of `choice`; `range` its string in the event (empty:
                   // the event has no place for the choice's text; the output then goes in an
                   // event made before it). An empty text with a range is a place for text.
    kEnd,          // `choice`'s answer is complete; its tool calls are decided first
    kToolCall,     // a piece of tool call `call` of `choice`: its `name` and/or arguments (`text`)
    kToolCallEnd,  // `choice`'s tool calls are complete (the Responses API's function_call item)
    kContext,      // `passages`: retrieved context the answer after this point may rest on
  };
  Kind kind = Kind::kText;
  TextKind text_kind = TextKind::kAnswer;  // kText
  int choice = 0;
  int call = 0;
  std::string text;  // unescaped
  std::string name;
  ByteRange range;
  // kText: what repeats the text in another form (log probabilities' tokens), and the JSON
  // that replaces it when the text changes.
  ByteRange shadow;
  std::string_view shadow_blank;
  std::vector<filters::stream::RetrievedPassage> passages;

  // An op that names only its choice (kEnd, kToolCallEnd).
  static WireOp about(Kind kind, int choice) {
    WireOp op;
    op.kind = kind;
    op.choice = choice;
    return op;
  }
};

// Which kinds of text the chain reads (the others go on unread: reasoning counted, refusals
// unverified), for the adapters to number choices by.
struct TextReading {
  bool refusals = true;
  bool reasoning = false;
};

// What an upstream data event is to the transform.
enum class EventRole : std::uint8_t {
  kAnswer,   // its ops run through the chain (an event with none goes on as it came)
  kEnd,      // the answer is over after its ops ([DONE], response.completed): every open choice
             // ends and the summary goes on it (or, when it has no JSON, before it)
  kTrailer,  // waits for the next event: when that ends the answer, the summary rides on this
             // one (chat's usage chunk, which must stay the last chunk)
  kError,    // an error the upstream sent: forwarded as it came
  // It decodes but its answer text cannot be read as one (chat: an error that also has
  // choices): unverified, as an event that does not decode is, and the chain decides.
  kUnverified,
};

struct WireEvent {
  EventRole role = EventRole::kAnswer;
  std::vector<WireOp> ops;
  bool has_json = true;                // false: no JSON object to carry annotations ([DONE])
  std::string_view unverified_reason;  // kUnverified: machine-readable, static

  void clear() {
    role = EventRole::kAnswer;
    ops.clear();
    has_json = true;
    unverified_reason = {};
  }
};

// An event made by the adapter: the SSE `event:` name (empty: none) and its data.
struct MadeEvent {
  std::string type;
  std::string data;
};

class StreamAdapter {
 public:
  virtual ~StreamAdapter() = default;

  // Set once, before the first event, by the transform.
  virtual void set_reading(const TextReading& reading) { (void)reading; }
  // Decodes one upstream data event. Not ok: the event did not decode (its text is unverified:
  // the chain decides whether it goes on as it came).
  virtual Status decode(const sse::SseEvent& event, WireEvent& out) = 0;
  // Whether a chain that only reports may have `event` sent before it is checked: not the end
  // of the answer, nor an event that repeats text or carries the summary.
  virtual bool may_send_first(const sse::SseEvent& event) const = 0;
  // The last decoded event has been dealt with (written, sent before, or dropped by a stop).
  virtual void event_done() {}
  // The output of the events since the last call waits behind an undecided tool call (true), or
  // all that waited went to the client (false). A stop drops what waits.
  virtual void holding(bool held) { (void)held; }
  // The client was sent `text` of `choice` (after the filters), in order.
  virtual void sent(int choice, std::string_view text) = 0;
  // The last decoded `event` as the client gets it: `edits` (the choices' new text) spliced in,
  // `annotations` attached. False: nothing to change, forward the upstream's bytes.
  virtual bool rewrite(const sse::SseEvent& event, std::vector<Edit> edits,
                       const std::vector<std::string>& annotations, std::string& json) = 0;
  // An event carrying `text` for `choice`, made for output that has no place in an upstream
  // event (held text released at the choice's end, text only a repeat carried).
  virtual MadeEvent content_event(int choice, std::string_view text,
                                  const std::vector<std::string>& annotations) = 0;
  // An event that carries only annotations (verdicts after text that went on already).
  virtual MadeEvent annotation_event(const std::vector<std::string>& annotations) = 0;
  // A held trailer event with annotations attached; false: it cannot carry them.
  virtual bool attach_to_trailer(std::string& json, const std::vector<std::string>& annotations) {
    return ChunkWriter::add_annotations(json, annotations);
  }
  // The end of an answer the filters stopped: every choice in `open_choices` (sorted) closes
  // the way the API ends a filtered answer, `annotations` (why, and the summary) attached; a
  // stop before any text still ends the answer so that the client sees it was filtered.
  virtual void stop_events(const std::vector<int>& open_choices,
                           const std::vector<std::string>& annotations,
                           std::vector<MadeEvent>& out) = 0;
  // The event that tells a client the answer broke off (an OpenAI error body's fields).
  virtual MadeEvent error_event(std::string_view message, std::string_view type,
                                std::string_view code) = 0;
  // The upstream's id of the answer (chatcmpl-…, resp_…) once an event gave it; empty before.
  virtual std::string_view response_id() const { return {}; }
};

// The adapter for the streamed responses of `kind` (kOther: chat completions' chunk format).
std::unique_ptr<StreamAdapter> make_stream_adapter(EndpointKind kind);

}  // namespace groundgate::proxy::openai
