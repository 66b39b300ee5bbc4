#pragma once
// An exchange's timeouts once its request is sent, on one timer instead of one per read and
// write: the hot path only stamps when a wait starts and ends; the watchdog wakes when a wait
// could have outlived its limit, or at the total deadline, and about once a second to look
// for an upstream reset the relay's read cannot see (draining_read_buffer.h). It runs as a
// chain of completion handlers on the exchange's executor, beside the response, until stopped.
//
// Its pending wake never points at the watchdog or its owner: it holds a shared link that
// stop() (and the destructor) cuts, so a wake that runs after the exchange ended, or that was
// queued when it ended, does nothing. After stop() the owner is never called again, and the
// owner need not wait for anything.

#include <chrono>
#include <memory>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include "proxy/server/exchange_state.h"

namespace groundgate::proxy::server {

class Watchdog {
 public:
  // What the watchdog asks of its exchange, and what it tells it.
  class Owner {
   public:
    // The drain's time is up: the upstream side ends as a shutdown.
    virtual bool shutdown_expired() const = 0;
    // A reset (or another error) is pending on the upstream connection.
    virtual bool upstream_reset_pending() const = 0;
    // The upstream side ended for `why` (never kNone); the exchange cancels its reads.
    virtual void upstream_cut(UpstreamCut why) = 0;
    // A client write outlived the client's idle timeout: the exchange ends (the watchdog
    // stops with this call).
    virtual void client_stalled() = 0;

   protected:
    ~Owner() = default;
  };

  using Clock = std::chrono::steady_clock;
  struct Limits {
    Clock::duration client_idle{};
    // The shortest limit an upstream wait can have (the header and idle timeouts').
    Clock::duration upstream_floor{};
    Clock::time_point total_deadline = Clock::time_point::max();
  };

  Watchdog(const boost::asio::any_io_executor& executor, Owner& owner, Limits limits)
      : owner_(owner),
        limits_(limits),
        timer_(executor),
        link_(std::make_shared<Link>(Link{this})) {}
  ~Watchdog() { stop(); }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  void start() { check(); }
  // From here on the owner is never called; the pending wake (brought forward) ends the chain.
  void stop() {
    link_->watchdog = nullptr;
    timer_.cancel();
  }

  // An upstream wait (for a header, or the next body bytes) and the limit it has.
  void set_upstream_wait_limit(Clock::duration limit) { upstream_wait_limit_ = limit; }
  void upstream_wait_started(Clock::time_point since = Clock::now()) {
    upstream_wait_since_ = since;
  }
  void upstream_wait_ended() { upstream_wait_since_ = kNotWaiting; }
  // A client write the socket did not take at once.
  void client_write_started() { client_write_since_ = Clock::now(); }
  void client_write_ended() { client_write_since_ = kNotWaiting; }

  // Why the upstream side ended; kNone while it goes on.
  UpstreamCut upstream_cut() const { return cut_; }

 private:
  static constexpr Clock::time_point kNotWaiting = Clock::time_point::max();
  // What a pending wake holds: the watchdog while it runs, null once it stopped.
  struct Link {
    Watchdog* watchdog;
  };

  void check();
  // The limit of the upstream side (the drain's cut, the total deadline, an upstream wait, a
  // missed reset) that has ended it at `now`, if any.
  UpstreamCut upstream_expiry(Clock::time_point now) const;
  // When the next wake is due: a wait that starts after `now` cannot expire before now plus
  // its limit, so the timer needs no re-arming when waits start and end.
  Clock::time_point next_wake(Clock::time_point now) const;

  Owner& owner_;
  const Limits limits_;
  boost::asio::steady_timer timer_;
  const std::shared_ptr<Link> link_;
  UpstreamCut cut_ = UpstreamCut::kNone;
  Clock::time_point upstream_wait_since_ = kNotWaiting;
  Clock::duration upstream_wait_limit_{};
  Clock::time_point client_write_since_ = kNotWaiting;
};

}  // namespace groundgate::proxy::server
