#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "filters/cache/bounded_lru.h"
#include "filters/context/passage.h"
#include "filters/index/context_index.h"

namespace groundgate::filters::index {

// Context indexes shared across requests (retrieved chunks recur): a BoundedLru keyed by a
// hash of the passages, bounded by the indexes' total memory. Thread-safe.
class ContextIndexCache {
 public:
  using Stats = cache::CacheStats;

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
  const ContextIndex::Options options_;
  cache::BoundedLru<ContextIndex> lru_;
};

}  // namespace groundgate::filters::index
