// The response body relay: the upstream's body to the client as it arrives, unchanged or
// through the policy's filters.
//
// The loop runs on plain completion handlers, not in the coroutine: an upstream read, the
// client write when the socket does not take it all, each continues the loop from its handler.
// A coroutine suspension per event costs more than the rest of the loop (Asio's awaitable
// machinery: a frame per operation, type-erased executor copies, the resumption), and the loop
// needs none of what a coroutine gives. relay_body sets the loop up, waits for its end on the
// exchange's handlers_done_ timer, which the loop cancels, and ends the response.

#include "proxy/server/exchange.h"

#include <algorithm>
#include <array>
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

// The loop's state. It lives in relay_body's coroutine frame, which waits until the loop ends.
struct Exchange::BodyRelay {
  explicit BodyRelay(http1::BodyFraming f) : framing(f) {}

  std::uint64_t events_so_far() const {
    if (transform) return transform->counters().events;
    return counter ? counter->events() : 0;
  }

  http1::BodyFraming framing;
  // Without filters the upstream's events are only counted (for the latency histogram, and
  // [DONE] for the end), which copies and allocates nothing per event.
  std::optional<sse::SseTransform> transform;
  std::optional<sse::SseEventCounter> counter;
  // A coded body (gzip, deflate) is decoded before the transform sees it.
  std::optional<http1::ContentDecoder> decoder;
  std::string decoded;
  bool sse = false;
  bool upstream_ok = true;
  bool client_ok = true;
  bool running = true;   // a read or a write of the loop is pending
  bool waiting = false;  // the loop ended because the transform waits for side answers

  // The round in progress: the body pieces found in the buffered bytes (as many as one write
  // takes), the bytes they used, and the write pass (transform: 0 = take, 1 = check).
  std::array<std::string_view, ClientWrite::kMaxPieces> pieces;
  std::size_t count = 0;
  std::size_t used = 0;
  int pass = 0;
  Clock::time_point received;
  std::uint64_t counted = 0;  // events observed in the latency histogram
  std::string out;            // the transform's bytes for this pass
  ClientWrite write;
};

awaitable<void> Exchange::relay_body(http1::ResponseParser& upstream_response, RelayPlan plan) {
  const bool decode = plan.sse && !chain_.empty() && plan.coding != http1::ContentCoding::kIdentity;
  const std::string header = relayed_header(upstream_response, plan, decode);
  const bool header_written = co_await write_client(header, /*as_chunk=*/false);
  response_started_ = true;
  if (!header_written) co_return;

  // The body is found in the upstream's bytes where they were read (no copy): a pass-through
  // response writes them as they are; a policy's filters rewrite them through the transform.
  BodyRelay r(body_framing(upstream_response));
  r.sse = plan.sse;
  auto& in_flight = ctx_.metrics.sse_streams_in_flight;
  if (plan.sse) {
    if (chain_.empty()) {
      r.counter.emplace(config_.limits.max_sse_event);
    } else {
      r.transform.emplace(&chain_, config_.limits.max_sse_event, annotation_placement(),
                          openai::make_stream_adapter(info_.kind));
    }
    if (decode) r.decoder.emplace(plan.coding);
    in_flight.inc();
  }
  co_await run_relay(r);
  if (plan.sse) in_flight.dec();
  if (client_gone_) co_return;
  const bool ended = co_await end_relayed_body(r);
  if (!ended) co_return;
  if (response_chunked_) {
    final_write_started_ = true;
    if (!co_await write_client({}, true)) co_return;  // the last chunk
  }
  response_complete_ = true;
}

std::string Exchange::relayed_header(const http1::ResponseParser& upstream_response,
                                     const RelayPlan& plan, bool decode) {
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
  response_chunked_ = false;
  if (!plan.sse && length.has_value()) {
    append_field("Content-Length", std::to_string(*length), header);
  } else if (!upstream_response.is_done()) {
    // An HTTP/1.0 client knows no chunks (RFC 9112 section 6.1): the close ends its body.
    if (request_.version() >= 11) {
      append_field("Transfer-Encoding", "chunked", header);
      response_chunked_ = true;
    } else {
      keep_alive_ = false;
    }
  }
  if (!may_keep_connection()) append_field("Connection", "close", header);
  end_header(header);
  return header;
}

awaitable<void> Exchange::run_relay(BodyRelay& r) {
  relay_next(r);
  // No handler runs before this coroutine suspends, so the loop cannot end unseen between the
  // check and the wait. The timer is shared with the side tasks: their end wakes this too.
  // A loop that ended because the transform waits for side answers goes on once they are in.
  while (true) {
    while (r.running)
      co_await handlers_done_->async_wait(kUseTuple);
    if (!r.waiting || client_gone_) break;
    r.waiting = false;
    if (!co_await answer_side_requests(r, false)) break;  // the client left
    if (r.transform->stopped()) {
      fail(ErrorKind::kFilter);
      break;
    }
    if (total_expired_ || ctx_.drain_expired.load(std::memory_order_relaxed)) {
      // The watchdog ended the exchange while it waited: no more upstream reads. An upstream
      // answer that was all in stays complete when the total timeout cut only its side answers.
      if (!total_expired_ || !r.framing.done()) r.upstream_ok = false;
      break;
    }
    r.running = true;
    relay_next(r);
  }
}

awaitable<bool> Exchange::end_relayed_body(BodyRelay& r) {
  bool client_there = true;
  if (r.transform) {
    client_there = co_await end_transformed_body(r);
  } else if (r.counter) {
    client_there = co_await end_counted_body(r);
  } else if (!r.upstream_ok) {
    client_.close();  // a relayed body cut short cannot be ended honestly: close
    client_gone_ = true;
    client_there = false;
  }
  co_return client_there;
}

awaitable<bool> Exchange::end_transformed_body(BodyRelay& r) {
  // Answers still out (stream_first, or an answer whose end came first) are in before the end.
  if (!r.transform->stopped()) {
    const bool client_there = co_await answer_side_requests(r, true);
    if (!client_there) co_return false;
  }
  // A stopped or broken upstream stream still ends cleanly for the client.
  r.out.clear();
  if (r.decoder && r.upstream_ok && r.framing.done() && !r.decoder->complete()) {
    r.upstream_ok = false;
    fail(ErrorKind::kUpstreamBadResponse);
    record_.extra.emplace_back("upstream_body_error", "content coding cut short");
  }
  r.transform->finish(r.upstream_ok && r.framing.done(), r.out, cut_short());
  upstream_response_id_ = r.transform->response_id();
  keep_verdicts_if_answered();
  bool written = true;
  if (!r.out.empty()) written = co_await write_client(r.out, response_chunked_);
  co_return written;
}

awaitable<bool> Exchange::end_counted_body(BodyRelay& r) {
  // As the transform does for its filters: an answer cut off before [DONE] gets an error
  // event, so that the client knows it is incomplete.
  const bool inside_block = r.counter->finish();
  if ((r.upstream_ok && r.framing.done()) || r.counter->done_seen()) co_return true;
  r.out.clear();
  if (inside_block) r.out.append("\n\n");  // the partial block the client has ends first
  // In the API's own shape (chat: an `error` chunk; Responses: an `error` event).
  const openai::StreamCutShort why = cut_short();
  const openai::MadeEvent error =
      openai::make_stream_adapter(info_.kind)->error_event(why.message, "server_error", why.code);
  sse::SseWriter::append_data(r.out, error.data, error.type);
  const bool written = co_await write_client(r.out, response_chunked_);
  co_return written;
}

openai::StreamCutShort Exchange::cut_short() const {
  return error_ == ErrorKind::kShutdown ? openai::kShuttingDown : openai::kUpstreamDisconnected;
}

void Exchange::relay_next(BodyRelay& r) {
  while (!r.framing.done()) {
    const std::string_view buffered(static_cast<const char*>(upstream_buffer_.data().data()),
                                    upstream_buffer_.size());
    r.count = 0;
    r.used = 0;
    while (r.count < r.pieces.size()) {
      const http1::BodyFraming::Step step = r.framing.next(buffered.substr(r.used));
      if (!step.body.empty()) r.pieces[r.count++] = step.body;
      if (step.used == 0) break;
      r.used += step.used;
    }
    if (r.count == 0 && !r.framing.done() && !r.framing.failed()) {
      // Nothing to forward: read more. Bytes of a line that is not complete yet stay buffered.
      upstream_buffer_.consume(r.used);
      read_upstream(r);
      return;
    }
    r.received = Clock::now();
    // The connection goes back to the pool before the last bytes reach the client, whose next
    // request may follow at once (on another thread, with a shared io_context). Only the
    // socket moves: the bytes still to write stay in this exchange's buffer.
    if (r.framing.done()) upstream_response_read(/*unsent_bytes=*/r.used);
    if (r.framing.failed()) {
      r.upstream_ok = false;
      if (r.framing.error() == http1::BodyError::kCutShort) {
        fail(upstream_read_error(asio::error::eof));
      } else {
        fail(ErrorKind::kUpstreamBadResponse);
        record_.extra.emplace_back("upstream_body_error", http1::describe(r.framing.error()));
      }
      // Bytes found before the error still go out: the client gets all the upstream sent.
      if (r.count == 0 || client_gone_) break;
    }
    r.counted = r.events_so_far();
    r.pass = 0;
    if (!write_passes(r)) return;  // a client write is pending: on_client_written goes on
    if (!end_round(r)) break;
  }
  end_relay(r);
}

void Exchange::read_upstream(BodyRelay& r) {
  if (upstream_cut_) {
    // The watchdog ended the upstream side while the client was being written to: the body
    // ends here, as the read it would have cancelled ends.
    on_upstream_read(r, asio::error::operation_aborted, 0);
    return;
  }
  // Like Beast's read_size: the free capacity, at least 512 bytes, so that an idle stream's
  // buffer stays the size of its events instead of a full read's worth.
  const std::size_t want = std::clamp<std::size_t>(
      upstream_buffer_.capacity() - upstream_buffer_.size(), 512, kUpstreamReadBytes);
  upstream_wait_since_ = Clock::now();
  // A read that empties the socket tells the reactor so: the next read waits for bytes instead
  // of first trying a read that finds none.
  upstream_->async_read_some_unbounded(
      DrainingReadBuffer(upstream_buffer_.prepare(want)),
      [this, &r](const beast::error_code& ec, std::size_t n) { on_upstream_read(r, ec, n); });
}

void Exchange::on_upstream_read(BodyRelay& r, const beast::error_code& ec, std::size_t n) {
  upstream_wait_since_ = kNotWaiting;
  upstream_buffer_.commit(n);
  ctx_.metrics.upstream_in_bytes.inc(n);
  if (ec && ec != asio::error::eof) {
    r.upstream_ok = false;
    fail(upstream_read_error(ec));
    end_relay(r);
    return;
  }
  // The body may be delimited by the close; if not, it is cut short.
  if (ec) r.framing.end_of_input();
  relay_next(r);
}

bool Exchange::write_passes(BodyRelay& r) {
  // What the client gets: the upstream's pieces as they are, or what the transform makes of
  // them in two passes: what may go before the filters see it (all of it when they only
  // report), then what checking adds. Each pass's events count as sent after its write.
  const int passes = r.transform ? 2 : 1;
  for (; r.pass < passes && r.client_ok; ++r.pass) {
    const std::span<const std::string_view> body(r.pieces.data(), r.count);
    std::span<const std::string_view> to_write = body;
    std::string_view transformed;
    if (r.transform) {
      r.out.clear();
      if (r.pass == 0) {
        for (std::string_view piece : body) {
          if (!r.decoder) {
            r.transform->take(piece, r.out);
          } else if (decode_piece(r, piece)) {
            r.transform->take(r.decoded, r.out);
          } else {
            break;
          }
        }
      } else {
        r.transform->check(r.out);
        start_side_requests();
        upstream_response_id_ = r.transform->response_id();
        keep_verdicts_if_answered();
      }
      transformed = r.out;
      to_write = {&transformed, transformed.empty() ? 0u : 1u};
    } else if (r.counter) {
      for (std::string_view piece : body)
        r.counter->feed(piece);
    }
    if (r.pass == passes - 1 && round_ends_answer(r)) final_write_started_ = true;
    if (!to_write.empty()) {
      if (!start_client_write(to_write, response_chunked_, r.write)) {
        // The socket is full (or TLS): the rest goes asynchronously, bounded by the watchdog.
        client_write_since_ = Clock::now();
        client_.async_write_unbounded(r.write.rest(),
                                      [this, &r](const beast::error_code& ec, std::size_t n) {
                                        on_client_written(r, ec, n);
                                      });
        return false;
      }
      r.client_ok = end_client_write(r.write);
    }
    pass_written(r);
  }
  return true;
}

bool Exchange::round_ends_answer(const BodyRelay& r) const {
  if (!r.framing.done() || !r.upstream_ok) return false;
  // A transform ends the answer with its end event ([DONE], response.completed), or else in
  // finish(); answers still out may add to it.
  return !r.transform || (r.transform->done_seen() && !r.transform->waiting() &&
                          !r.transform->stopped() && !chain_.awaits_answers());
}

bool Exchange::decode_piece(BodyRelay& r, std::string_view piece) {
  r.decoded.clear();
  const auto result = r.decoder->decode(piece, r.decoded, kMaxDecodedPerPiece);
  if (result == http1::ContentDecoder::Result::kOk) return true;
  // Bytes that do not decode never reach the client: the answer ends as a broken upstream's.
  r.upstream_ok = false;
  fail(ErrorKind::kUpstreamBadResponse);
  record_.extra.emplace_back("upstream_body_error", std::string(http1::describe(result)));
  return false;
}

void Exchange::on_client_written(BodyRelay& r, const beast::error_code& ec, std::size_t n) {
  client_write_since_ = kNotWaiting;
  r.write.ec = ec;
  r.write.written += n;
  r.client_ok = end_client_write(r.write);
  pass_written(r);
  ++r.pass;
  if (!write_passes(r)) return;  // the next pass's write is pending too
  if (end_round(r)) {
    relay_next(r);
  } else {
    end_relay(r);
  }
}

void Exchange::pass_written(BodyRelay& r) {
  if (!r.client_ok || !r.sse) return;
  const double added = seconds_since(r.received);
  for (const std::uint64_t now = r.events_so_far(); r.counted < now; ++r.counted)
    ctx_.metrics.added_latency.observe(added);
}

bool Exchange::end_round(BodyRelay& r) {
  upstream_buffer_.consume(r.used);
  if (!r.client_ok) return false;
  if (r.transform && r.transform->stopped()) {
    fail(ErrorKind::kFilter);
    return false;
  }
  if (r.transform && r.transform->counters().after_end > 0) {
    // The client has the answer's end, and the upstream goes on: nothing of it is sent, and
    // the upstream connection is not read further (nor pooled).
    fail(ErrorKind::kUpstreamBadResponse);
    record_.extra.emplace_back("upstream_body_error", "events after the answer's end");
    return false;
  }
  if (r.transform && r.transform->waiting() && r.upstream_ok) {
    r.waiting = true;  // relay_body waits for the side answers, then goes on
    return false;
  }
  return r.upstream_ok;
}

awaitable<bool> Exchange::answer_side_requests(BodyRelay& r, bool until_none_out) {
  only_side_answers_awaited_ = r.upstream_ok && r.framing.done();
  while (!r.transform->stopped() &&
         (r.transform->waiting() || (until_none_out && chain_.awaits_answers()))) {
    std::optional<SideAnswers> answers = co_await next_side_answers();
    if (!answers) break;
    r.out.clear();
    r.transform->answer(answers->filter, std::move(answers->answers), r.out);
    keep_verdicts_if_answered();
    if (!r.out.empty() && !co_await write_client(r.out, response_chunked_)) break;
  }
  only_side_answers_awaited_ = false;
  co_return !client_gone_;
}

void Exchange::end_relay(BodyRelay& r) {
  r.running = false;
  handlers_done_->cancel();
}

}  // namespace groundgate::proxy::server
