#include "proxy/server/exchange.h"

#include <sys/socket.h>

#include <algorithm>
#include <cerrno>

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
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

void Exchange::start_side_tasks() {
  side_tasks_running_ = true;
  side_tasks_left_ = 2;
  read_client();
  check_timeouts();
}

void Exchange::side_task_ended() {
  if (--side_tasks_left_ == 0) handlers_done_->cancel();
}

void Exchange::read_client() {
  // Reads while the response streams: EOF or an error means the client left, and the upstream
  // request is cancelled at once; once the answer's end is being written, the client may have
  // had all of it, and the write decides instead (final_write_started_). Bytes that arrive are
  // a pipelined next request: kept, up to kReadAheadBytes; then the watcher stops reading (the
  // next request waits in the socket).
  if (!side_tasks_running_ || client_buffer_.size() >= kReadAheadBytes) {
    side_task_ended();
    return;
  }
  client_.async_read_some_unbounded(client_buffer_.prepare(4096),
                                    [this](const beast::error_code& ec, std::size_t n) {
                                      client_buffer_.commit(n);
                                      if (!ec) {
                                        read_client();
                                        return;
                                      }
                                      if (side_tasks_running_ && !final_write_started_) {
                                        client_gone_ = true;
                                        fail(ErrorKind::kClientDisconnect);
                                        cancel_upstream();
                                      }
                                      side_task_ended();
                                    });
}

void Exchange::check_timeouts() {
  if (!side_tasks_running_) {
    side_task_ended();
    return;
  }
  const Clock::duration client_limit = config_.limits.client_idle_timeout;
  const auto now = Clock::now();
  // An expiry of the upstream side ends that side, not the watchdog: the answer may still be
  // going to the client (all of it, when only side answers were cut; else the end the cut
  // leaves), and that write stays bounded like any other.
  if (!upstream_cut_ && upstream_side_expired(now)) {
    upstream_cut_ = true;
    cancel_upstream();
  } else if (client_write_since_ != kNotWaiting && now - client_write_since_ >= client_limit) {
    // A client that stopped reading: its write never ends, so the exchange ends here.
    client_gone_ = true;
    fail(ErrorKind::kClientDisconnect);
    client_.close();
    cancel_upstream();
    side_task_ended();
    return;
  }
  // A wait that starts after this point cannot expire before `now + its limit`, so the
  // timer needs no re-arming when waits start and end.
  auto client_expiry =
      (client_write_since_ != kNotWaiting ? client_write_since_ : now) + client_limit;
  Clock::time_point next = client_expiry;
  if (!upstream_cut_) {
    // The shortest limit an upstream wait that starts later can have.
    const Clock::duration upstream_floor =
        std::min<Clock::duration>(upstream_config_->header_timeout, upstream_config_->idle_timeout);
    auto upstream_expiry = upstream_wait_since_ != kNotWaiting
                               ? upstream_wait_since_ + upstream_wait_limit_
                               : now + upstream_floor;
    auto reset_check =
        (upstream_wait_since_ != kNotWaiting ? upstream_wait_since_ : now) + kResetCheckAfter;
    next = std::min({next, total_deadline_at_, upstream_expiry, reset_check});
  }
  watchdog_timer_->expires_at(on_grid(next));
  watchdog_timer_->async_wait([this](const beast::error_code&) { check_timeouts(); });
}

bool Exchange::upstream_side_expired(Clock::time_point now) {
  if (ctx_.drain_expired.load(std::memory_order_relaxed)) {
    fail(ErrorKind::kShutdown);
    return true;
  }
  if (now >= total_deadline_at_) {
    total_expired_ = true;
    if (only_side_answers_awaited_) {
      // The side requests end now (cancelled), the filters decide without them (an incomplete
      // check) and the answer goes: the log says what was missing, not an upstream timeout.
      record_.extra.emplace_back("side_answers_missing", "total_timeout");
    } else {
      fail(ErrorKind::kUpstreamTimeout);
    }
    return true;
  }
  if (upstream_wait_since_ != kNotWaiting && now - upstream_wait_since_ >= upstream_wait_limit_) {
    upstream_timed_out_ = true;
    fail(ErrorKind::kUpstreamTimeout);
    return true;
  }
  // The upstream reset the connection right after its last bytes, so the read that took them
  // saw no bytes queued and the reset raised no event of its own: the relay's read waits for
  // bytes that never come (draining_read_buffer.h). Ended as the read would have ended had it
  // seen the reset.
  return upstream_wait_since_ != kNotWaiting && now - upstream_wait_since_ >= kResetCheckAfter &&
         upstream_ && !upstream_->is_tls() && reset_pending(*upstream_);
}

void Exchange::stop_side_tasks() {
  side_tasks_running_ = false;
  if (!client_gone_) client_.tcp().cancel();
  watchdog_timer_->cancel();
}

void Exchange::cancel_upstream() {
  beast::error_code ignored;
  if (upstream_) upstream_->tcp().socket().cancel(ignored);
  if (side_) side_->cancel();  // and the side requests, whose answers nobody will read
}

}  // namespace groundgate::proxy::server
