#include "proxy/server/exchange.h"

#include <sys/socket.h>

#include <algorithm>
#include <cerrno>

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

namespace {

// Bytes of pipelined requests read ahead while a response streams; beyond this, stop reading.
constexpr std::size_t kReadAheadBytes = 64 * 1024;
// How long an upstream read may wait before the watchdog looks for a reset it would miss.
constexpr Exchange::Clock::duration kResetCheckAfter = std::chrono::seconds(1);
// The watchdogs wake on a grid of the steady clock, so that a thread's exchanges wake together a
// few times a second instead of each on its own (one thread wakeup and timerfd re-arm per
// exchange per second at 1000 streams). A timeout fires up to this much late.
constexpr Exchange::Clock::duration kWatchdogGrid = std::chrono::milliseconds(250);

Exchange::Clock::time_point on_grid(Exchange::Clock::time_point t) {
  if (t > Exchange::Clock::time_point::max() - kWatchdogGrid) return t;  // no deadline
  const auto late = t.time_since_epoch() % kWatchdogGrid;
  return late == Exchange::Clock::duration::zero() ? t : t + (kWatchdogGrid - late);
}

// A reset (or another error) pending on a plain TCP socket, seen without reading its bytes.
bool reset_pending(AnyStream& stream) {
  char byte;
  const ssize_t n =
      ::recv(stream.tcp().socket().native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  return n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
}

}  // namespace

awaitable<void> Exchange::watch_client() {
  // Reads while the response streams: EOF or an error means the client left, and the upstream
  // request is cancelled at once. Bytes that arrive are a pipelined next request: kept.
  while (side_tasks_running_) {
    if (client_buffer_.size() >= kReadAheadBytes) {  // stop_side_tasks() cancels the wait
      co_await park_timer_->async_wait(kUseTuple);
      continue;
    }
    auto [ec, n] = co_await client_.async_read_some(client_buffer_.prepare(4096), kUseTuple);
    client_buffer_.commit(n);
    if (!ec) continue;
    if (side_tasks_running_) {
      client_gone_ = true;
      fail(ErrorKind::kClientDisconnect);
      cancel_upstream();
    }
    break;
  }
}

awaitable<void> Exchange::watchdog() {
  const Clock::duration client_limit = config_.limits.client_idle_timeout;
  // The shortest limit an upstream wait that starts later can have.
  const Clock::duration upstream_floor =
      std::min<Clock::duration>(upstream_config_->header_timeout, upstream_config_->idle_timeout);
  while (side_tasks_running_) {
    auto now = Clock::now();
    if (now >= total_deadline_at_) {
      total_expired_ = true;
      fail(ErrorKind::kUpstreamTimeout);
      cancel_upstream();
      co_return;
    }
    if (upstream_wait_since_ != kNotWaiting && now - upstream_wait_since_ >= upstream_wait_limit_) {
      upstream_timed_out_ = true;
      fail(ErrorKind::kUpstreamTimeout);
      cancel_upstream();
      co_return;
    }
    if (upstream_wait_since_ != kNotWaiting && now - upstream_wait_since_ >= kResetCheckAfter &&
        upstream_ && !upstream_->is_tls() && reset_pending(*upstream_)) {
      // The upstream reset the connection right after its last bytes, so the read that took
      // them saw no bytes queued and the reset raised no event of its own: the relay's read
      // waits for bytes that never come (draining_read_buffer.h). Ended as the read would
      // have ended had it seen the reset.
      cancel_upstream();
      co_return;
    }
    if (client_write_since_ != kNotWaiting && now - client_write_since_ >= client_limit) {
      // A client that stopped reading: its write never ends, so the exchange ends here.
      client_gone_ = true;
      fail(ErrorKind::kClientDisconnect);
      client_.close();
      cancel_upstream();
      co_return;
    }
    // A wait that starts after this point cannot expire before `now + its limit`, so the
    // timer needs no re-arming when waits start and end.
    auto upstream_expiry = upstream_wait_since_ != kNotWaiting
                               ? upstream_wait_since_ + upstream_wait_limit_
                               : now + upstream_floor;
    auto client_expiry =
        (client_write_since_ != kNotWaiting ? client_write_since_ : now) + client_limit;
    auto reset_check =
        (upstream_wait_since_ != kNotWaiting ? upstream_wait_since_ : now) + kResetCheckAfter;
    watchdog_timer_->expires_at(
        on_grid(std::min({total_deadline_at_, upstream_expiry, client_expiry, reset_check})));
    co_await watchdog_timer_->async_wait(kUseTuple);
  }
}

void Exchange::stop_side_tasks() {
  side_tasks_running_ = false;
  if (!client_gone_) client_.tcp().cancel();
  park_timer_->cancel();
  watchdog_timer_->cancel();
}

void Exchange::cancel_upstream() {
  beast::error_code ignored;
  if (upstream_) upstream_->tcp().socket().cancel(ignored);
}

}  // namespace groundgate::proxy::server
