#include "proxy/server/upstream_pool.h"

#include <sys/socket.h>

#include <cerrno>
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
    auto it = idle_.find(key);
    if (it == idle_.end()) return nullptr;
    auto& list = it->second;
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
    // Parked longer than the others: whatever is left before an expired one is expired too.
    while (!list.empty() && list.front().expires <= now) {
      stale.push_back(std::move(list.front().stream));
      list.pop_front();
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
    // Expired connections of every key go here too, so that a key no longer asked for (an
    // upstream removed by a reload) does not keep its sockets.
    const auto now = Clock::now();
    for (auto& [other, list] : idle_) {
      while (!list.empty() && list.front().expires <= now) {
        evicted.push_back(std::move(list.front().stream));
        list.pop_front();
      }
    }
    auto& list = idle_[key];
    while (!list.empty() && list.size() >= max_idle) {
      evicted.push_back(std::move(list.front().stream));
      list.pop_front();
    }
    if (max_idle == 0) {
      evicted.push_back(std::move(stream));
    } else {
      list.push_back({std::move(stream), now + idle_time});
    }
  }
  for (auto& s : evicted)
    s->close();
}

void UpstreamPool::clear() {
  std::map<std::string, std::deque<Idle>, std::less<>> idle;
  {
    std::lock_guard lock(mutex_);
    idle.swap(idle_);
  }
  for (auto& [key, list] : idle) {
    for (auto& entry : list)
      entry.stream->close();
  }
}

std::size_t UpstreamPool::idle_count() const {
  std::lock_guard lock(mutex_);
  std::size_t count = 0;
  for (const auto& [key, list] : idle_)
    count += list.size();
  return count;
}

std::string upstream_pool_key(std::string_view name, std::string_view host, unsigned port,
                              bool https, const void* tls_context, const void* io) {
  std::string key;
  key.reserve(name.size() + host.size() + 64);  // the rest: scheme, port and two addresses
  key += name;
  key += https ? "|https://" : "|http://";
  key += host;
  key += ':';
  key += std::to_string(port);
  if (tls_context != nullptr) {
    key += '|';
    key += std::to_string(reinterpret_cast<std::uintptr_t>(tls_context));
  }
  key += '@';
  key += std::to_string(reinterpret_cast<std::uintptr_t>(io));
  return key;
}

}  // namespace groundgate::proxy::server
