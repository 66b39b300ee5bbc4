#include "proxy/openai/sse_transform.h"

#include <algorithm>
#include <utility>

#include "proxy/openai/chunk_writer.h"
#include "proxy/openai/error_body.h"
#include "proxy/openai/json_string.h"
#include "proxy/sse/sse_writer.h"

namespace groundgate::proxy::openai {
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

}  // namespace

SseTransform::SseTransform(filters::stream::FilterChain* chain, std::size_t max_event_bytes,
                           AnnotationPlacement placement)
    : chain_(chain),
      pass_through_(chain == nullptr || chain->empty()),
      only_reports_(!pass_through_ && chain->only_reports() &&
                    chain->tool_call_interest() != ToolCallInterest::kHold),
      placement_(placement),
      max_event_bytes_(max_event_bytes),
      parser_(max_event_bytes),
      tool_calls_(pass_through_ ? ToolCallInterest::kNone : chain->tool_call_interest()),
      collector_(kMaxToolCallBytes) {}

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
  too_large_ = parser_.feed(upstream_bytes, events_) != sse::SseParser::State::kOk;
  // Sent as they are while every event before them was and nothing is held back.
  for (std::size_t i = before; only_reports_ && i < events_.size(); ++i) {
    if (sent_ != i || !may_send_first(events_[i])) break;
    forward(events_[i], now);
    ++sent_;
    if (events_[i].has_data) ++counters_.events;
  }
  return too_large_ ? Status::failure(too_large_message()) : Status{};
}

void SseTransform::check(std::string& after) {
  if (!pass_through_ && !stopped_ && !finished_) {
    std::string& out = sink(after);
    for (std::size_t i = 0; i < events_.size() && !stopped_; ++i) {
      if (i >= sent_) {
        handle(events_[i], out);
      } else if (events_[i].has_data) {
        handle_chunk(events_[i], /*sent=*/true, out);
      }
      deliver(after);
    }
    if (too_large_ && !stopped_) {
      ++counters_.parse_errors;
      drop_tool_calls();
      end_open_choices(out);
      if (!stopped_) summarize(out);
      if (!stopped_) {
        fail(error_body(too_large_message(), "server_error", "upstream_event_too_large"), out);
      }
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
                          std::string_view error_body) {
  if (stopped_ || finished_) return;
  finished_ = true;
  events_.clear();
  if (pass_through_) {
    // A partial block already went out as is; end it so that the error event stands alone.
    unterminated_ = !parser_.buffered().empty() || parser_.state() != sse::SseParser::State::kOk;
    parser_.finish(events_);
    count(events_);
  } else {
    std::string& out = sink(to_client);
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
    end_open_choices(out);
    if (!stopped_) summarize(out);
    deliver(to_client);
    if (stopped_) return;
  }
  if (!upstream_complete && !done_) {
    fail(error_body.empty() ? upstream_disconnected_body() : std::string(error_body),
         sink(to_client));
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
  if (held_usage_ || event.is_done()) return false;
  // A usage chunk waits: the summary rides on it. Its `"usage": {` can only be a member name
  // (a quote inside a JSON string is escaped), so the scan never lets one through; a chunk
  // with usage and choices (some servers send usage on every chunk) waits too, needlessly.
  // The scan looks for `usage"` rather than `"usage"`: a chunk has far fewer u than quotes.
  const std::string_view data = event.data;
  constexpr std::string_view kUsage = R"(usage")";
  for (std::size_t at = data.find(kUsage, 1); at != std::string_view::npos;
       at = data.find(kUsage, at + kUsage.size())) {
    if (data[at - 1] != '"') continue;
    std::size_t i = at + kUsage.size();
    const auto skip_space = [&] {
      while (i < data.size() &&
             (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r')) {
        ++i;
      }
    };
    skip_space();
    if (i == data.size() || data[i] != ':') continue;
    ++i;
    skip_space();
    if (i < data.size() && data[i] == '{') return false;
  }
  return true;
}

void SseTransform::handle(const sse::SseEvent& event, std::string& out) {
  if (!event.has_data) {
    // Bytes keep their order: a held usage chunk goes before what follows it (the summary
    // then gets a chunk of its own).
    flush_usage({}, out);
    forward(event, out);
    return;
  }
  ++counters_.events;
  if (event.is_done()) {
    end_open_choices(out);
    if (stopped_) return;
    summarize(out);
    done_ = true;
    forward(event, out);
    return;
  }
  handle_chunk(event, /*sent=*/false, out);
}

void SseTransform::handle_chunk(const sse::SseEvent& event, bool sent, std::string& out) {
  flush_usage({}, out);  // none is held while take() sends
  if (Status status = decoder_.decode(event.data, chunk_); !status.ok) {
    ++counters_.parse_errors;
    return unverified_event(event, "upstream_event_undecodable", sent, out);
  }
  if (chunk_.has_error) {
    // An error with choices: which is it? Its text is not checked as an answer.
    if (!chunk_.choices.empty()) {
      return unverified_event(event, "upstream_error_with_choices", sent, out);
    }
    if (!sent) forward(event, out);
    return;
  }
  // Swapped, not copied: the chunk's header is not read again, and both keep their storage.
  if (!chunk_.header.id.empty() || !chunk_.header.object.empty()) std::swap(header_, chunk_.header);
  if (!chunk_.object.empty()) legacy_ = chunk_.legacy();
  if (!sent && chunk_.choices.empty() && chunk_.has_usage && event.terminated) {
    held_usage_ = event;
    return;
  }
  for (const auto& choice : chunk_.choices) {
    if (choice.legacy_text) legacy_ = true;
    any_choice_ = true;
    open(choice.index);
    if (choice.tool_calls.empty() || tool_calls_ == ToolCallInterest::kNone) continue;
    collector_.add(choice.index, choice.tool_calls);
    if (tool_calls_ == ToolCallInterest::kHold && collector_.has_calls(choice.index) &&
        std::find(held_choices_.begin(), held_choices_.end(), choice.index) ==
            held_choices_.end()) {
      held_choices_.push_back(choice.index);
    }
  }

  std::vector<Edit> edits;
  std::vector<std::string> annotations;
  std::string before;  // held text of finishing choices that have no text token to carry it
  std::vector<int> finished;
  // Per earlier choice of this chunk, the text it lets out (kept only when a later choice
  // follows: a stop there still sends it). Most chunks carry one choice and keep nothing.
  std::vector<std::pair<int, std::string>> released;
  // A filter stopped: what was released before the stop, in this chunk, still goes out (if
  // take() did not send the chunk already).
  const auto stop_here = [&](int index, std::string text) {
    released.emplace_back(index, complete_utf8(index, std::move(text), true));
    for (const auto& [choice, text_out] : released) {
      if (text_out.empty() || sent) continue;
      sse::SseWriter::append_data(
          before, ChunkWriter::content_chunk(header_, legacy_, choice, text_out, {}));
      ++counters_.chunks_synthesised;
    }
    end_block(out);
    out.append(before);
    stop(std::move(annotations), out);
  };
  const std::size_t last = chunk_.choices.size() - 1;
  for (std::size_t at = 0; at < chunk_.choices.size(); ++at) {
    const ChoiceDelta& choice = chunk_.choices[at];
    std::string text;
    if (choice.has_text && !choice.text.empty()) {
      auto output = chain_->on_delta(choice.index, choice.text);
      append_all(annotations, std::move(output.annotations));
      if (chain_->stopped()) return stop_here(choice.index, std::move(output.text));
      text = std::move(output.text);
    }
    const bool finishing = choice.finish_reason.has_value();
    if (finishing) {
      decide_tool_calls(choice.index, false, annotations);
      if (chain_->stopped()) return stop_here(choice.index, std::move(text));
      auto output = chain_->on_choice_end(choice.index);
      append_all(annotations, std::move(output.annotations));
      if (chain_->stopped()) return stop_here(choice.index, text + output.text);
      text += output.text;
      finished.push_back(choice.index);
    }
    // The text of a chunk sent already went as it was (filters that only report release it).
    if (!sent) text = complete_utf8(choice.index, std::move(text), finishing);
    if (choice.has_text && at != last) released.emplace_back(choice.index, text);
    if (choice.has_text) {
      if (text != choice.text && !sent) edits.push_back(Edit::text(choice.text_range, text));
    } else if (!text.empty()) {
      std::string chunk = ChunkWriter::content_chunk(header_, legacy_, choice.index, text, {});
      sse::SseWriter::append_data(before, chunk);
      ++counters_.chunks_synthesised;
    }
  }

  if (!before.empty()) {
    end_block(out);
    out.append(before);
  }
  if (placement_ == AnnotationPlacement::kCommentLines && !annotations.empty()) {
    write_comments(annotations, out);
    annotations.clear();
  }
  if (sent) {
    attach(annotations, out);
  } else if (edits.empty() && annotations.empty()) {
    forward(event, out);
  } else {
    std::string json = ChunkWriter::splice(event.data, std::move(edits));
    ChunkWriter::add_annotations(json, annotations);
    end_block(out);
    sse::SseWriter::append_data(out, json, event.type, event.id);
    ++counters_.chunks_rewritten;
  }
  for (int index : finished)
    close(index);
}

void SseTransform::unverified_event(const sse::SseEvent& event, std::string_view reason, bool sent,
                                    std::string& out) {
  std::vector<std::string> annotations = chain_->on_unverified({-1, reason, event.data.size(), 0});
  if (sent) return attach(annotations, out);  // take() sent it: the filters only report
  if (chain_->stopped()) return stop(std::move(annotations), out);
  for (filters::stream::HeldRelease& held : chain_->release_held(reason)) {
    emit_text(held.choice, complete_utf8(held.choice, std::move(held.output.text), false),
              held.output.annotations, out);
    if (chain_->stopped()) return stop(std::move(annotations), out);
  }
  forward(event, out);
  attach(annotations, out);
}

void SseTransform::end_open_choices(std::string& out) {
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
      const std::string text = complete_utf8(index, std::move(output.text), true);
      if (!text.empty()) {
        emit(ChunkWriter::content_chunk(header_, legacy_, index, text, {}), out);
        ++counters_.chunks_synthesised;
      }
      return stop(std::move(output.annotations), out);
    }
    emit_text(index, complete_utf8(index, std::move(output.text), true), output.annotations, out);
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
}

void SseTransform::drop_tool_calls() {
  collector_.clear();
  held_choices_.clear();
  held_.clear();
}

std::string& SseTransform::sink(std::string& to_client) {
  return tool_calls_ == ToolCallInterest::kHold ? scratch_ : to_client;
}

void SseTransform::deliver(std::string& to_client) {
  if (tool_calls_ != ToolCallInterest::kHold) return;
  if (stopped_) {
    held_choices_.clear();
    held_.clear();
  }
  if (!held_choices_.empty()) {
    held_.append(scratch_);
    scratch_.clear();
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
}

void SseTransform::stop(std::vector<std::string> annotations, std::string& out) {
  flush_usage({}, out);
  // The text released before the stop in the same call was checked: it goes out first.
  annotations.push_back(ChunkWriter::stopped_annotation(chain_->stop_reason()));
  append_all(annotations, chain_->answer_end());
  if (placement_ == AnnotationPlacement::kCommentLines) {
    write_comments(annotations, out);
    annotations.clear();
  }
  // A stop before any choice was seen still ends one, so that a client sees content_filter.
  const std::vector<int> ended = any_choice_ ? open_choices_ : std::vector<int>{0};
  emit(ChunkWriter::stop_chunk(header_, legacy_, ended, annotations), out);
  ++counters_.chunks_synthesised;
  sse::SseWriter::append_done(out);
  open_choices_.clear();
  stopped_ = true;
}

void SseTransform::emit_text(int choice, std::string_view text,
                             const std::vector<std::string>& annotations, std::string& out) {
  if (text.empty()) return attach(annotations, out);
  if (placement_ == AnnotationPlacement::kCommentLines) {
    write_comments(annotations, out);
    emit(ChunkWriter::content_chunk(header_, legacy_, choice, text, {}), out);
  } else {
    emit(ChunkWriter::content_chunk(header_, legacy_, choice, text, annotations), out);
  }
  ++counters_.chunks_synthesised;
}

void SseTransform::attach(const std::vector<std::string>& annotations, std::string& out) {
  if (annotations.empty()) return;
  if (placement_ == AnnotationPlacement::kCommentLines) return write_comments(annotations, out);
  emit(ChunkWriter::annotation_chunk(header_, legacy_, annotations), out);
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
  if (held_usage_) return flush_usage(summary, out);
  attach(summary, out);
}

void SseTransform::flush_usage(const std::vector<std::string>& annotations, std::string& out) {
  if (!held_usage_) return;
  const sse::SseEvent event = std::move(*held_usage_);
  held_usage_.reset();
  if (annotations.empty()) return forward(event, out);
  if (placement_ == AnnotationPlacement::kCommentLines) {
    write_comments(annotations, out);
    return forward(event, out);
  }
  std::string json = event.data;
  if (!ChunkWriter::add_annotations(json, annotations)) {
    forward(event, out);
    return attach(annotations, out);
  }
  end_block(out);
  sse::SseWriter::append_data(out, json, event.type, event.id);
  ++counters_.chunks_rewritten;
}

void SseTransform::fail(std::string_view error, std::string& out) {
  emit(error, out);
  stopped_ = true;
}

void SseTransform::emit(std::string_view payload, std::string& out) {
  end_block(out);
  sse::SseWriter::append_data(out, payload);
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

}  // namespace groundgate::proxy::openai
