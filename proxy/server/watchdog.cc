#include "proxy/server/watchdog.h"

#include <algorithm>

namespace groundgate::proxy::server {
namespace {

// How long an upstream read may wait before the watchdog looks for a reset it would miss.
constexpr Watchdog::Clock::duration kResetCheckAfter = std::chrono::seconds(1);
// The watchdogs wake on a grid of the steady clock, so that a thread's exchanges wake together a
// few times a second instead of each on its own (one thread wakeup and timerfd re-arm per
// exchange per second at 1000 streams). A timeout fires up to this much late.
constexpr Watchdog::Clock::duration kWatchdogGrid = std::chrono::milliseconds(250);

Watchdog::Clock::time_point on_grid(Watchdog::Clock::time_point t) {
  if (t > Watchdog::Clock::time_point::max() - kWatchdogGrid) return t;  // no deadline
  const auto late = t.time_since_epoch() % kWatchdogGrid;
  return late == Watchdog::Clock::duration::zero() ? t : t + (kWatchdogGrid - late);
}

}  // namespace

void Watchdog::check() {
  const auto now = Clock::now();
  // An expiry of the upstream side ends that side, not the watchdog: the answer may still be
  // going to the client (all of it, when only side answers were cut; else the end the cut
  // leaves), and that write stays bounded like any other.
  const UpstreamCut expired =
      cut_ == UpstreamCut::kNone ? upstream_expiry(now) : UpstreamCut::kNone;
  if (expired != UpstreamCut::kNone) {
    cut_ = expired;
    owner_.upstream_cut(expired);
  } else if (client_write_since_ != kNotWaiting &&
             now - client_write_since_ >= limits_.client_idle) {
    // A client that stopped reading: its write never ends, so the exchange ends here.
    stop();
    owner_.client_stalled();
    return;
  }
  if (link_->watchdog == nullptr) return;  // the owner stopped it from upstream_cut()
  timer_.expires_at(on_grid(next_wake(now)));
  timer_.async_wait([link = link_](const boost::system::error_code&) {
    if (link->watchdog != nullptr) link->watchdog->check();
  });
}

UpstreamCut Watchdog::upstream_expiry(Clock::time_point now) const {
  if (owner_.shutdown_expired()) return UpstreamCut::kShutdown;
  if (now >= limits_.total_deadline) return UpstreamCut::kTotalDeadline;
  if (upstream_wait_since_ == kNotWaiting) return UpstreamCut::kNone;
  if (now - upstream_wait_since_ >= upstream_wait_limit_) return UpstreamCut::kWaitTimeout;
  // The upstream reset the connection right after its last bytes, so the read that took them
  // saw no bytes queued and the reset raised no event of its own: the relay's read waits for
  // bytes that never come (draining_read_buffer.h). Ended as the read would have ended had it
  // seen the reset.
  if (now - upstream_wait_since_ >= kResetCheckAfter && owner_.upstream_reset_pending()) {
    return UpstreamCut::kReset;
  }
  return UpstreamCut::kNone;
}

Watchdog::Clock::time_point Watchdog::next_wake(Clock::time_point now) const {
  const Clock::time_point client_expiry =
      (client_write_since_ != kNotWaiting ? client_write_since_ : now) + limits_.client_idle;
  if (cut_ != UpstreamCut::kNone) return client_expiry;
  const bool waiting = upstream_wait_since_ != kNotWaiting;
  const Clock::time_point upstream_expiry =
      waiting ? upstream_wait_since_ + upstream_wait_limit_ : now + limits_.upstream_floor;
  const Clock::time_point reset_check = (waiting ? upstream_wait_since_ : now) + kResetCheckAfter;
  return std::min({client_expiry, limits_.total_deadline, upstream_expiry, reset_check});
}

}  // namespace groundgate::proxy::server
