// What an answer's body is, whatever its media type says: clients read it by what they asked
// for and by what it is (the Vercel AI SDK parses a body as JSON whatever its type; the OpenAI
// SDKs read a stream they asked for as events whatever its type), so the guard reads it the
// same way, never relaying it unread.

#include "proxy/server/exchange.h"

#include <algorithm>

#include <boost/beast/http/string_body.hpp>

#include "proxy/http1/media_type.h"
#include "proxy/server/draining_read_buffer.h"
#include "proxy/server/forwarding.h"
#include "proxy/sse/sse_transform.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

namespace {

// The most of a body read to tell what it is: past it, it is taken for what its type says.
constexpr std::size_t kMaxPeekBytes = 64u << 10;

}  // namespace

http1::BodyFraming Exchange::body_framing(const http1::ResponseParser& response) const {
  if (response.is_done()) return http1::BodyFraming::sized(0);
  if (response.chunked()) return http1::BodyFraming::chunked(config_.limits.max_header_bytes);
  if (const boost::optional<std::uint64_t> length = response.content_length()) {
    return http1::BodyFraming::sized(*length);
  }
  return http1::BodyFraming::until_close();
}

awaitable<http1::BodyType> Exchange::peek_body_type(const http1::ResponseParser& response,
                                                    http1::ContentCoding coding) {
  while (true) {
    // The body's first bytes as a client reads them, from what is buffered; nothing is taken:
    // the relay reads the body from its start.
    const std::string_view buffered(static_cast<const char*>(upstream_buffer_.data().data()),
                                    upstream_buffer_.size());
    http1::BodyFraming framing = body_framing(response);
    std::optional<http1::ContentDecoder> decoder;
    if (coding != http1::ContentCoding::kIdentity) decoder.emplace(coding);
    std::string start;
    for (std::size_t used = 0; start.size() < kMaxPeekBytes;) {
      const http1::BodyFraming::Step step = framing.next(buffered.substr(used));
      if (!decoder) {
        start.append(step.body.substr(0, kMaxPeekBytes - start.size()));
      } else if (!step.body.empty() &&
                 decoder->decode(step.body, start, kMaxPeekBytes - start.size()) ==
                     http1::ContentDecoder::Result::kCorrupt) {
        co_return http1::BodyType::kMissing;  // the relay finds the fault and says so
      }
      if (step.used == 0) break;
      used += step.used;
    }
    const http1::BodyType type = http1::sniffed_body_type(start);
    if (type != http1::BodyType::kMissing || framing.done() || framing.failed() ||
        start.size() >= kMaxPeekBytes || buffered.size() >= kMaxPeekBytes) {
      co_return type;
    }
    const std::size_t want = std::clamp<std::size_t>(
        upstream_buffer_.capacity() - upstream_buffer_.size(), 512, kMaxPeekBytes);
    watchdog_->upstream_wait_started();
    auto [ec, n] = co_await upstream_->async_read_some_unbounded(
        DrainingReadBuffer(upstream_buffer_.prepare(want)), kUseTuple);
    watchdog_->upstream_wait_ended();
    upstream_buffer_.commit(n);
    ctx_.metrics.upstream_in_bytes.inc(n);
    if (ec) co_return http1::BodyType::kMissing;  // the relay reads the end and says what it was
  }
}

awaitable<void> Exchange::event_stream_body(const http1::ResponseParser& upstream_response,
                                            std::string body, bool coded) {
  const Clock::time_point guard_start = Clock::now();
  sse::SseTransform transform(&chain_, config_.limits.max_sse_event, annotation_placement(),
                              openai::make_stream_adapter(info_.kind));
  std::string out;
  (void)transform.feed(body, out);  // an event over the bound ends the answer in check()
  // The whole answer waits anyway: the filters' side requests are answered before it goes.
  side_answers_wait_started();
  while (!transform.stopped() && (transform.waiting() || chain_.awaits_answers())) {
    std::optional<SideAnswers> answers = co_await side_->next(chain_, client_gone_);
    if (!answers) break;
    transform.answer(answers->filter, std::move(answers->answers), out);
  }
  side_answers_wait_ended();
  if (client_gone_) co_return;
  transform.finish(/*upstream_complete=*/true, out);
  if (transform.stopped()) fail(ErrorKind::kFilter);
  http::response<http::string_body> response{static_cast<http::status>(status_), 11};
  copy_end_to_end_headers(upstream_response.fields(), response, /*drop_accept_encoding=*/false);
  if (coded) response.erase(http::field::content_encoding);
  response.body() = std::move(out);
  set_guard_headers(response, Clock::now() - guard_start);
  co_await write_json_response(response);
}

}  // namespace groundgate::proxy::server
