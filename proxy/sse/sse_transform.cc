#include "proxy/sse/sse_transform.h"

#include <algorithm>
#include <utility>

#include "proxy/http1/media_type.h"
#include "proxy/openai/chunk_writer.h"
#include "proxy/openai/error_body.h"
#include "proxy/openai/json_string.h"
#include "proxy/sse/sse_writer.h"

namespace groundgate::proxy::sse {
// The API shapes' vocabulary (proxy/openai): the adapter that reads and makes their events,
// the edits of an event, the text and tool calls in it.
using openai::ChunkWriter;
using openai::CollectedCall;
using openai::Edit;
using openai::EndpointKind;
using openai::EventRole;
using openai::MadeEvent;
using openai::make_stream_adapter;
using openai::Status;
using openai::StreamAdapter;
using openai::StreamCutShort;
using openai::TextKind;
using openai::ToolCallDelta;
using openai::utf8_complete_prefix;
using openai::WireOp;

namespace {

using filters::stream::ToolCallInterest;

// Tool-call arguments collected per stream, and client bytes held behind undecided tool calls;
// past the hold bound the calls are decided as they are (cut short: the policy's on_error).
constexpr std::size_t kMaxToolCallBytes = 64u << 10;
constexpr std::size_t kMaxHeldBytes = 1u << 20;

void append_all(std::vector<std::string>& to, std::vector<std::string>&& from) {
  for (auto& item : from)
    to.push_back(std::move(item));
}

bool contains(const std::vector<int>& list, int value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

}  // namespace

SseTransform::SseTransform(filters::stream::FilterChain* chain, std::size_t max_event_bytes,
                           AnnotationPlacement placement, std::unique_ptr<StreamAdapter> adapter)
    : chain_(chain),
      pass_through_(chain == nullptr || chain->empty()),
      only_reports_(!pass_through_ && chain->only_reports() &&
                    chain->tool_call_interest() != ToolCallInterest::kHold),
      placement_(placement),
      max_event_bytes_(max_event_bytes),
      adapter_(adapter ? std::move(adapter) : make_stream_adapter(EndpointKind::kChatCompletions)),
      parser_(max_event_bytes),
      tool_calls_(pass_through_ ? ToolCallInterest::kNone : chain->tool_call_interest()),
      collector_(kMaxToolCallBytes) {
  if (!pass_through_) reading_ = {chain->reads_refusals(), chain->reads_reasoning()};
  adapter_->set_reading(reading_);
}

Status SseTransform::take(std::string_view upstream_bytes, std::string& now) {
  if (stopped_ || finished_ || too_large_) return {};
  const std::size_t before = events_.size();
  if (pass_through_) {
    now.append(upstream_bytes);
    // Parsed only to count events and see [DONE]; an oversized event just ends the counting.
    if (parser_.state() == sse::SseParser::State::kOk &&
        parser_.feed(upstream_bytes, events_) != sse::SseParser::State::kOk) {
      ++counters_.parse_errors;
    }
    count(std::span(events_).subspan(before));
    return {};
  }
  if (body_kind_ != 1) {
    // Until the body's first byte that is not a space, and for a body that is not an event
    // stream, the bytes wait in raw_: check() decides whether they go.
    raw_.append(upstream_bytes);
    sniff_body();
    if (body_kind_ != 1) return {};
    too_large_ = parser_.feed(raw_, events_) != sse::SseParser::State::kOk;
    raw_.clear();
    raw_.shrink_to_fit();
  } else {
    too_large_ = parser_.feed(upstream_bytes, events_) != sse::SseParser::State::kOk;
  }
  // Sent as they are while every event before them was and nothing is held back; nothing
  // after the answer's end.
  for (std::size_t i = before; only_reports_ && i < events_.size(); ++i) {
    if (sent_ != i || done_ || !may_send_first(events_[i])) break;
    forward(events_[i], now);
    ++sent_;
    if (events_[i].has_data) ++counters_.events;
  }
  return too_large_ ? Status::failure(too_large_message()) : Status{};
}

void SseTransform::check(std::string& after) {
  if (paused_) return;  // answer() goes on
  check_from(0, after);
}

void SseTransform::check_from(std::size_t from, std::string& after) {
  if (!pass_through_ && !stopped_ && body_kind_ == 2) {
    unreadable_body(sink(after));
    return deliver(after);
  }
  if (!pass_through_ && !stopped_ && !finished_) {
    std::string& out = sink(after);
    for (std::size_t i = from; i < events_.size() && !stopped_; ++i) {
      // The end of the answer (the summary's place) waits for side answers still out.
      if (i >= sent_ && events_[i].has_data && chain_->awaits_answers() &&
          !adapter_->may_send_first(events_[i])) {
        paused_ = Paused{.event = i};
        return;
      }
      if (i >= sent_) {
        handle(events_[i], out);
      } else if (events_[i].has_data) {
        handle_answer(events_[i], /*sent=*/true, out);
      }
      deliver(after);
      if (paused_) {
        paused_->event = i;
        return;
      }
    }
    if (too_large_ && done_) {
      ++counters_.after_end;  // an event after the end outgrew the bound: it goes nowhere
    } else if (too_large_ && !stopped_) {
      ++counters_.parse_errors;
      drop_tool_calls();
      end_open_choices(out);
      if (!stopped_) summarize(out);
      if (!stopped_) fail(too_large_message(), "upstream_event_too_large", out);
      deliver(after);
    }
  }
  parser_.recycle(events_);
  sent_ = 0;
}

Status SseTransform::feed(std::string_view upstream_bytes, std::string& to_client) {
  Status status = take(upstream_bytes, to_client);
  check(to_client);
  return status;
}

void SseTransform::finish(bool upstream_complete, std::string& to_client,
                          const StreamCutShort& why) {
  if (stopped_ || finished_) return;
  finished_ = true;
  events_.clear();
  if (pass_through_) {
    // A partial block already went out as is; end it so that the error event stands alone.
    unterminated_ = !parser_.buffered().empty() || parser_.state() != sse::SseParser::State::kOk;
    parser_.finish(events_);
    count(events_);
  } else if (body_kind_ == 2) {
    // A body that is not an event stream, read to its end.
    std::string& out = sink(to_client);
    unreadable_body(out);
    if (stopped_) return deliver(to_client);
    attach(std::exchange(raw_notes_, {}), out);
    end_open_choices(out);
    if (!stopped_) summarize(out);
    deliver(to_client);
    if (stopped_) return;
  } else {
    std::string& out = sink(to_client);
    if (body_kind_ == 0) {  // the body ended before it could be told: bytes of a stream
      body_kind_ = 1;
      parser_.feed(raw_, events_);
      raw_.clear();
    }
    parser_.finish(events_);
    for (const auto& event : events_) {
      if (stopped_) return;
      // A block cut off by a broken connection is dropped, as a client would drop it; its
      // text was never checked.
      if (!event.terminated && !upstream_complete) continue;
      handle(event, out);
      deliver(to_client);
    }
    if (stopped_) return;
    // A tool call the upstream broke off is of no use to the client and was never checked.
    if (!upstream_complete) drop_tool_calls();
    if (!done_) {
      end_open_choices(out);
      if (!stopped_) summarize(out);
    }
    deliver(to_client);
    if (stopped_) return;
  }
  if (!upstream_complete && !done_) {
    fail(why.message, why.code, sink(to_client));
    deliver(to_client);
  }
}

void SseTransform::count(std::span<const sse::SseEvent> events) {
  for (const auto& event : events) {
    if (!event.has_data) continue;
    ++counters_.events;
    if (event.is_done()) done_ = true;
  }
}

std::string SseTransform::too_large_message() const {
  return "upstream event larger than " + std::to_string(max_event_bytes_) + " bytes";
}

bool SseTransform::may_send_first(const sse::SseEvent& event) const {
  return !held_trailer_ && adapter_->may_send_first(event);
}

void SseTransform::sniff_body() {
  if (body_kind_ != 0) return;
  switch (http1::sniffed_body_type(raw_)) {
    case http1::BodyType::kJson:
      body_kind_ = 2;
      break;
    case http1::BodyType::kMissing:
      // Not told yet; beyond any event's bound, bytes go to the parser, which bounds them.
      if (raw_.size() > max_event_bytes_) body_kind_ = 1;
      break;
    default:
      body_kind_ = 1;  // what is not an event stream either has no event a client shows
      break;
  }
}

void SseTransform::unreadable_body(std::string& out) {
  if (!raw_allowed_) {
    ++counters_.parse_errors;
    std::vector<std::string> annotations =
        chain_->on_unverified({-1, "content_type", raw_.size(), 0});
    if (chain_->stopped()) {
      raw_.clear();
      return stop(std::move(annotations), out);
    }
    raw_allowed_ = true;
    raw_notes_ = std::move(annotations);  // after the body: inside it they would break it
  }
  out.append(raw_);
  unterminated_ = unterminated_ || !raw_.empty();
  raw_.clear();
}

void SseTransform::after_end(const sse::SseEvent& event) {
  if (event.has_data && !event.is_done()) ++counters_.after_end;
}

bool SseTransform::reads(const WireOp& op) const {
  switch (op.text_kind) {
    case TextKind::kAnswer:
      return true;
    case TextKind::kRefusal:
      return reading_.refusals;
    case TextKind::kReasoning:
      return reading_.reasoning;
  }
  return true;
}

void SseTransform::handle(const sse::SseEvent& event, std::string& out) {
  // The client has the answer's end: nothing after it goes.
  if (done_) return after_end(event);
  if (!event.has_data) {
    // Bytes keep their order: a held trailer goes before what follows it (the summary then
    // gets an event of its own).
    flush_trailer({}, out);
    forward(event, out);
    return;
  }
  ++counters_.events;
  handle_answer(event, /*sent=*/false, out);
}

void SseTransform::handle_answer(const sse::SseEvent& event, bool sent, std::string& out) {
  process(event, sent, out);
  if (!paused_) adapter_->event_done();
}

void SseTransform::answer(std::size_t filter, std::vector<filters::stream::SideAnswer> answers,
                          std::string& to_client) {
  if (pass_through_ || stopped_) return;
  filters::stream::SideAnswersOutput result = chain_->on_side_answers(filter, std::move(answers));
  release_awaited_calls();
  std::string& out = sink(to_client);
  if (paused_ && paused_->handled) {
    // The event's output waited: the text the filter kept joins it, in its place.
    Paused& p = *paused_;
    append_all(p.annotations, std::move(result.annotations));
    for (filters::stream::HeldRelease& r : result.released) {
      output_of(p.outputs, r.choice).text += r.output.text;
      append_all(p.annotations, std::move(r.output.annotations));
    }
    if (chain_->stopped()) {
      Paused stopped = std::move(p);
      paused_.reset();
      stop_after(stopped.outputs, std::move(stopped.annotations), stopped.sent, out);
      return deliver(to_client);
    }
    if (chain_->holds_for_answers()) return;  // it asked again
    Paused done = std::move(p);
    paused_.reset();
    write_event(events_[done.event], done.sent, done.end, done.outputs, done.annotations,
                done.finished, out);
    adapter_->event_done();
    deliver(to_client);
    return check_from(done.event + 1, to_client);
  }
  // Nothing waited in an event (stream_first: the text went already): the answers' annotations
  // go in an event of their own.
  for (filters::stream::HeldRelease& r : result.released) {
    std::string text = only_reports_ ? std::string() : std::move(r.output.text);
    emit_text(r.choice, settle(r.choice, std::move(text), false, only_reports_),
              r.output.annotations, out);
  }
  if (chain_->stopped()) {
    paused_.reset();
    stop(std::move(result.annotations), out);
    return deliver(to_client);
  }
  attach(result.annotations, out);
  deliver(to_client);
  if (paused_ && !chain_->awaits_answers()) {
    const std::size_t next = paused_->event;
    paused_.reset();
    check_from(next, to_client);
  }
}

void SseTransform::stop_after(std::vector<ChoiceOutput>& outputs,
                              std::vector<std::string> annotations, bool sent, std::string& out) {
  std::string before;
  for (ChoiceOutput& output : outputs) {
    output.text = settle(output.choice, std::move(output.text), true, sent);
    if (output.text.empty() || sent) continue;
    const MadeEvent made = adapter_->content_event(output.choice, output.text, {});
    sse::SseWriter::append_data(before, made.data, made.type);
    ++counters_.chunks_synthesised;
  }
  end_block(out);
  out.append(before);
  stop(std::move(annotations), out);
}

void SseTransform::process(const sse::SseEvent& event, bool sent, std::string& out) {
  if (Status status = adapter_->decode(event, wire_); !status.ok) {
    flush_trailer({}, out);
    ++counters_.parse_errors;
    return unverified_event(event, "upstream_event_undecodable", sent, out);
  }
  if (wire_.role == EventRole::kUnverified) {
    flush_trailer({}, out);
    return unverified_event(event, wire_.unverified_reason, sent, out);
  }
  // (Events after the end never get here: handle() drops them.)
  const bool end = wire_.role == EventRole::kEnd;
  if (wire_.role == EventRole::kTrailer && !sent && event.terminated) {
    flush_trailer({}, out);
    held_trailer_ = event;
    return;
  }
  // The trailer stays last: at the end of the answer the summary rides on it.
  if (!end) flush_trailer({}, out);
  if (wire_.role == EventRole::kError) {
    if (!sent) forward(event, out);
    return;
  }

  std::vector<ChoiceOutput> outputs;
  std::vector<std::string> annotations;
  std::vector<int> finished;
  if (!run_ops(sent, outputs, annotations, finished, out)) return;
  if (chain_->holds_for_answers()) {
    // A filter keeps text until its side answers are in: the event waits with its output.
    paused_ =
        Paused{0, true, sent, end, std::move(outputs), std::move(annotations), std::move(finished)};
    return;
  }
  write_event(event, sent, end, outputs, annotations, finished, out);
}

void SseTransform::write_event(const sse::SseEvent& event, bool sent, bool end,
                               std::vector<ChoiceOutput>& outputs,
                               std::vector<std::string>& annotations,
                               const std::vector<int>& finished, std::string& out) {
  std::vector<Edit> edits;
  std::string before;  // output of choices that have no place for text in this event
  for (ChoiceOutput& output : outputs) {
    output.text = settle(output.choice, std::move(output.text), output.ends, sent || output.unread);
    if (output.has_range) {
      if (output.text != output.upstream && !sent) {
        edits.push_back(Edit::text(output.range, output.text));
        if (!output.shadow.empty()) {
          edits.push_back(Edit{output.shadow, std::string(output.shadow_blank)});
        }
      }
    } else if (!output.text.empty()) {
      const MadeEvent made = adapter_->content_event(output.choice, output.text, {});
      sse::SseWriter::append_data(before, made.data, made.type);
      ++counters_.chunks_synthesised;
    }
  }
  if (!before.empty()) {
    end_block(out);
    out.append(before);
  }
  for (int index : finished)
    close(index);
  if (end) {
    end_open_choices(out);
    if (stopped_) return;
    done_ = true;
    std::vector<std::string> summary = chain_->answer_end();
    if (!wire_.has_json) {
      // [DONE] carries nothing: the summary goes on the trailer, or before.
      attach(annotations, out);
      if (held_trailer_) {
        flush_trailer(summary, out);
      } else {
        attach(summary, out);
      }
      forward(event, out);
      return;
    }
    append_all(annotations, std::move(summary));
  }
  if (placement_ == AnnotationPlacement::kCommentLines && !annotations.empty()) {
    write_comments(annotations, out);
    annotations.clear();
  }
  if (sent) {
    attach(annotations, out);
  } else {
    write_upstream(event, std::move(edits), annotations, out);
  }
}

bool SseTransform::run_ops(bool sent, std::vector<ChoiceOutput>& outputs,
                           std::vector<std::string>& annotations, std::vector<int>& finished,
                           std::string& out) {
  for (const WireOp& op : wire_.ops)
    if (op.kind == WireOp::Kind::kText && reads(op)) open(op.choice);
  // A filter stopped: what was released before the stop in this event still goes out (if
  // take() did not send the event already), then the stop.
  const auto stop_here = [&](int choice, std::string text) {
    output_of(outputs, choice).text += text;
    stop_after(outputs, std::move(annotations), sent, out);
    return false;
  };
  for (const WireOp& op : wire_.ops) {
    switch (op.kind) {
      case WireOp::Kind::kText: {
        // Each place for text keeps what its own text became.
        ChoiceOutput& output =
            op.range.empty() ? output_of(outputs, op.choice) : outputs.emplace_back();
        if (!op.range.empty()) {
          output.choice = op.choice;
          output.has_range = true;
          output.range = op.range;
          output.upstream = op.text;
          output.shadow = op.shadow;
          output.shadow_blank = op.shadow_blank;
        }
        if (op.text.empty()) break;
        if (op.text_kind == TextKind::kReasoning) {
          chain_->on_reasoning(op.text.size(), reading_.reasoning);
        }
        if (!reads(op)) {
          // Goes on as it came: reasoning only counted, a refusal unverified.
          if (op.text_kind == TextKind::kRefusal) {
            append_all(annotations, chain_->on_unverified({-1, "refusal", op.text.size(), 0}));
            if (chain_->stopped()) return stop_here(op.choice, {});
          }
          // Text only a repeat carried (no place of its own) is shown there already.
          if (!op.range.empty()) {
            output.text += op.text;
            output.unread = true;
          }
          break;
        }
        auto result = chain_->on_delta(op.choice, op.text);
        append_all(annotations, std::move(result.annotations));
        if (chain_->stopped()) return stop_here(op.choice, std::move(result.text));
        output.text += result.text;
        break;
      }
      case WireOp::Kind::kToolCall: {
        if (tool_calls_ == ToolCallInterest::kNone) break;
        collector_.add(op.choice, ToolCallDelta{op.call, op.name, op.text});
        if (tool_calls_ == ToolCallInterest::kHold && collector_.has_calls(op.choice) &&
            !contains(held_choices_, op.choice)) {
          held_choices_.push_back(op.choice);
        }
        break;
      }
      case WireOp::Kind::kToolCallEnd:
        decide_tool_calls(op.choice, false, annotations);
        if (chain_->stopped()) return stop_here(op.choice, {});
        break;
      case WireOp::Kind::kEnd: {
        if (!is_open(op.choice) || contains(finished, op.choice)) break;
        ChoiceOutput& output = output_of(outputs, op.choice);
        decide_tool_calls(op.choice, false, annotations);
        if (chain_->stopped()) return stop_here(op.choice, {});
        auto result = chain_->on_choice_end(op.choice);
        append_all(annotations, std::move(result.annotations));
        if (chain_->stopped()) return stop_here(op.choice, std::move(result.text));
        output.text += result.text;
        output.ends = true;
        finished.push_back(op.choice);
        break;
      }
      case WireOp::Kind::kContext:
        chain_->on_context(op.passages);
        break;
    }
  }
  return true;
}

SseTransform::ChoiceOutput& SseTransform::output_of(std::vector<ChoiceOutput>& outputs,
                                                    int choice) {
  for (auto it = outputs.rbegin(); it != outputs.rend(); ++it)
    if (it->choice == choice) return *it;
  ChoiceOutput& output = outputs.emplace_back();
  output.choice = choice;
  return output;
}

void SseTransform::unverified_event(const sse::SseEvent& event, std::string_view reason, bool sent,
                                    std::string& out) {
  std::vector<std::string> annotations = chain_->on_unverified({-1, reason, event.data.size(), 0});
  if (sent) return attach(annotations, out);  // take() sent it: the filters only report
  if (chain_->stopped()) return stop(std::move(annotations), out);
  for (filters::stream::HeldRelease& held : chain_->release_held(reason)) {
    emit_text(held.choice, settle(held.choice, std::move(held.output.text), false, false),
              held.output.annotations, out);
    if (chain_->stopped()) return stop(std::move(annotations), out);
  }
  forward(event, out);
  attach(annotations, out);
}

void SseTransform::end_open_choices(std::string& out) {
  // Tool calls of choices that never opened (the Responses API's function_call items) that
  // are still undecided are decided first: their held output must not wait forever.
  for (int choice : collector_.undecided_choices()) {
    if (is_open(choice)) continue;
    std::vector<std::string> annotations;
    decide_tool_calls(choice, false, annotations);
    if (chain_->stopped()) return stop(std::move(annotations), out);
    attach(annotations, out);
  }
  const std::vector<int> choices = open_choices_;
  for (int index : choices) {
    std::vector<std::string> annotations;
    decide_tool_calls(index, false, annotations);
    if (chain_->stopped()) return stop(std::move(annotations), out);
    auto output = chain_->on_choice_end(index);
    output.annotations.insert(output.annotations.begin(),
                              std::make_move_iterator(annotations.begin()),
                              std::make_move_iterator(annotations.end()));
    if (chain_->stopped()) {
      emit_text(index, settle(index, std::move(output.text), true, false), {}, out);
      return stop(std::move(output.annotations), out);
    }
    emit_text(index, settle(index, std::move(output.text), true, false), output.annotations, out);
    close(index);
  }
}

void SseTransform::decide_tool_calls(int choice, bool cut_short,
                                     std::vector<std::string>& annotations) {
  std::erase(held_choices_, choice);
  if (!collector_.has_calls(choice)) return;
  const std::vector<CollectedCall> calls = collector_.take(choice);
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const filters::stream::ToolCallEvent event{choice, i, calls[i].name, calls[i].arguments,
                                               calls[i].truncated || cut_short};
    append_all(annotations, chain_->on_tool_call(event));
    if (chain_->stopped()) return;
  }
  if (tool_calls_ == ToolCallInterest::kHold && chain_->holds_for_answers()) {
    held_choices_.push_back(choice);
    awaited_calls_.push_back(choice);
  }
}

void SseTransform::release_awaited_calls() {
  if (chain_->holds_for_answers()) return;
  for (const int choice : awaited_calls_) {
    if (!collector_.has_calls(choice)) std::erase(held_choices_, choice);
  }
  awaited_calls_.clear();
}

void SseTransform::drop_tool_calls() {
  collector_.clear();
  held_choices_.clear();
  awaited_calls_.clear();
  held_.clear();
}

std::string& SseTransform::sink(std::string& to_client) {
  return tool_calls_ == ToolCallInterest::kHold ? scratch_ : to_client;
}

void SseTransform::deliver(std::string& to_client) {
  if (tool_calls_ != ToolCallInterest::kHold) return;
  if (stopped_) {
    held_choices_.clear();
    awaited_calls_.clear();
    held_.clear();
  }
  if (!held_choices_.empty()) {
    held_.append(scratch_);
    scratch_.clear();
    adapter_->holding(true);
    if (held_.size() <= kMaxHeldBytes) return;
    // Too much to hold: the calls are decided as they are; the policy says what an
    // incomplete call gets.
    std::vector<std::string> annotations;
    for (const int choice : std::vector<int>(held_choices_)) {
      decide_tool_calls(choice, true, annotations);
      if (chain_->stopped()) break;
    }
    held_choices_.clear();
    if (chain_->stopped()) {
      held_.clear();
      stop(std::move(annotations), scratch_);
    } else {
      attach(annotations, scratch_);
    }
  }
  to_client.append(held_);
  to_client.append(scratch_);
  held_.clear();
  scratch_.clear();
  adapter_->holding(false);
}

void SseTransform::stop(std::vector<std::string> annotations, std::string& out) {
  flush_trailer({}, out);
  // The text released before the stop in the same call was checked: it goes out first.
  annotations.push_back(ChunkWriter::stopped_annotation(chain_->stop_reason()));
  append_all(annotations, chain_->answer_end());
  if (placement_ == AnnotationPlacement::kCommentLines) {
    write_comments(annotations, out);
    annotations.clear();
  }
  std::vector<MadeEvent> events;
  adapter_->stop_events(open_choices_, annotations, events);
  for (const MadeEvent& event : events)
    emit(event, out);
  ++counters_.chunks_synthesised;
  open_choices_.clear();
  stopped_ = true;
}

void SseTransform::emit_text(int choice, std::string_view text,
                             const std::vector<std::string>& annotations, std::string& out) {
  if (text.empty()) return attach(annotations, out);
  if (placement_ == AnnotationPlacement::kCommentLines) {
    write_comments(annotations, out);
    emit(adapter_->content_event(choice, text, {}), out);
  } else {
    emit(adapter_->content_event(choice, text, annotations), out);
  }
  ++counters_.chunks_synthesised;
}

void SseTransform::attach(const std::vector<std::string>& annotations, std::string& out) {
  if (annotations.empty()) return;
  if (placement_ == AnnotationPlacement::kCommentLines) return write_comments(annotations, out);
  emit(adapter_->annotation_event(annotations), out);
  ++counters_.chunks_synthesised;
}

void SseTransform::write_comments(const std::vector<std::string>& annotations, std::string& out) {
  end_block(out);
  for (const std::string& annotation : annotations) {
    std::string line = "groundgate ";
    line += annotation;
    sse::SseWriter::append_comment(out, line);
  }
}

void SseTransform::summarize(std::string& out) {
  const std::vector<std::string> summary = chain_->answer_end();
  if (held_trailer_) return flush_trailer(summary, out);
  attach(summary, out);
}

void SseTransform::flush_trailer(const std::vector<std::string>& annotations, std::string& out) {
  if (!held_trailer_) return;
  const sse::SseEvent event = std::move(*held_trailer_);
  held_trailer_.reset();
  if (annotations.empty()) return forward(event, out);
  if (placement_ == AnnotationPlacement::kCommentLines) {
    write_comments(annotations, out);
    return forward(event, out);
  }
  std::string json = event.data;
  if (!adapter_->attach_to_trailer(json, annotations)) {
    forward(event, out);
    return attach(annotations, out);
  }
  end_block(out);
  sse::SseWriter::append_data(out, json, event.type, event.id);
  ++counters_.chunks_rewritten;
}

void SseTransform::fail(std::string_view message, std::string_view code, std::string& out) {
  emit(adapter_->error_event(message, "server_error", code), out);
  stopped_ = true;
}

void SseTransform::emit(const MadeEvent& event, std::string& out) {
  end_block(out);
  sse::SseWriter::append_data(out, event.data, event.type);
}

void SseTransform::write_upstream(const sse::SseEvent& event, std::vector<Edit> edits,
                                  const std::vector<std::string>& annotations, std::string& out) {
  std::string json;
  if (!adapter_->rewrite(event, std::move(edits), annotations, json)) return forward(event, out);
  end_block(out);
  sse::SseWriter::append_data(out, json, event.type, event.id);
  ++counters_.chunks_rewritten;
}

void SseTransform::end_block(std::string& out) {
  if (!unterminated_) return;
  out.append("\n\n");
  unterminated_ = false;
}

void SseTransform::forward(const sse::SseEvent& event, std::string& out) {
  out.append(event.raw);
  unterminated_ = !event.terminated;
}

std::string SseTransform::settle(int choice, std::string text, bool end_of_choice, bool sent) {
  // The text of an event sent already went as it was (filters that only report release it).
  if (!sent) text = complete_utf8(choice, std::move(text), end_of_choice);
  if (!text.empty()) adapter_->sent(choice, text);
  return text;
}

std::string SseTransform::complete_utf8(int choice, std::string text, bool end_of_choice) {
  auto tail = utf8_tails_.find(choice);
  if (tail != utf8_tails_.end()) {
    text.insert(0, tail->second);
    utf8_tails_.erase(tail);
  }
  if (end_of_choice) return text;  // an incomplete sequence now is invalid: the writer replaces it
  const std::size_t complete = utf8_complete_prefix(text);
  if (complete < text.size()) {
    utf8_tails_.emplace(choice, text.substr(complete));
    text.resize(complete);
  }
  return text;
}

void SseTransform::open(int choice) {
  const auto at = std::lower_bound(open_choices_.begin(), open_choices_.end(), choice);
  if (at == open_choices_.end() || *at != choice) open_choices_.insert(at, choice);
}

void SseTransform::close(int choice) {
  const auto at = std::lower_bound(open_choices_.begin(), open_choices_.end(), choice);
  if (at != open_choices_.end() && *at == choice) open_choices_.erase(at);
}

bool SseTransform::is_open(int choice) const {
  return std::binary_search(open_choices_.begin(), open_choices_.end(), choice);
}

}  // namespace groundgate::proxy::sse
