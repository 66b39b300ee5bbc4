#include "proxy/openai/responses_stream_adapter.h"

#include <algorithm>
#include <array>

#include "filters/stream/filter_chain.h"
#include "proxy/openai/chunk_writer.h"
#include "proxy/openai/json_object_edit.h"
#include "proxy/openai/response_id.h"
#include "proxy/openai/responses_event_writer.h"

namespace groundgate::proxy::openai {
namespace {

// Output items and parts kept per stream, and the chain's choices among them (text parts and
// function calls), within the chain's one bound for choices: an event that would take more does
// not decode (it is unverified and the chain decides).
constexpr std::size_t kMaxItems = 4096;
constexpr std::size_t kMaxChoices = filters::stream::kMaxChoices;
// Unread parts' op choices start here, past every choice the chain takes.
constexpr int kUnreadChoices = filters::stream::kMaxChainChoices;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The value of the first "type" member in `json` (an event's own type comes first in the API's
// events, which the fast path takes); empty when there is none or it holds an escape.
std::string_view first_type(std::string_view json) {
  constexpr std::string_view kOpening = R"({"type":")";
  std::size_t begin = 0;
  if (json.starts_with(kOpening)) {
    begin = kOpening.size();
  } else {
    constexpr std::string_view kKey = R"("type")";
    std::size_t at = json.find(kKey);
    if (at == std::string_view::npos) return {};
    at += kKey.size();
    while (at < json.size() && is_space(json[at]))
      ++at;
    if (at == json.size() || json[at] != ':') return {};
    ++at;
    while (at < json.size() && is_space(json[at]))
      ++at;
    if (at == json.size() || json[at] != '"') return {};
    begin = at + 1;
  }
  const std::size_t end = json.find('"', begin);
  if (end == std::string_view::npos) return {};
  const std::string_view type = json.substr(begin, end - begin);
  if (type.find('\\') != std::string_view::npos) return {};
  return type;
}

// Events a chain that only reports may have sent before it checks them: the text as it streams
// and events that open things. The events that repeat the text and the final response wait for
// the check: the repeats must match what the client was sent, the summary rides on the end.
constexpr std::array kSentFirst{
    std::string_view("response.output_text.delta"),
    std::string_view("response.refusal.delta"),
    std::string_view("response.function_call_arguments.delta"),
    std::string_view("response.reasoning_summary_text.delta"),
    std::string_view("response.reasoning_text.delta"),
    std::string_view("response.output_item.added"),
    std::string_view("response.content_part.added"),
    std::string_view("response.created"),
    std::string_view("response.in_progress"),
    std::string_view("response.queued"),
    std::string_view("response.output_text.annotation.added"),
    std::string_view("response.reasoning_summary_part.added"),
    std::string_view("response.file_search_call.in_progress"),
    std::string_view("response.file_search_call.searching"),
    std::string_view("response.file_search_call.completed"),
    std::string_view("response.web_search_call.in_progress"),
    std::string_view("response.web_search_call.searching"),
    std::string_view("response.web_search_call.completed"),
};

// The events that carry a part's text, by kind: its deltas and the event that ends its text.
struct TextEvents {
  std::string_view delta;
  std::string_view done;
  TextKind kind;
  bool summary;  // the part is in its item's summary (summary_index), else its content
};
constexpr std::array kTextEvents{
    TextEvents{"response.output_text.delta", "response.output_text.done", TextKind::kAnswer, false},
    TextEvents{"response.refusal.delta", "response.refusal.done", TextKind::kRefusal, false},
    TextEvents{"response.reasoning_summary_text.delta", "response.reasoning_summary_text.done",
               TextKind::kReasoning, true},
    TextEvents{"response.reasoning_text.delta", "response.reasoning_text.done",
               TextKind::kReasoning, false},
};

// The kind of a part by its type; nullopt: not a text part.
std::optional<TextKind> part_kind(std::string_view type) {
  if (type == "output_text") return TextKind::kAnswer;
  if (type == "refusal") return TextKind::kRefusal;
  if (type == "summary_text" || type == "reasoning_text") return TextKind::kReasoning;
  return std::nullopt;
}

bool is_final(std::string_view type) {
  return type == "response.completed" || type == "response.incomplete" || type == "response.failed";
}

}  // namespace

Status ResponsesStreamAdapter::decode(const sse::SseEvent& event, WireEvent& out) {
  out.clear();
  slots_.clear();
  final_event_ = false;
  current_done_item_ = -1;
  in_event_ = false;
  if (event.is_done()) {
    out.role = EventRole::kEnd;
    out.has_json = false;
    return {};
  }
  named_events_ = !event.type.empty();
  event_data_ = event.data;
  if (Status status = decoder_.decode(event.data, event_); !status.ok) return status;
  if (!addressed_plainly()) {
    return Status::failure("an event without its output index, or naming two items");
  }
  const auto over_bounds = [&] {
    return chain_parts_.size() > kMaxChoices || parts_.size() > kMaxItems ||
           items_.size() > kMaxItems;
  };
  if (over_bounds()) return Status::failure("more output items and parts than the proxy follows");
  in_event_ = true;
  numbered_ = event_.has_sequence;
  if (numbered_) current_number_ = event_first_ = event_.sequence + shift_;
  Status status = read(out);
  if (!status.ok || over_bounds()) {
    in_event_ = false;  // it goes on as it came, if at all: made events come after it
    return status.ok ? Status::failure("more output items and parts than the proxy follows")
                     : status;
  }
  return {};
}

Status ResponsesStreamAdapter::read(WireEvent& out) {
  const std::string_view type = event_.type;
  for (const TextEvents& text : kTextEvents) {
    if (type != text.delta && type != text.done) continue;
    const List list = text.summary ? List::kSummary : List::kContent;
    const int part = part_at(event_.output_index, list,
                             text.summary ? event_.summary_index : event_.content_index,
                             event_.item_id, text.kind);
    if (part < 0) return Status::failure("a part of another kind, or after its item's end");
    if (type == text.delta) return event_.has_delta ? delta(part, out) : Status{};
    const ResponsesPart repeated{
        {}, event_.has_text, event_.text, event_.text_range, event_.logprobs_range};
    repeat(static_cast<std::size_t>(part), repeated, true, out);
    return {};
  }
  if (type == "response.content_part.added" || type == "response.content_part.done" ||
      type == "response.reasoning_summary_part.added" ||
      type == "response.reasoning_summary_part.done") {
    const std::optional<TextKind> kind = event_.part ? part_kind(event_.part->type) : std::nullopt;
    if (!kind) return {};
    const bool summary = type.starts_with("response.reasoning_summary_part.");
    const int part =
        part_at(event_.output_index, summary ? List::kSummary : List::kContent,
                summary ? event_.summary_index : event_.content_index, event_.item_id, *kind);
    if (part < 0) return Status::failure("a part of another kind, or after its item's end");
    repeat(static_cast<std::size_t>(part), *event_.part, type.ends_with(".done"), out);
  } else if (type == "response.output_item.added" || type == "response.output_item.done") {
    if (event_.item) {
      return item(*event_.item, event_.output_index, type.ends_with(".done"), false, out);
    }
  } else if (type == "response.function_call_arguments.delta" ||
             type == "response.function_call_arguments.done") {
    Item& call_item = item_at(event_.output_index, event_.item_id, "function_call");
    const bool item_closed = call_item.closed;
    const int part = call_part(call_item);
    Part& call = parts_[static_cast<std::size_t>(part)];
    if (event_.has_delta) {
      if ((call.ended || item_closed) && !event_.delta.empty()) {
        return Status::failure("tool call arguments after the call's end");
      }
      tool_piece(part, {}, event_.delta, out);
    } else if (event_.has_arguments && call.upstream == 0 && !call.ended) {
      tool_piece(part, call.named ? std::string_view() : event_.name, event_.arguments, out);
    }
    if (type.ends_with(".done") && !call.ended) {
      out.ops.push_back(WireOp::about(WireOp::Kind::kToolCallEnd, call.choice));
      call.ended = true;
    }
  } else if (is_final(type)) {
    out.role = EventRole::kEnd;
    final_event_ = true;
    if (event_.response) {
      const std::vector<ResponsesItem>& output = event_.response->output;
      for (std::size_t i = 0; i < output.size(); ++i) {
        if (Status status = item(output[i], static_cast<std::int64_t>(i), true, true, out);
            !status.ok) {
          return status;
        }
      }
    }
  } else if (type == "response.created" || type == "response.in_progress" ||
             type == "response.queued") {
    if (event_.response) {
      const ByteRange range = event_.response->range;
      response_.assign(event_data_, range.begin, range.end - range.begin);
      if (response_id_.empty()) response_id_ = openai::response_id(response_);
      // Its output is empty as the API sends it; a client that starts its snapshot from it
      // (the official SDK's stream helper) shows any text there, so it is checked as a repeat.
      const std::vector<ResponsesItem>& output = event_.response->output;
      for (std::size_t i = 0; i < output.size(); ++i) {
        if (Status status = item(output[i], static_cast<std::int64_t>(i), false, false, out);
            !status.ok) {
          return status;
        }
      }
    }
  } else if (type == "error") {
    out.role = EventRole::kError;
  }
  return {};
}

Status ResponsesStreamAdapter::delta(int part, WireEvent& out) {
  Part& p = parts_[static_cast<std::size_t>(part)];
  if (event_.delta.empty()) return {};
  if (p.ended || items_[p.item].closed) return Status::failure("text after its part's end");
  p.upstream += event_.delta.size();
  WireOp& op = out.ops.emplace_back();
  op.kind = WireOp::Kind::kText;
  op.text_kind = p.kind;
  op.choice = op_choice(static_cast<std::size_t>(part));
  op.text = std::move(event_.delta);
  op.range = event_.delta_range;
  op.shadow = event_.logprobs_range;
  op.shadow_blank = "[]";
  return {};
}

void ResponsesStreamAdapter::repeat(std::size_t part, const ResponsesPart& text, bool ends,
                                    WireEvent& out) {
  Part& p = parts_[part];
  if (text.has_text) {
    if (!p.ended && text.text.size() > p.upstream) {
      WireOp& op = out.ops.emplace_back();
      op.kind = WireOp::Kind::kText;
      op.text_kind = p.kind;
      op.choice = op_choice(part);
      op.text = text.text.substr(p.upstream);
      p.upstream = text.text.size();
    }
    // Unread text goes as it came: its places need no rewriting.
    if (p.choice >= 0)
      slots_.push_back(Slot{text.text_range, part, text.text, text.logprobs_range});
  }
  if (ends && !p.ended) {
    if (p.choice >= 0) out.ops.push_back(WireOp::about(WireOp::Kind::kEnd, p.choice));
    p.ended = true;
  }
}

Status ResponsesStreamAdapter::item_parts(const std::vector<ResponsesPart>& parts,
                                          std::int64_t output_index, List list,
                                          std::string_view item_id, bool done, WireEvent& out) {
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const std::optional<TextKind> kind = part_kind(parts[k].type);
    if (!kind) continue;
    const int part = part_at(output_index, list, static_cast<std::int64_t>(k), item_id, *kind);
    if (part < 0) return Status::failure("a part of another kind, or after its item's end");
    repeat(static_cast<std::size_t>(part), parts[k], done, out);
  }
  return {};
}

Status ResponsesStreamAdapter::item(const ResponsesItem& item, std::int64_t output_index, bool done,
                                    bool final, WireEvent& out) {
  // By position: finding a part's item (part_at) may add to items_, which moves them.
  const auto at =
      static_cast<std::size_t>(&item_at(output_index, item.id, item.type) - items_.data());
  const std::size_t first_slot = slots_.size();
  if (item.type == "message" || item.type == "reasoning") {
    if (Status status = item_parts(item.summary, output_index, List::kSummary, item.id, done, out);
        !status.ok) {
      return status;
    }
    if (Status status = item_parts(item.content, output_index, List::kContent, item.id, done, out);
        !status.ok) {
      return status;
    }
  } else if (item.type == "function_call") {
    const int part = call_part(items_[at]);
    Part& call = parts_[static_cast<std::size_t>(part)];
    if (!call.ended && !items_[at].closed) {
      const std::string_view arguments =
          call.upstream == 0 && item.has_arguments ? std::string_view(item.arguments) : "";
      tool_piece(part, call.named ? std::string_view() : std::string_view(item.name), arguments,
                 out);
    }
    if (done && !call.ended) {
      out.ops.push_back(WireOp::about(WireOp::Kind::kToolCallEnd, call.choice));
      call.ended = true;
    }
  } else if (!item.results.empty() && !items_[at].context_given) {
    WireOp& op = out.ops.emplace_back();
    op.kind = WireOp::Kind::kContext;
    op.passages = item.results;
    items_[at].context_given = true;
  }
  if (!done) return {};
  items_[at].closed = true;
  if (final) return {};
  Item& entry = items_[at];
  entry.done = true;
  entry.done_json.assign(event_data_, item.range.begin, item.range.end - item.range.begin);
  entry.done_slots.clear();
  const std::size_t base = item.range.begin;
  for (std::size_t i = first_slot; i < slots_.size(); ++i) {
    Slot slot = slots_[i];  // relative to the item
    slot.range = {slot.range.begin - base, slot.range.end - base};
    if (!slot.logprobs.empty())
      slot.logprobs = {slot.logprobs.begin - base, slot.logprobs.end - base};
    entry.done_slots.push_back(std::move(slot));
  }
  current_done_item_ = static_cast<int>(&entry - items_.data());
  return {};
}

void ResponsesStreamAdapter::tool_piece(int part, std::string_view name, std::string_view arguments,
                                        WireEvent& out) {
  if (name.empty() && arguments.empty()) return;
  Part& call = parts_[static_cast<std::size_t>(part)];
  WireOp& op = out.ops.emplace_back();
  op.kind = WireOp::Kind::kToolCall;
  op.choice = call.choice;
  op.name = name;
  op.text = arguments;
  if (!name.empty()) call.named = true;
  call.upstream += arguments.size();
}

ResponsesStreamAdapter::Item& ResponsesStreamAdapter::item_at(std::int64_t output_index,
                                                              std::string_view id,
                                                              std::string_view type) {
  for (Item& item : items_) {
    if (output_index >= 0 ? item.output_index == output_index : (!id.empty() && item.id == id)) {
      if (item.id.empty()) item.id = id;
      if (item.type.empty()) item.type = type;
      return item;
    }
  }
  Item& item = items_.emplace_back();
  item.output_index =
      output_index >= 0 ? output_index : static_cast<std::int64_t>(items_.size() - 1);
  item.id = id;
  item.type = type;
  return item;
}

bool ResponsesStreamAdapter::names_one_item(std::int64_t output_index, std::string_view id) const {
  if (output_index < 0 || id.empty()) return true;
  return std::none_of(items_.begin(), items_.end(), [&](const Item& item) {
    return item.output_index == output_index ? !item.id.empty() && item.id != id : item.id == id;
  });
}

bool ResponsesStreamAdapter::addressed_plainly() const {
  const std::string_view type = event_.type;
  const bool addresses_a_part =
      type.starts_with("response.output_text.") || type.starts_with("response.refusal.") ||
      type.starts_with("response.reasoning_summary_") ||
      type.starts_with("response.reasoning_text.") || type.starts_with("response.content_part.") ||
      type.starts_with("response.output_item.") ||
      type.starts_with("response.function_call_arguments.");
  if (addresses_a_part && event_.output_index < 0) return false;
  if (!names_one_item(event_.output_index, event_.item_id)) return false;
  if (event_.item && !names_one_item(event_.output_index, event_.item->id)) return false;
  if (!event_.response) return true;
  const std::vector<ResponsesItem>& output = event_.response->output;
  for (std::size_t i = 0; i < output.size(); ++i) {
    if (!names_one_item(static_cast<std::int64_t>(i), output[i].id)) return false;
  }
  return true;
}

int ResponsesStreamAdapter::part_at(std::int64_t output_index, List list, std::int64_t index,
                                    std::string_view item_id, TextKind kind) {
  Item& owner =
      item_at(output_index, item_id, kind == TextKind::kReasoning ? "reasoning" : "message");
  const std::int64_t at = std::max<std::int64_t>(index, 0);
  for (std::size_t part : owner.parts) {
    const Part& p = parts_[part];
    if (p.list != list || p.index != at) continue;
    return p.kind == kind ? static_cast<int>(part) : -1;
  }
  if (owner.closed) return -1;
  const std::size_t position = parts_.size();
  Part& part = parts_.emplace_back();
  part.output_index = owner.output_index;
  part.list = list;
  part.index = at;
  part.item_id = owner.id;
  part.item = static_cast<std::size_t>(&owner - items_.data());
  part.kind = kind;
  if (kind != TextKind::kReasoning || reading_.reasoning) {
    part.choice = static_cast<int>(chain_parts_.size());
    chain_parts_.push_back(position);
  }
  owner.parts.push_back(position);
  return static_cast<int>(position);
}

int ResponsesStreamAdapter::call_part(Item& item) {
  if (item.call >= 0) return item.call;
  item.call = static_cast<int>(parts_.size());
  Part& call = parts_.emplace_back();
  call.output_index = item.output_index;
  call.item_id = item.id;
  call.item = static_cast<std::size_t>(&item - items_.data());
  call.tool = true;
  call.choice = static_cast<int>(chain_parts_.size());
  chain_parts_.push_back(static_cast<std::size_t>(item.call));
  return item.call;
}

int ResponsesStreamAdapter::op_choice(std::size_t part) const {
  const int choice = parts_[part].choice;
  return choice >= 0 ? choice : kUnreadChoices + static_cast<int>(part);
}

ResponsesStreamAdapter::Part* ResponsesStreamAdapter::part_of_choice(int choice) {
  if (choice >= kUnreadChoices) {
    const auto part = static_cast<std::size_t>(choice - kUnreadChoices);
    return part < parts_.size() ? &parts_[part] : nullptr;
  }
  if (choice < 0 || static_cast<std::size_t>(choice) >= chain_parts_.size()) return nullptr;
  return &parts_[chain_parts_[static_cast<std::size_t>(choice)]];
}

bool ResponsesStreamAdapter::may_send_first(const sse::SseEvent& event) const {
  const std::string_view type = first_type(event.data);
  if (type == kSentFirst.front()) return true;  // nearly every event is a text delta
  return std::find(kSentFirst.begin(), kSentFirst.end(), type) != kSentFirst.end();
}

void ResponsesStreamAdapter::event_done() {
  if (in_event_ && numbered_) top_ = std::max(top_, current_number_);
  in_event_ = false;
}

void ResponsesStreamAdapter::holding(bool held) {
  if (!held) {
    held_from_.reset();
  } else if (!held_from_) {
    held_from_ = event_first_;
  }
}

void ResponsesStreamAdapter::sent(int choice, std::string_view text) {
  Part* part = part_of_choice(choice);
  if (part != nullptr && !part->tool) part->sent.append(text);
}

bool ResponsesStreamAdapter::rewrite(const sse::SseEvent& event, std::vector<Edit> edits,
                                     const std::vector<std::string>& annotations,
                                     std::string& json) {
  place_sent_text(slots_, edits);
  if (numbered_ && current_number_ != event_.sequence) {
    edits.push_back(Edit{event_.sequence_range, std::to_string(current_number_)});
  }
  const bool in_response = final_event_ && event_.response && !annotations.empty();
  if (in_response) {
    // The summary belongs to the final response object, as `groundgate` of a non-streamed one.
    const ByteRange range = event_.response->range;
    std::size_t before = range.end - 1;  // the object's closing brace
    while (before > range.begin && is_space(event.data[before - 1]))
      --before;
    std::string member = event.data[before - 1] == '{' ? "" : ",";
    member.append(R"("groundgate":)");
    member.append(ResponsesEventWriter::array(annotations));
    edits.push_back(Edit{{before, before}, std::move(member)});
  }
  if (edits.empty() && annotations.empty()) return false;
  json = ChunkWriter::splice(event.data, std::move(edits));
  if (!in_response) ChunkWriter::add_annotations(json, annotations);
  return true;
}

PartAddress ResponsesStreamAdapter::address(const Part& part) const {
  PartShape shape = PartShape::kOutputText;
  if (part.kind == TextKind::kRefusal) shape = PartShape::kRefusal;
  if (part.kind == TextKind::kReasoning) {
    shape = part.list == List::kSummary ? PartShape::kSummaryText : PartShape::kReasoningText;
  }
  return {part.item_id, part.output_index, part.index, shape};
}

MadeEvent ResponsesStreamAdapter::content_event(int choice, std::string_view text,
                                                const std::vector<std::string>& annotations) {
  const Part* part = part_of_choice(choice);
  const PartAddress at = part != nullptr ? address(*part) : PartAddress{};
  std::string data = ResponsesEventWriter::delta(take_number(), at, text);
  ChunkWriter::add_annotations(data, annotations);
  return made(ResponsesEventWriter::delta_type(at.shape), std::move(data));
}

MadeEvent ResponsesStreamAdapter::annotation_event(const std::vector<std::string>& annotations) {
  return made(ResponsesEventWriter::kAnnotationType,
              ResponsesEventWriter::annotations(annotations));
}

void ResponsesStreamAdapter::stop_events(const std::vector<int>& open_choices,
                                         const std::vector<std::string>& annotations,
                                         std::vector<MadeEvent>& out) {
  // An item whose completion the current event brought never reached the client, nor did
  // the events held behind the tool call that stops: the end takes their numbers.
  if (current_done_item_ >= 0) items_[static_cast<std::size_t>(current_done_item_)].done = false;
  if (held_from_ && in_event_) current_number_ = *held_from_;
  // Every item with an open part the chain reads closes, its parts with what the client was
  // sent (unread ones as they came).
  const auto open = [&](std::size_t part) {
    const Part& p = parts_[part];
    return !p.tool && p.choice >= 0 &&
           std::binary_search(open_choices.begin(), open_choices.end(), p.choice);
  };
  for (Item& item : items_) {
    if (std::none_of(item.parts.begin(), item.parts.end(), open)) continue;
    std::vector<std::pair<PartShape, std::string_view>> parts;
    for (std::size_t part : item.parts) {
      const PartAddress at = address(parts_[part]);
      parts.emplace_back(at.shape, parts_[part].sent);
      if (!open(part) && (parts_[part].choice >= 0 || parts_[part].ended)) continue;
      out.push_back(made(ResponsesEventWriter::done_type(at.shape),
                         ResponsesEventWriter::done(take_number(), at, parts_[part].sent)));
      out.push_back(made(ResponsesEventWriter::part_done_type(at.shape),
                         ResponsesEventWriter::part_done(take_number(), at, parts_[part].sent)));
    }
    item.closed_json =
        ResponsesEventWriter::item(item.id, "incomplete", item.type == "reasoning", parts);
    out.push_back(
        made("response.output_item.done",
             ResponsesEventWriter::item_done(take_number(), item.output_index, item.closed_json)));
  }
  std::vector<std::string> output;
  for (const Item& item : items_) {
    if (!item.closed_json.empty()) {
      output.push_back(item.closed_json);
    } else if (item.done) {
      output.push_back(final_item_json(item));
    }
  }
  const std::array<std::pair<std::string_view, std::string>, 4> members{{
      {"status", R"("incomplete")"},
      {"incomplete_details", R"({"reason":"content_filter"})"},
      {"output", ResponsesEventWriter::array(output)},
      {"groundgate", ResponsesEventWriter::array(annotations)},
  }};
  std::optional<std::string> response =
      set_members(response_.empty() ? R"({"object":"response"})" : response_, members);
  if (!response) response = set_members(R"({"object":"response"})", members);
  out.push_back(made("response.incomplete", ResponsesEventWriter::response_event(
                                                "response.incomplete", take_number(), *response)));
}

MadeEvent ResponsesStreamAdapter::error_event(std::string_view message, std::string_view,
                                              std::string_view code) {
  return made("error", ResponsesEventWriter::error(take_number(), code, message));
}

std::optional<std::int64_t> ResponsesStreamAdapter::take_number() {
  if (!numbered_) return std::nullopt;
  std::int64_t number = 0;
  if (in_event_) {
    number = current_number_++;  // before the current event, which moves up one
  } else {
    number = top_ + 1;
  }
  ++shift_;
  top_ = std::max(top_, number);
  return number;
}

MadeEvent ResponsesStreamAdapter::made(std::string_view type, std::string data) const {
  return {named_events_ ? std::string(type) : std::string(), std::move(data)};
}

void ResponsesStreamAdapter::place_sent_text(const std::vector<Slot>& slots,
                                             std::vector<Edit>& edits) const {
  for (const Slot& slot : slots) {
    const std::string& sent = parts_[slot.part].sent;
    if (sent == slot.upstream) continue;
    edits.push_back(Edit::text(slot.range, sent));
    if (!slot.logprobs.empty()) edits.push_back(Edit{slot.logprobs, "[]"});
  }
}

std::string ResponsesStreamAdapter::final_item_json(const Item& item) const {
  std::vector<Edit> edits;
  place_sent_text(item.done_slots, edits);
  return ChunkWriter::splice(item.done_json, std::move(edits));
}

}  // namespace groundgate::proxy::openai
