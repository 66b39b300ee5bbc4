#pragma once
// Idle keep-alive connections to upstreams, reused by later exchanges instead of a resolve,
// connect and (for https) handshake per request. Bounded per key (an upstream on one I/O
// context); limits come from the upstream's config at the time a connection is parked. A timer
// per key closes connections that expired or that the upstream closed.

#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <boost/asio/steady_timer.hpp>

#include "proxy/server/any_stream.h"

namespace groundgate::proxy::server {

class UpstreamPool {
 public:
  using Clock = std::chrono::steady_clock;

  // Idle connections are looked at this often: one the upstream closed (or wrote to) goes at
  // once instead of staying half-closed until its idle_time ends or an exchange touches it.
  static constexpr Clock::duration kSweepPeriod = std::chrono::seconds(1);

  // The most recently parked connection for `key` that is still fresh and looks open (no EOF,
  // error or stray bytes waiting on its socket), or null. Stale ones are closed on the way.
  std::unique_ptr<AnyStream> take(const std::string& key);

  // Parks a connection whose last response ended cleanly, usable for `idle_time`. When `key`
  // already holds `max_idle` connections, the oldest is closed (max_idle 0: this one is).
  // Call on the connection's executor: the key's sweep timer runs there, and closes what
  // expired or what the upstream closed, whether or not an exchange asks for the key again.
  void park(const std::string& key, std::unique_ptr<AnyStream> stream, std::size_t max_idle,
            Clock::duration idle_time);

  // Closes every idle connection and drops the sweep timers: before the io_contexts they are
  // registered with go away, and with no thread running them.
  void clear();

  std::size_t idle_count() const;

 private:
  struct Idle {
    std::unique_ptr<AnyStream> stream;
    Clock::time_point expires;
  };
  // One key's idle connections, oldest first, and the timer that sweeps them.
  struct Shelf {
    std::deque<Idle> idle;
    std::unique_ptr<boost::asio::steady_timer> sweep;
    bool sweeping = false;  // a wait of `sweep` is pending
  };

  // Arms the shelf's timer (under the lock) for the next sweep.
  void arm(const std::string& key, Shelf& shelf);
  void sweep(const std::string& key);

  mutable std::mutex mutex_;
  std::map<std::string, Shelf, std::less<>> shelves_;
};

// Key of the pool an upstream's connections live in: the same name, address and TLS context,
// and the same I/O context (`io`), so that a connection is reused on the thread that opened it.
std::string upstream_pool_key(std::string_view name, std::string_view host, unsigned port,
                              bool https, const void* tls_context, const void* io);

}  // namespace groundgate::proxy::server
