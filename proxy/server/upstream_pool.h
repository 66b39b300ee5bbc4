#pragma once
// Idle keep-alive connections to upstreams, reused by later exchanges instead of a resolve,
// connect and (for https) handshake per request. Bounded per upstream; shared by all threads.

#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "proxy/server/any_stream.h"

namespace groundgate::proxy::server {

class UpstreamPool {
 public:
  using Clock = std::chrono::steady_clock;

  UpstreamPool(std::size_t max_idle_per_upstream, Clock::duration max_idle_time)
      : max_idle_per_upstream_(max_idle_per_upstream), max_idle_time_(max_idle_time) {}

  // The most recently parked connection for `key` that still looks open (no EOF, error or
  // stray bytes waiting on its socket), or null. Stale ones are closed on the way.
  std::unique_ptr<AnyStream> take(const std::string& key);

  // Parks a connection whose last response ended cleanly. When the upstream's list is full,
  // the oldest connection is closed.
  void park(const std::string& key, std::unique_ptr<AnyStream> stream);

  std::size_t idle_count() const;

 private:
  struct Idle {
    std::unique_ptr<AnyStream> stream;
    Clock::time_point parked;
  };

  const std::size_t max_idle_per_upstream_;
  const Clock::duration max_idle_time_;
  mutable std::mutex mutex_;
  std::map<std::string, std::deque<Idle>, std::less<>> idle_;
};

// Key of the pool an upstream's connections live in: the same name, address and TLS context.
std::string upstream_pool_key(std::string_view name, std::string_view host, unsigned port,
                              bool https, const void* tls_context);

}  // namespace groundgate::proxy::server
