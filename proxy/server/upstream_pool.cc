#include "proxy/server/upstream_pool.h"

#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <utility>
#include <vector>

namespace groundgate::proxy::server {
namespace {

// An idle HTTP/1.1 connection has nothing to read: EOF, an error or unexpected bytes (a late
// response, a TLS alert) mean it cannot carry a new request.
bool looks_open(AnyStream& stream) {
  if (!stream.tcp().socket().is_open()) return false;
  char byte;
  ssize_t n = ::recv(stream.tcp().socket().native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
}

}  // namespace

std::unique_ptr<AnyStream> UpstreamPool::take(const std::string& key) {
  std::vector<std::unique_ptr<AnyStream>> stale;  // closed outside the lock
  std::unique_ptr<AnyStream> found;
  {
    std::lock_guard lock(mutex_);
    auto it = shelves_.find(key);
    if (it == shelves_.end()) return nullptr;
    auto& list = it->second.idle;
    const auto now = Clock::now();
    while (!list.empty() && !found) {
      Idle idle = std::move(list.back());
      list.pop_back();
      if (idle.expires > now && looks_open(*idle.stream)) {
        found = std::move(idle.stream);
      } else {
        stale.push_back(std::move(idle.stream));
      }
    }
  }
  for (auto& s : stale)
    s->close();
  return found;
}

void UpstreamPool::park(const std::string& key, std::unique_ptr<AnyStream> stream,
                        std::size_t max_idle, Clock::duration idle_time) {
  std::vector<std::unique_ptr<AnyStream>> evicted;  // closed outside the lock
  {
    std::lock_guard lock(mutex_);
    Shelf& shelf = shelves_[key];
    auto& list = shelf.idle;
    while (!list.empty() && list.size() >= max_idle) {
      evicted.push_back(std::move(list.front().stream));
      list.pop_front();
    }
    if (max_idle == 0) {
      evicted.push_back(std::move(stream));
    } else {
      if (!shelf.sweep)
        shelf.sweep = std::make_unique<boost::asio::steady_timer>(stream->get_executor());
      list.push_back({std::move(stream), Clock::now() + idle_time});
      if (!shelf.sweeping) arm(key, shelf);
    }
  }
  for (auto& s : evicted)
    s->close();
}

void UpstreamPool::arm(const std::string& key, Shelf& shelf) {
  // The oldest connection expires first; meanwhile each is looked at once per period.
  const Clock::time_point next = std::min(shelf.idle.front().expires, Clock::now() + kSweepPeriod);
  shelf.sweeping = true;
  shelf.sweep->expires_at(next);
  // clear() drops the timers only while no thread runs their io_contexts: a wait it cancels
  // never completes, so `this` outlives every handler that runs.
  shelf.sweep->async_wait([this, key](const boost::system::error_code& ec) {
    if (!ec) sweep(key);
  });
}

void UpstreamPool::sweep(const std::string& key) {
  std::vector<std::unique_ptr<AnyStream>> stale;  // closed outside the lock
  {
    std::lock_guard lock(mutex_);
    auto it = shelves_.find(key);
    if (it == shelves_.end()) return;
    Shelf& shelf = it->second;
    shelf.sweeping = false;
    const auto now = Clock::now();
    std::deque<Idle> kept;
    for (Idle& idle : shelf.idle) {
      if (idle.expires > now && looks_open(*idle.stream)) {
        kept.push_back(std::move(idle));
      } else {
        stale.push_back(std::move(idle.stream));
      }
    }
    shelf.idle.swap(kept);
    if (!shelf.idle.empty()) arm(key, shelf);
  }
  for (auto& s : stale)
    s->close();
}

void UpstreamPool::clear() {
  std::map<std::string, Shelf, std::less<>> shelves;
  {
    std::lock_guard lock(mutex_);
    shelves.swap(shelves_);
  }
  for (auto& [key, shelf] : shelves) {
    for (auto& entry : shelf.idle)
      entry.stream->close();
  }
}

std::size_t UpstreamPool::idle_count() const {
  std::lock_guard lock(mutex_);
  std::size_t count = 0;
  for (const auto& [key, shelf] : shelves_)
    count += shelf.idle.size();
  return count;
}

std::string upstream_pool_key(std::string_view name, std::string_view host, unsigned port,
                              bool https, const void* tls_context, const void* io) {
  const auto append_number = [](std::string& out, std::uintmax_t value) {
    std::array<char, 20> digits;  // the most a 64-bit number has
    out.append(digits.data(), std::to_chars(digits.begin(), digits.end(), value).ptr);
  };
  std::string key;
  key.reserve(name.size() + host.size() + 72);  // the rest: scheme, port and two addresses
  key.append(name).append(https ? "|https://" : "|http://").append(host);
  key += ':';
  append_number(key, port);
  if (tls_context != nullptr) {
    key += '|';
    append_number(key, reinterpret_cast<std::uintptr_t>(tls_context));
  }
  key += '@';
  append_number(key, reinterpret_cast<std::uintptr_t>(io));
  return key;
}

}  // namespace groundgate::proxy::server
