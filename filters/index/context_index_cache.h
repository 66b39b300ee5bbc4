#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <span>
#include <unordered_map>
#include <vector>

#include "filters/context/passage.h"
#include "filters/index/context_index.h"

namespace groundgate::filters::index {

// Context indexes shared across requests (retrieved chunks recur): LRU keyed by a 64-bit
// hash of the passages, bounded by the indexes' total memory. Thread-safe.
class ContextIndexCache {
 public:
  struct Stats {
    std::uint64_t hits = 0;
    std::uint64_t misses = 0;
    std::uint64_t evictions = 0;
    std::size_t entries = 0;
    std::size_t memory_bytes = 0;
  };

  explicit ContextIndexCache(std::size_t max_memory_bytes,
                             ContextIndex::Options options = ContextIndex::Options{});

  // The cached index of exactly these passages, or a new one (cached when it fits). A hash
  // match is confirmed against the passages, so a collision can never serve another context.
  std::shared_ptr<const ContextIndex> get_or_build(std::span<const context::Passage> passages);

  static std::uint64_t content_hash(std::span<const context::Passage> passages);

  Stats stats() const;
  std::size_t max_memory_bytes() const;
  // A new bound (a config reload); the least recently used indexes go until the rest fit.
  void set_max_memory_bytes(std::size_t bytes);

 private:
  struct Entry {
    std::uint64_t key;
    std::shared_ptr<const ContextIndex> index;
    std::size_t bytes;
  };

  std::shared_ptr<const ContextIndex> find(std::uint64_t key,
                                           std::span<const context::Passage> passages);
  void insert(std::uint64_t key, std::shared_ptr<const ContextIndex> index);
  void evict_to_fit();  // with mutex_ held

  std::size_t max_memory_bytes_;  // guarded by mutex_
  const ContextIndex::Options options_;
  mutable std::mutex mutex_;
  std::list<Entry> lru_;  // most recent first
  std::unordered_map<std::uint64_t, std::list<Entry>::iterator> by_key_;
  Stats stats_;
};

}  // namespace groundgate::filters::index
