#pragma once
// The Responses API's stream as the transform sees it. Each text part (a message's output_text
// or refusal part; a reasoning item's summary or reasoning text parts when the chain reads
// reasoning) is one choice of the chain, numbered in the order parts and function calls
// appear, so a plain answer is choice 0; each function_call item is a choice with one tool
// call. Reasoning the chain does not read goes on unread under numbers of its own. Text comes
// in delta events (`response.output_text.delta`, `response.refusal.delta`,
// `response.reasoning_summary_text.delta`, `response.reasoning_text.delta`); the done events,
// `response.content_part.done`, `response.output_item.done` and the final `response.completed`
// repeat it, and are rewritten to what the client was sent (text a repeat brings that no delta
// did is checked first). A delta for a part that ended (its done event, or its item's) or a new
// part in an item that ended does not decode: a client shows it, and that text was decided. A
// stopped answer closes its open parts and items with the verified prefix and ends with
// `response.incomplete`, `incomplete_details.reason: "content_filter"`, as OpenAI ends a
// filtered answer. Verdicts ride on the event that releases their text as a `groundgate`
// member, or in an event of groundgate's own type (ResponsesEventWriter::kAnnotationType);
// the summary goes in the final response object. Events made here keep the upstream's
// sequence_number series going: later upstream events are renumbered after them.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proxy/openai/responses_event_decoder.h"
#include "proxy/openai/responses_event_writer.h"
#include "proxy/openai/stream_adapter.h"

namespace groundgate::proxy::openai {

class ResponsesStreamAdapter final : public StreamAdapter {
 public:
  Status decode(const sse::SseEvent& event, WireEvent& out) override;
  bool may_send_first(const sse::SseEvent& event) const override;
  void event_done() override;
  void holding(bool held) override;
  void set_reading(const TextReading& reading) override { reading_ = reading; }
  void sent(int choice, std::string_view text) override;
  bool rewrite(const sse::SseEvent& event, std::vector<Edit> edits,
               const std::vector<std::string>& annotations, std::string& json) override;
  MadeEvent content_event(int choice, std::string_view text,
                          const std::vector<std::string>& annotations) override;
  MadeEvent annotation_event(const std::vector<std::string>& annotations) override;
  bool attach_to_trailer(std::string&, const std::vector<std::string>&) override { return false; }
  void stop_events(const std::vector<int>& open_choices,
                   const std::vector<std::string>& annotations,
                   std::vector<MadeEvent>& out) override;
  MadeEvent error_event(std::string_view message, std::string_view type,
                        std::string_view code) override;
  std::string_view response_id() const override { return response_id_; }

 private:
  // Which list of its item a part is in.
  enum class List : std::uint8_t { kContent, kSummary };
  // A text part, or a function_call item's call.
  struct Part {
    std::int64_t output_index = 0;
    List list = List::kContent;
    std::int64_t index = 0;  // content_index, or summary_index
    std::string item_id;
    std::size_t item = 0;  // position in items_
    bool tool = false;
    TextKind kind = TextKind::kAnswer;
    int choice = -1;           // the chain's choice; -1: unread (reasoning the chain does not read)
    std::string sent;          // text parts: what the client got
    std::size_t upstream = 0;  // text parts: bytes of upstream text seen; calls: argument bytes
    bool named = false;        // calls: the name went to the collector
    bool ended = false;
  };
  // A place in an event that repeats a part's text, and what the upstream put there.
  struct Slot {
    ByteRange range;
    std::size_t part = 0;
    std::string upstream;
    ByteRange logprobs;  // emptied when the text changes
  };
  // An output item, by output_index.
  struct Item {
    std::int64_t output_index = 0;
    std::string id;
    std::string type;
    std::vector<std::size_t> parts;  // its text parts (positions in parts_)
    int call = -1;                   // a function_call's part
    bool context_given = false;
    bool closed = false;  // its output_item.done came: nothing of it may change
    // Once its output_item.done came: the upstream's item and its text places (relative to the
    // item), for the final response of a stopped answer.
    bool done = false;
    std::string done_json;
    std::vector<Slot> done_slots;
    std::string closed_json;  // an item closed by a stop, as its output_item.done said
  };

  // What the decoded event_ says about the answer; not ok: it does not decode.
  Status read(WireEvent& out);
  Item& item_at(std::int64_t output_index, std::string_view id, std::string_view type);
  // Whether an output index and an item id, both given, name the same item (or none known):
  // clients follow one or the other, so text addressed to two items by them could be shown
  // joined where the filters saw it apart.
  bool names_one_item(std::int64_t output_index, std::string_view id) const;
  // Whether the decoded event_ names its items plainly: a text, part, item or call event by
  // its output index (which OpenAI's events always carry: clients follow it, and the proxy's own
  // events give it), and every item id it holds naming the item at that index.
  bool addressed_plainly() const;
  // The part at (`list`, `index`) of the item, made when new; -1 when it cannot be: a part of
  // another kind there, or a new part in an item that ended.
  int part_at(std::int64_t output_index, List list, std::int64_t index, std::string_view item_id,
              TextKind kind);
  int call_part(Item& item);
  // The op's choice for a part: the chain's, or a number of its own past the chain's range.
  int op_choice(std::size_t part) const;
  Part* part_of_choice(int choice);
  // A delta for part `part`; not ok when its part ended.
  Status delta(int part, WireEvent& out);
  // A part's text repeated at `range` (done events, items, the final response): text beyond what
  // the deltas brought is checked as a delta, the place gets what the client was sent.
  void repeat(std::size_t part, const ResponsesPart& text, bool ends, WireEvent& out);
  Status item(const ResponsesItem& item, std::int64_t output_index, bool done, bool final,
              WireEvent& out);
  // One list of an item's parts, repeated.
  Status item_parts(const std::vector<ResponsesPart>& parts, std::int64_t output_index, List list,
                    std::string_view item_id, bool done, WireEvent& out);
  void tool_piece(int part, std::string_view name, std::string_view arguments, WireEvent& out);
  // The next sequence_number for an event made here (none when the upstream numbers none).
  std::optional<std::int64_t> take_number();
  MadeEvent made(std::string_view type, std::string data) const;
  PartAddress address(const Part& part) const;
  // Edits that put what the client was sent in `slots` (and empty their log probabilities)
  // where the upstream's text differs.
  void place_sent_text(const std::vector<Slot>& slots, std::vector<Edit>& edits) const;
  // An item as it ends the final response of a stopped answer: its text places hold what the
  // client was sent.
  std::string final_item_json(const Item& item) const;

  TextReading reading_;
  ResponsesEventDecoder decoder_;
  ResponsesEvent event_;
  std::vector<Part> parts_;
  std::vector<std::size_t> chain_parts_;  // by the chain's choice: its part
  std::vector<Item> items_;
  std::vector<Slot> slots_;      // of the current event
  std::string_view event_data_;  // the current event's JSON, while decode() runs
  std::string response_;         // the response object as response.created said, for the end
  std::string response_id_;      // its id
  bool final_event_ = false;     // the current event ends the answer (response.completed, …)
  int current_done_item_ = -1;   // index into items_ of an item the current event completed
  bool named_events_ = false;    // the upstream names its events (`event:` lines)
  // sequence_number bookkeeping: client number = upstream number + shift_.
  bool numbered_ = false;
  bool in_event_ = false;
  std::int64_t shift_ = 0;
  std::int64_t current_number_ = 0;        // of the current event, as the client gets it
  std::int64_t top_ = -1;                  // highest number the client got
  std::int64_t event_first_ = 0;           // the first number the current event's output took
  std::optional<std::int64_t> held_from_;  // the first number of output waiting for a tool call
};

}  // namespace groundgate::proxy::openai
