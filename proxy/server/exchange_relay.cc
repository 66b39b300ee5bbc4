// The response body relay: the upstream's body to the client as it arrives, unchanged or
// through the policy's filters.
//
// The loop runs on plain completion handlers, not in the coroutine: an upstream read, the
// client write when the socket does not take it all, each continues the loop from its handler.
// A coroutine suspension per event costs more than the rest of the loop (Asio's awaitable
// machinery: a frame per operation, type-erased executor copies, the resumption), and the loop
// needs none of what a coroutine gives. relay_body writes the header, sets the loop up (a
// BodyRelay), waits for its end on the exchange's handlers_done_ timer, which the loop cancels,
// and ends the response.
//
// Each awaited result here goes through a local: no co_await inside && or ||, none in a
// co_return. GCC 12 destroyed the awaited frame of such an expression twice (a crash when a
// relayed answer ended).

#include "proxy/server/exchange.h"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <span>

#include "proxy/http1/body_framing.h"
#include "proxy/http1/content_coding.h"
#include "proxy/openai/error_body.h"
#include "proxy/server/draining_read_buffer.h"
#include "proxy/server/forwarding.h"
#include "proxy/server/header_writer.h"
#include "proxy/sse/sse_event_counter.h"
#include "proxy/sse/sse_transform.h"
#include "proxy/sse/sse_writer.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

namespace {

// Most upstream bytes asked for per read; the flat buffer keeps its storage between reads.
constexpr std::size_t kUpstreamReadBytes = 16 * 1024;
// Most bytes one coded piece may decode to (a ratio of 256 on a full read): a few coded bytes
// must not make a stream hold megabytes.
constexpr std::size_t kMaxDecodedPerPiece = 4u << 20;

}  // namespace

// The loop and its state. Each pending handler of the loop holds the relay (it is made
// shared), so that no handler points into a coroutine frame; the exchange outlives the relay,
// as relay_body waits for the loop's end.
class Exchange::BodyRelay : public std::enable_shared_from_this<BodyRelay> {
 public:
  BodyRelay(Exchange& x, http1::BodyFraming framing, const RelayPlan& plan, bool decode,
            bool chunked);

  // The loop, and its waits for side answers, until the upstream's body ends or the relay
  // stops.
  awaitable<void> run();
  // The body's end as the client gets it: the transform's end (answers still out first), the
  // error event of a counted stream cut short, or the close of a relayed body cut short. False
  // when the client is gone (or the connection closed).
  awaitable<bool> end();

 private:
  // Where the loop is: running (a read or a write of it is pending), ended, or ended because
  // the transform waits for side answers (run() goes on once they are in).
  enum class Loop : std::uint8_t { kRunning, kEnded, kAwaitsAnswers };

  std::uint64_t events_so_far() const {
    if (transform_) return transform_->counters().events;
    return counter_ ? counter_->events() : 0;
  }
  // Forwards what the buffer holds, then starts an upstream read (on_upstream_read goes on)
  // or, when the client's socket is full, a client write (on_client_written goes on).
  void next();
  void read_upstream();
  void on_upstream_read(const beast::error_code& ec, std::size_t n);
  // Decodes one coded body piece into decoded_; false (the upstream failed) when it does not.
  bool decode_piece(std::string_view piece);
  // Writes the round's passes from pass_ on; false when a write is pending.
  bool write_passes();
  // What pass `pass_` of the transform makes of the round's pieces, into out_.
  void transform_pass(std::span<const std::string_view> body);
  // The round relays the end of the upstream's answer and nothing is awaited after it: what its
  // last pass writes is the answer's end (a chunked body's last chunk aside).
  bool round_ends_answer() const;
  void on_client_written(const beast::error_code& ec, std::size_t n);
  // The round's events so far count as sent: the added-latency histogram.
  void pass_written();
  // The round's bytes are done with; false when the loop ends here.
  bool end_round();
  void end_loop();
  // The transform's side answers, while it waits for them (`until_none_out`: until none is
  // out), writing what it lets go on; false when the client is gone.
  awaitable<bool> answer_side_requests(bool until_none_out);
  awaitable<bool> end_transformed();
  awaitable<bool> end_counted();

  Exchange& x_;
  http1::BodyFraming framing_;
  const bool sse_;
  const bool chunked_;  // the client's body goes in chunks
  // Without filters the upstream's events are only counted (for the latency histogram, and
  // [DONE] for the end), which copies and allocates nothing per event.
  std::optional<sse::SseTransform> transform_;
  std::optional<sse::SseEventCounter> counter_;
  // A coded body (gzip, deflate) is decoded before the transform sees it.
  std::optional<http1::ContentDecoder> decoder_;
  std::string decoded_;
  bool upstream_ok_ = true;
  bool client_ok_ = true;
  Loop loop_ = Loop::kRunning;

  // The round in progress: the body pieces found in the buffered bytes (as many as one write
  // takes), the bytes they used, and the write pass (transform: 0 = take, 1 = check).
  std::array<std::string_view, ClientWrite::kMaxPieces> pieces_;
  std::size_t count_ = 0;
  std::size_t used_ = 0;
  int pass_ = 0;
  Clock::time_point received_;
  std::uint64_t counted_ = 0;  // events observed in the latency histogram
  std::string out_;            // the transform's bytes for this pass
  ClientWrite write_;
};

awaitable<void> Exchange::relay_body(http1::ResponseParser& upstream_response, RelayPlan plan) {
  const bool decode = plan.sse && !chain_.empty() && plan.coding != http1::ContentCoding::kIdentity;
  bool chunked = false;
  const std::string header = relayed_header(upstream_response, plan, decode, chunked);
  const bool header_written = co_await write_client(header, /*as_chunk=*/false);
  advance(ResponseProgress::kStarted);
  if (!header_written) co_return;

  // The body is found in the upstream's bytes where they were read (no copy): a pass-through
  // response writes them as they are; a policy's filters rewrite them through the transform.
  const auto relay =
      std::make_shared<BodyRelay>(*this, body_framing(upstream_response), plan, decode, chunked);
  auto& in_flight = ctx_.metrics.sse_streams_in_flight;
  if (plan.sse) in_flight.inc();
  co_await relay->run();
  if (plan.sse) in_flight.dec();
  if (client_gone_) co_return;
  const bool ended = co_await relay->end();
  if (!ended) co_return;
  if (chunked) {
    advance(ResponseProgress::kEnding);
    if (!co_await write_client({}, true)) co_return;  // the last chunk
  }
  advance(ResponseProgress::kComplete);
}

std::string Exchange::relayed_header(const http1::ResponseParser& upstream_response,
                                     const RelayPlan& plan, bool decode, bool& chunked) {
  // The header goes from the upstream's fields straight to bytes (header_writer.h): its
  // end-to-end fields, then our framing and connection fields.
  std::string header;
  header.reserve(kHeaderReserve);
  append_status_line(11, upstream_response.status(), upstream_response.reason(), header);
  append_end_to_end_headers(upstream_response.fields(), /*drop_accept_encoding=*/false, header,
                            /*drop_traceparent=*/false, /*drop_content_encoding=*/decode);
  if (plan.guard_headers) {
    for (const auto& [name, value] : guard_headers({}))
      append_field(name, value, header);
  }
  if (!verdict_id_.empty()) append_field("x-groundgate-id", verdict_id_, header);
  boost::optional<std::uint64_t> length = upstream_response.content_length();
  chunked = false;
  if (!plan.sse && length.has_value()) {
    append_field("Content-Length", std::to_string(*length), header);
  } else if (!upstream_response.is_done()) {
    // An HTTP/1.0 client knows no chunks (RFC 9112 section 6.1): the close ends its body.
    if (request_.version() >= 11) {
      append_field("Transfer-Encoding", "chunked", header);
      chunked = true;
    } else {
      keep_alive_ = false;
    }
  }
  if (!may_keep_connection()) append_field("Connection", "close", header);
  end_header(header);
  return header;
}

openai::StreamCutShort Exchange::cut_short() const {
  return error_ == ErrorKind::kShutdown ? openai::kShuttingDown : openai::kUpstreamDisconnected;
}

Exchange::BodyRelay::BodyRelay(Exchange& x, http1::BodyFraming framing, const RelayPlan& plan,
                               bool decode, bool chunked)
    : x_(x), framing_(framing), sse_(plan.sse), chunked_(chunked) {
  if (!sse_) return;
  if (x_.chain_.empty()) {
    counter_.emplace(x_.config_.limits.max_sse_event);
  } else {
    transform_.emplace(&x_.chain_, x_.config_.limits.max_sse_event, x_.annotation_placement(),
                       openai::make_stream_adapter(x_.info_.kind));
  }
  if (decode) decoder_.emplace(plan.coding);
}

awaitable<void> Exchange::BodyRelay::run() {
  next();
  // No handler runs before this coroutine suspends, so the loop cannot end unseen between the
  // check and the wait. The timer is shared with the client watcher: its end wakes this too.
  // A loop that ended because the transform waits for side answers goes on once they are in.
  while (true) {
    while (loop_ == Loop::kRunning)
      co_await x_.handlers_done_->async_wait(kUseTuple);
    if (loop_ != Loop::kAwaitsAnswers || x_.client_gone_) break;
    loop_ = Loop::kEnded;
    if (!co_await answer_side_requests(false)) break;  // the client left
    if (transform_->stopped()) {
      x_.fail(ErrorKind::kFilter);
      break;
    }
    const bool total_expired = x_.upstream_cut_ == UpstreamCut::kTotalDeadline;
    if (total_expired || x_.ctx_.drain_expired.load(std::memory_order_relaxed)) {
      // The watchdog ended the exchange while it waited: no more upstream reads. An upstream
      // answer that was all in stays complete when the total timeout cut only its side answers.
      if (!total_expired || !framing_.done()) upstream_ok_ = false;
      break;
    }
    loop_ = Loop::kRunning;
    next();
  }
}

awaitable<bool> Exchange::BodyRelay::end() {
  bool client_there = true;
  if (transform_) {
    client_there = co_await end_transformed();
  } else if (counter_) {
    client_there = co_await end_counted();
  } else if (!upstream_ok_) {
    x_.client_.close();  // a relayed body cut short cannot be ended honestly: close
    x_.client_gone_ = true;
    client_there = false;
  }
  co_return client_there;
}

awaitable<bool> Exchange::BodyRelay::end_transformed() {
  // Answers still out (stream_first, or an answer whose end came first) are in before the end.
  if (!transform_->stopped()) {
    const bool client_there = co_await answer_side_requests(true);
    if (!client_there) co_return false;
  }
  // A stopped or broken upstream stream still ends cleanly for the client.
  out_.clear();
  if (decoder_ && upstream_ok_ && framing_.done() && !decoder_->complete()) {
    upstream_ok_ = false;
    x_.fail(ErrorKind::kUpstreamBadResponse);
    x_.record_.upstream_body_error("content coding cut short");
  }
  transform_->finish(upstream_ok_ && framing_.done(), out_, x_.cut_short());
  x_.upstream_response_id_ = transform_->response_id();
  x_.keep_verdicts_if_answered();
  bool written = true;
  if (!out_.empty()) written = co_await x_.write_client(out_, chunked_);
  co_return written;
}

awaitable<bool> Exchange::BodyRelay::end_counted() {
  // As the transform does for its filters: an answer cut off before [DONE] gets an error
  // event, so that the client knows it is incomplete.
  const bool inside_block = counter_->finish();
  if ((upstream_ok_ && framing_.done()) || counter_->done_seen()) co_return true;
  out_.clear();
  if (inside_block) out_.append("\n\n");  // the partial block the client has ends first
  // In the API's own shape (chat: an `error` chunk; Responses: an `error` event).
  const openai::StreamCutShort why = x_.cut_short();
  const openai::MadeEvent error = openai::make_stream_adapter(x_.info_.kind)
                                      ->error_event(why.message, "server_error", why.code);
  sse::SseWriter::append_data(out_, error.data, error.type);
  const bool written = co_await x_.write_client(out_, chunked_);
  co_return written;
}

void Exchange::BodyRelay::next() {
  beast::flat_buffer& buffer = x_.upstream_buffer_;
  while (!framing_.done()) {
    const std::string_view buffered(static_cast<const char*>(buffer.data().data()), buffer.size());
    count_ = 0;
    used_ = 0;
    while (count_ < pieces_.size()) {
      const http1::BodyFraming::Step step = framing_.next(buffered.substr(used_));
      if (!step.body.empty()) pieces_[count_++] = step.body;
      if (step.used == 0) break;
      used_ += step.used;
    }
    if (count_ == 0 && !framing_.done() && !framing_.failed()) {
      // Nothing to forward: read more. Bytes of a line that is not complete yet stay buffered.
      buffer.consume(used_);
      read_upstream();
      return;
    }
    received_ = Clock::now();
    // The connection goes back to the pool before the last bytes reach the client, whose next
    // request may follow at once (on another thread, with a shared io_context). Only the
    // socket moves: the bytes still to write stay in this exchange's buffer.
    if (framing_.done()) x_.upstream_response_read(/*unsent_bytes=*/used_);
    if (framing_.failed()) {
      upstream_ok_ = false;
      if (framing_.error() == http1::BodyError::kCutShort) {
        x_.fail(x_.upstream_read_error(asio::error::eof));
      } else {
        x_.fail(ErrorKind::kUpstreamBadResponse);
        x_.record_.upstream_body_error(http1::describe(framing_.error()));
      }
      // Bytes found before the error still go out: the client gets all the upstream sent.
      if (count_ == 0 || x_.client_gone_) break;
    }
    counted_ = events_so_far();
    pass_ = 0;
    if (!write_passes()) return;  // a client write is pending: on_client_written goes on
    if (!end_round()) break;
  }
  end_loop();
}

void Exchange::BodyRelay::read_upstream() {
  if (x_.upstream_cut_ != UpstreamCut::kNone) {
    // The watchdog ended the upstream side while the client was being written to: the body
    // ends here, as the read it would have cancelled ends.
    on_upstream_read(asio::error::operation_aborted, 0);
    return;
  }
  beast::flat_buffer& buffer = x_.upstream_buffer_;
  // Like Beast's read_size: the free capacity, at least 512 bytes, so that an idle stream's
  // buffer stays the size of its events instead of a full read's worth.
  const std::size_t want =
      std::clamp<std::size_t>(buffer.capacity() - buffer.size(), 512, kUpstreamReadBytes);
  x_.watchdog_->upstream_wait_started();
  // A read that empties the socket tells the reactor so: the next read waits for bytes instead
  // of first trying a read that finds none.
  x_.upstream_->async_read_some_unbounded(
      DrainingReadBuffer(buffer.prepare(want)),
      [self = shared_from_this()](const beast::error_code& ec, std::size_t n) {
        self->on_upstream_read(ec, n);
      });
}

void Exchange::BodyRelay::on_upstream_read(const beast::error_code& ec, std::size_t n) {
  x_.watchdog_->upstream_wait_ended();
  x_.upstream_buffer_.commit(n);
  x_.ctx_.metrics.upstream_in_bytes.inc(n);
  if (ec && ec != asio::error::eof) {
    upstream_ok_ = false;
    x_.fail(x_.upstream_read_error(ec));
    end_loop();
    return;
  }
  // The body may be delimited by the close; if not, it is cut short.
  if (ec) framing_.end_of_input();
  next();
}

bool Exchange::BodyRelay::write_passes() {
  // What the client gets: the upstream's pieces as they are, or what the transform makes of
  // them in two passes: what may go before the filters see it (all of it when they only
  // report), then what checking adds. Each pass's events count as sent after its write.
  const int passes = transform_ ? 2 : 1;
  for (; pass_ < passes && client_ok_; ++pass_) {
    const std::span<const std::string_view> body(pieces_.data(), count_);
    std::span<const std::string_view> to_write = body;
    std::string_view transformed;
    if (transform_) {
      transform_pass(body);
      transformed = out_;
      to_write = {&transformed, transformed.empty() ? 0u : 1u};
    } else if (counter_) {
      for (std::string_view piece : body)
        counter_->feed(piece);
    }
    if (pass_ == passes - 1 && round_ends_answer()) x_.advance(ResponseProgress::kEnding);
    if (!to_write.empty()) {
      if (!x_.start_client_write(to_write, chunked_, write_)) {
        // The socket is full (or TLS): the rest goes asynchronously, bounded by the watchdog.
        x_.watchdog_->client_write_started();
        x_.client_.async_write_unbounded(
            write_.rest(), [self = shared_from_this()](const beast::error_code& ec, std::size_t n) {
              self->on_client_written(ec, n);
            });
        return false;
      }
      client_ok_ = x_.end_client_write(write_);
    }
    pass_written();
  }
  return true;
}

void Exchange::BodyRelay::transform_pass(std::span<const std::string_view> body) {
  out_.clear();
  if (pass_ == 1) {
    transform_->check(out_);
    x_.side_->start(x_.chain_);
    x_.upstream_response_id_ = transform_->response_id();
    x_.keep_verdicts_if_answered();
    return;
  }
  for (std::string_view piece : body) {
    if (!decoder_) {
      transform_->take(piece, out_);
    } else if (decode_piece(piece)) {
      transform_->take(decoded_, out_);
    } else {
      break;
    }
  }
}

bool Exchange::BodyRelay::round_ends_answer() const {
  if (!framing_.done() || !upstream_ok_) return false;
  // A transform ends the answer with its end event ([DONE], response.completed), or else in
  // finish(); answers still out may add to it.
  return !transform_ || (transform_->done_seen() && !transform_->waiting() &&
                         !transform_->stopped() && !x_.chain_.awaits_answers());
}

bool Exchange::BodyRelay::decode_piece(std::string_view piece) {
  decoded_.clear();
  const auto result = decoder_->decode(piece, decoded_, kMaxDecodedPerPiece);
  if (result == http1::ContentDecoder::Result::kOk) return true;
  // Bytes that do not decode never reach the client: the answer ends as a broken upstream's.
  upstream_ok_ = false;
  x_.fail(ErrorKind::kUpstreamBadResponse);
  x_.record_.upstream_body_error(http1::describe(result));
  return false;
}

void Exchange::BodyRelay::on_client_written(const beast::error_code& ec, std::size_t n) {
  x_.watchdog_->client_write_ended();
  write_.ec = ec;
  write_.written += n;
  client_ok_ = x_.end_client_write(write_);
  pass_written();
  ++pass_;
  if (!write_passes()) return;  // the next pass's write is pending too
  if (end_round()) {
    next();
  } else {
    end_loop();
  }
}

void Exchange::BodyRelay::pass_written() {
  if (!client_ok_ || !sse_) return;
  const double added = seconds_since(received_);
  for (const std::uint64_t now = events_so_far(); counted_ < now; ++counted_)
    x_.ctx_.metrics.added_latency.observe(added);
}

bool Exchange::BodyRelay::end_round() {
  x_.upstream_buffer_.consume(used_);
  if (!client_ok_) return false;
  if (transform_ && transform_->stopped()) {
    x_.fail(ErrorKind::kFilter);
    return false;
  }
  if (transform_ && transform_->counters().after_end > 0) {
    // The client has the answer's end, and the upstream goes on: nothing of it is sent, and
    // the upstream connection is not read further (nor pooled).
    x_.fail(ErrorKind::kUpstreamBadResponse);
    x_.record_.upstream_body_error("events after the answer's end");
    return false;
  }
  if (transform_ && transform_->waiting() && upstream_ok_) {
    loop_ = Loop::kAwaitsAnswers;  // run() waits for the side answers, then goes on
    return false;
  }
  return upstream_ok_;
}

awaitable<bool> Exchange::BodyRelay::answer_side_requests(bool until_none_out) {
  if (upstream_ok_ && framing_.done()) x_.side_answers_wait_started();
  while (!transform_->stopped() &&
         (transform_->waiting() || (until_none_out && x_.chain_.awaits_answers()))) {
    std::optional<SideAnswers> answers = co_await x_.side_->next(x_.chain_, x_.client_gone_);
    if (!answers) break;
    out_.clear();
    transform_->answer(answers->filter, std::move(answers->answers), out_);
    x_.keep_verdicts_if_answered();
    if (out_.empty()) continue;
    const bool written = co_await x_.write_client(out_, chunked_);
    if (!written) break;
  }
  x_.side_answers_wait_ended();
  co_return !x_.client_gone_;
}

void Exchange::BodyRelay::end_loop() {
  if (loop_ == Loop::kRunning) loop_ = Loop::kEnded;
  x_.handlers_done_->cancel();
}

}  // namespace groundgate::proxy::server
