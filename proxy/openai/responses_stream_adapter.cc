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

// Output items kept per stream, and the choices among them (text parts and function calls),
// within the chain's one bound for choices: an event that would take more does not decode (it
// is unverified and the chain decides).
constexpr std::size_t kMaxItems = 4096;
constexpr std::size_t kMaxChoices = filters::stream::kMaxChoices;

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
    return choices_.size() > kMaxChoices || items_.size() > kMaxItems;
  };
  if (over_bounds()) return Status::failure("more output items and parts than the proxy follows");
  in_event_ = true;
  numbered_ = event_.has_sequence;
  if (numbered_) current_number_ = event_first_ = event_.sequence + shift_;
  read(out);
  if (over_bounds()) {
    in_event_ = false;  // it goes on as it came, if at all: made events come after it
    return Status::failure("more output items and parts than the proxy follows");
  }
  return {};
}

void ResponsesStreamAdapter::read(WireEvent& out) {
  const std::string_view type = event_.type;
  if (type == "response.output_text.delta") {
    if (!event_.has_delta) return;
    const int choice = part_choice(event_.output_index, event_.content_index, event_.item_id);
    choices_[choice].upstream += event_.delta.size();
    WireOp& op = out.ops.emplace_back();
    op.kind = WireOp::Kind::kText;
    op.choice = choice;
    op.text = std::move(event_.delta);
    op.range = event_.delta_range;
    op.shadow = event_.logprobs_range;
    op.shadow_blank = "[]";
  } else if (type == "response.output_text.done") {
    const ResponsesPart part{"output_text", event_.has_text, event_.text, event_.text_range,
                             event_.logprobs_range};
    repeat(part_choice(event_.output_index, event_.content_index, event_.item_id), part, true, out);
  } else if (type == "response.content_part.added" || type == "response.content_part.done") {
    if (event_.part && event_.part->type == "output_text") {
      repeat(part_choice(event_.output_index, event_.content_index, event_.item_id), *event_.part,
             type.ends_with(".done"), out);
    }
  } else if (type == "response.output_item.added" || type == "response.output_item.done") {
    if (event_.item) item(*event_.item, event_.output_index, type.ends_with(".done"), false, out);
  } else if (type == "response.function_call_arguments.delta" ||
             type == "response.function_call_arguments.done") {
    Item& call_item = item_at(event_.output_index, event_.item_id, "function_call");
    const int choice = call_choice(call_item);
    Choice& call = choices_[choice];
    if (event_.has_delta) {
      tool_piece(choice, {}, event_.delta, out);
    } else if (event_.has_arguments && call.upstream == 0) {
      tool_piece(choice, call.named ? std::string_view() : event_.name, event_.arguments, out);
    }
    if (type.ends_with(".done") && !call.ended) {
      out.ops.push_back(WireOp::about(WireOp::Kind::kToolCallEnd, choice));
      call.ended = true;
    }
  } else if (is_final(type)) {
    out.role = EventRole::kEnd;
    final_event_ = true;
    if (event_.response) {
      const std::vector<ResponsesItem>& output = event_.response->output;
      for (std::size_t i = 0; i < output.size(); ++i)
        item(output[i], static_cast<std::int64_t>(i), true, true, out);
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
      for (std::size_t i = 0; i < output.size(); ++i)
        item(output[i], static_cast<std::int64_t>(i), false, false, out);
    }
  } else if (type == "error") {
    out.role = EventRole::kError;
  }
}

void ResponsesStreamAdapter::repeat(int choice, const ResponsesPart& part, bool ends,
                                    WireEvent& out) {
  Choice& c = choices_[choice];
  if (part.has_text) {
    if (!c.ended && part.text.size() > c.upstream) {
      WireOp& op = out.ops.emplace_back();
      op.kind = WireOp::Kind::kText;
      op.choice = choice;
      op.text = part.text.substr(c.upstream);
      c.upstream = part.text.size();
    }
    slots_.push_back(Slot{part.text_range, choice, part.text, part.logprobs_range});
  }
  if (ends && !c.ended) {
    out.ops.push_back(WireOp::about(WireOp::Kind::kEnd, choice));
    c.ended = true;
  }
}

void ResponsesStreamAdapter::item(const ResponsesItem& item, std::int64_t output_index, bool done,
                                  bool final, WireEvent& out) {
  // By position: finding a part's item (part_choice) may add to items_, which moves them.
  const auto at =
      static_cast<std::size_t>(&item_at(output_index, item.id, item.type) - items_.data());
  const std::size_t first_slot = slots_.size();
  if (item.type == "message") {
    for (std::size_t k = 0; k < item.content.size(); ++k) {
      if (item.content[k].type != "output_text") continue;
      repeat(part_choice(output_index, static_cast<std::int64_t>(k), item.id), item.content[k],
             done, out);
    }
  } else if (item.type == "function_call") {
    const int choice = call_choice(items_[at]);
    Choice& call = choices_[choice];
    const std::string_view arguments =
        call.upstream == 0 && item.has_arguments ? std::string_view(item.arguments) : "";
    tool_piece(choice, call.named ? std::string_view() : std::string_view(item.name), arguments,
               out);
    if (done && !call.ended) {
      out.ops.push_back(WireOp::about(WireOp::Kind::kToolCallEnd, choice));
      call.ended = true;
    }
  } else if (!item.results.empty() && !items_[at].context_given) {
    WireOp& op = out.ops.emplace_back();
    op.kind = WireOp::Kind::kContext;
    op.passages = item.results;
    items_[at].context_given = true;
  }
  if (!done || final) return;
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
}

void ResponsesStreamAdapter::tool_piece(int choice, std::string_view name,
                                        std::string_view arguments, WireEvent& out) {
  if (name.empty() && arguments.empty()) return;
  Choice& call = choices_[choice];
  WireOp& op = out.ops.emplace_back();
  op.kind = WireOp::Kind::kToolCall;
  op.choice = choice;
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
  const bool addresses_a_part = type.starts_with("response.output_text.") ||
                                type.starts_with("response.content_part.") ||
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

int ResponsesStreamAdapter::part_choice(std::int64_t output_index, std::int64_t content_index,
                                        std::string_view item_id) {
  Item& owner = item_at(output_index, item_id, "message");
  const std::int64_t content = std::max<std::int64_t>(content_index, 0);
  for (int choice : owner.parts)
    if (choices_[choice].content_index == content) return choice;
  const int choice = static_cast<int>(choices_.size());
  Choice& part = choices_.emplace_back();
  part.output_index = owner.output_index;
  part.content_index = content;
  part.item_id = owner.id;
  owner.parts.push_back(choice);
  return choice;
}

int ResponsesStreamAdapter::call_choice(Item& item) {
  if (item.call >= 0) return item.call;
  item.call = static_cast<int>(choices_.size());
  Choice& call = choices_.emplace_back();
  call.output_index = item.output_index;
  call.item_id = item.id;
  call.tool = true;
  return item.call;
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
  if (choice < 0 || static_cast<std::size_t>(choice) >= choices_.size()) return;
  if (!choices_[choice].tool) choices_[choice].sent.append(text);
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

MadeEvent ResponsesStreamAdapter::content_event(int choice, std::string_view text,
                                                const std::vector<std::string>& annotations) {
  const Choice& part = choices_.at(static_cast<std::size_t>(choice));
  std::string data = ResponsesEventWriter::text_delta(
      take_number(), {part.item_id, part.output_index, part.content_index}, text);
  ChunkWriter::add_annotations(data, annotations);
  return made("response.output_text.delta", std::move(data));
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
  const auto is_open = [&](int choice) {
    return std::binary_search(open_choices.begin(), open_choices.end(), choice);
  };
  for (int choice : open_choices) {
    const Choice& part = choices_.at(static_cast<std::size_t>(choice));
    if (part.tool) continue;
    const PartAddress at{part.item_id, part.output_index, part.content_index};
    out.push_back(made("response.output_text.done",
                       ResponsesEventWriter::text_done(take_number(), at, part.sent)));
    out.push_back(made("response.content_part.done",
                       ResponsesEventWriter::part_done(take_number(), at, part.sent)));
  }
  for (Item& item : items_) {
    if (!std::any_of(item.parts.begin(), item.parts.end(), is_open)) continue;
    std::vector<std::string_view> texts;
    for (int choice : item.parts)
      texts.push_back(choices_[static_cast<std::size_t>(choice)].sent);
    item.closed_json = ResponsesEventWriter::message_item(item.id, "incomplete", texts);
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
    const std::string& sent = choices_[static_cast<std::size_t>(slot.choice)].sent;
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
