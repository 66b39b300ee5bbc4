// The side tasks beside the response once the request is sent: the client watcher and the
// watchdog (watchdog.h), each a chain of completion handlers on the exchange's executor. The
// response side stops them when it ends; the exchange waits for the watcher's last read
// (client_watch_), whose bytes go into the connection's buffer. The watchdog's pending wake
// needs no wait: once stopped, it reaches neither the watchdog nor the exchange.

#include <sys/socket.h>

#include <cerrno>

#include "proxy/server/exchange.h"

namespace groundgate::proxy::server {
namespace beast = boost::beast;
using observability::ErrorKind;

namespace {

// Bytes of pipelined requests read ahead while a response streams; beyond this, stop reading.
constexpr std::size_t kReadAheadBytes = 64 * 1024;

// A reset (or another error) pending on a plain TCP socket, seen without reading its bytes.
bool reset_pending(AnyStream& stream) {
  char byte;
  const ssize_t n =
      ::recv(stream.tcp().socket().native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  return n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
}

}  // namespace

void Exchange::start_side_tasks() {
  client_watch_ = ClientWatch::kReading;
  read_client();
  watchdog_->start();
}

void Exchange::client_watch_ended() {
  client_watch_ = ClientWatch::kIdle;
  handlers_done_->cancel();
}

void Exchange::read_client() {
  // Reads while the response streams: EOF or an error means the client left, and the upstream
  // request is cancelled at once; once the answer's end is being written, the client may have
  // had all of it, and the write decides instead (ResponseProgress::kEnding). Bytes that arrive
  // are a pipelined next request: kept, up to kReadAheadBytes; then the watcher stops reading
  // (the next request waits in the socket).
  if (client_watch_ != ClientWatch::kReading || client_buffer_.size() >= kReadAheadBytes) {
    client_watch_ended();
    return;
  }
  client_.async_read_some_unbounded(
      client_buffer_.prepare(4096), [this](const beast::error_code& ec, std::size_t n) {
        client_buffer_.commit(n);
        if (!ec) {
          read_client();
          return;
        }
        if (client_watch_ == ClientWatch::kReading && response_ < ResponseProgress::kEnding) {
          client_gone_ = true;
          fail(ErrorKind::kClientDisconnect);
          cancel_upstream();
        }
        client_watch_ended();
      });
}

bool Exchange::shutdown_expired() const {
  return ctx_.drain_expired.load(std::memory_order_relaxed);
}

bool Exchange::upstream_reset_pending() const {
  return upstream_ && !upstream_->is_tls() && reset_pending(*upstream_);
}

void Exchange::upstream_cut(UpstreamCut why) {
  upstream_cut_ = why;
  if (why == UpstreamCut::kShutdown) {
    fail(ErrorKind::kShutdown);
  } else if (why == UpstreamCut::kTotalDeadline &&
             upstream_answer_ == UpstreamAnswer::kSideAnswersAwaited) {
    // The side requests end now (cancelled), the filters decide without them (an incomplete
    // check) and the answer goes: the log says what was missing, not an upstream timeout.
    record_.side_answers_missing("total_timeout");
  } else if (why == UpstreamCut::kTotalDeadline || why == UpstreamCut::kWaitTimeout) {
    fail(ErrorKind::kUpstreamTimeout);
  }
  cancel_upstream();
}

void Exchange::client_stalled() {
  // A client that stopped reading: its write never ends, so the exchange ends here.
  client_gone_ = true;
  fail(ErrorKind::kClientDisconnect);
  client_.close();
  cancel_upstream();
}

void Exchange::stop_side_tasks() {
  if (client_watch_ == ClientWatch::kReading) client_watch_ = ClientWatch::kStopping;
  if (!client_gone_) client_.tcp().cancel();
  watchdog_->stop();
}

void Exchange::cancel_upstream() {
  beast::error_code ignored;
  if (upstream_) upstream_->tcp().socket().cancel(ignored);
  if (side_) side_->cancel();  // and the side requests, whose answers nobody will read
}

}  // namespace groundgate::proxy::server
