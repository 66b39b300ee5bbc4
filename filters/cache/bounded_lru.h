#pragma once
// A cache of values built from request content that recurs across requests (a context's
// index, a schema's database, a context sentence's triplets): least recently used first out,
// bounded by the sum of the values' costs (their memory in bytes, or one each to bound the
// count), keyed by a 64-bit hash of the content. A hash match is confirmed against the content
// before a value is served, so a collision can never serve another request's value. Thread-safe;
// the value is built outside the lock by the caller, so other streams keep using the cache.

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>

namespace groundgate::filters::cache {

// One step of an order- and boundary-sensitive 64-bit hash (a splitmix64 finaliser over the
// running value): fold each part of the content in, its length before its bytes.
inline std::uint64_t hash_mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}

struct CacheStats {
  std::uint64_t hits = 0;
  std::uint64_t misses = 0;
  std::uint64_t evictions = 0;
  std::size_t entries = 0;
  std::size_t memory_bytes = 0;
};

template <typename Value>
class BoundedLru {
 public:
  explicit BoundedLru(std::size_t max_memory_bytes) : max_memory_bytes_(max_memory_bytes) {}

  // The value under `key` for which `same(value)` confirms the content, counted as a hit; null
  // (a miss) otherwise.
  template <typename Same>
  std::shared_ptr<const Value> find(std::uint64_t key, Same&& same) {
    std::lock_guard lock(mutex_);
    auto it = by_key_.find(key);
    if (it == by_key_.end() || !same(*it->second->value)) {
      ++stats_.misses;
      return nullptr;
    }
    ++stats_.hits;
    lru_.splice(lru_.begin(), lru_, it->second);
    return it->second->value;
  }

  // Keeps `value` (`bytes` of memory) under `key` when it fits at all, the least recently used
  // values going until the rest fit. A value already under the key (another stream built it
  // meanwhile, or a colliding content) gives way: the newest wins.
  void insert(std::uint64_t key, std::shared_ptr<const Value> value, std::size_t bytes) {
    std::lock_guard lock(mutex_);
    if (bytes > max_memory_bytes_) return;
    if (auto it = by_key_.find(key); it != by_key_.end()) {
      stats_.memory_bytes -= it->second->bytes;
      lru_.erase(it->second);
      by_key_.erase(it);
    }
    lru_.push_front(Entry{key, std::move(value), bytes});
    by_key_[key] = lru_.begin();
    stats_.memory_bytes += bytes;
    evict_to_fit();
  }

  CacheStats stats() const {
    std::lock_guard lock(mutex_);
    return stats_;
  }
  std::size_t max_memory_bytes() const {
    std::lock_guard lock(mutex_);
    return max_memory_bytes_;
  }
  // A new bound (a config reload); the least recently used values go until the rest fit.
  void set_max_memory_bytes(std::size_t bytes) {
    std::lock_guard lock(mutex_);
    max_memory_bytes_ = bytes;
    evict_to_fit();
  }

 private:
  struct Entry {
    std::uint64_t key;
    std::shared_ptr<const Value> value;
    std::size_t bytes;
  };

  void evict_to_fit() {  // with mutex_ held
    while (stats_.memory_bytes > max_memory_bytes_ && !lru_.empty()) {
      const Entry& last = lru_.back();
      stats_.memory_bytes -= last.bytes;
      by_key_.erase(last.key);
      lru_.pop_back();
      ++stats_.evictions;
    }
    stats_.entries = lru_.size();
  }

  mutable std::mutex mutex_;
  std::size_t max_memory_bytes_;  // guarded by mutex_
  std::list<Entry> lru_;          // most recent first
  std::unordered_map<std::uint64_t, typename std::list<Entry>::iterator> by_key_;
  CacheStats stats_;
};

}  // namespace groundgate::filters::cache
