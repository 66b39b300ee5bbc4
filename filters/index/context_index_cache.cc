#include "filters/index/context_index_cache.h"

#include <functional>
#include <string_view>

namespace groundgate::filters::index {
namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  // splitmix64 finaliser over the running value: order- and boundary-sensitive.
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}

bool same_passages(const std::vector<context::Passage>& a, std::span<const context::Passage> b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].text != b[i].text || a[i].title != b[i].title || a[i].id != b[i].id ||
        a[i].source != b[i].source || a[i].weak != b[i].weak) {
      return false;
    }
  }
  return true;
}

}  // namespace

ContextIndexCache::ContextIndexCache(std::size_t max_memory_bytes, ContextIndex::Options options)
    : max_memory_bytes_(max_memory_bytes), options_(options) {}

std::uint64_t ContextIndexCache::content_hash(std::span<const context::Passage> passages) {
  std::hash<std::string_view> hash;
  std::uint64_t h = mix(0, passages.size());
  for (const context::Passage& p : passages) {
    h = mix(h, p.text.size());
    h = mix(h, hash(p.text));
    h = mix(h, hash(p.title));
    h = mix(h, hash(p.id));
    h = mix(h, static_cast<std::uint64_t>(p.source) << 1 | (p.weak ? 1u : 0u));
  }
  return h;
}

std::shared_ptr<const ContextIndex> ContextIndexCache::get_or_build(
    std::span<const context::Passage> passages) {
  std::uint64_t key = content_hash(passages);
  if (auto cached = find(key, passages)) return cached;
  // Built outside the lock: other streams keep using the cache meanwhile.
  std::shared_ptr<const ContextIndex> index = ContextIndex::build(
      std::vector<context::Passage>(passages.begin(), passages.end()), options_);
  insert(key, index);
  return index;
}

std::shared_ptr<const ContextIndex> ContextIndexCache::find(
    std::uint64_t key, std::span<const context::Passage> passages) {
  std::lock_guard lock(mutex_);
  auto it = by_key_.find(key);
  if (it == by_key_.end() || !same_passages(it->second->index->passages(), passages)) {
    ++stats_.misses;
    return nullptr;
  }
  ++stats_.hits;
  lru_.splice(lru_.begin(), lru_, it->second);
  return it->second->index;
}

void ContextIndexCache::insert(std::uint64_t key, std::shared_ptr<const ContextIndex> index) {
  std::size_t bytes = index->memory_bytes();
  std::lock_guard lock(mutex_);
  if (bytes > max_memory_bytes_) return;
  if (auto it = by_key_.find(key); it != by_key_.end()) {
    // Another stream built it meanwhile, or a colliding context: the newest wins.
    stats_.memory_bytes -= it->second->bytes;
    lru_.erase(it->second);
    by_key_.erase(it);
  }
  lru_.push_front({key, std::move(index), bytes});
  by_key_[key] = lru_.begin();
  stats_.memory_bytes += bytes;
  evict_to_fit();
}

void ContextIndexCache::evict_to_fit() {
  while (stats_.memory_bytes > max_memory_bytes_) {
    const Entry& last = lru_.back();
    stats_.memory_bytes -= last.bytes;
    by_key_.erase(last.key);
    lru_.pop_back();
    ++stats_.evictions;
  }
  stats_.entries = lru_.size();
}

std::size_t ContextIndexCache::max_memory_bytes() const {
  std::lock_guard lock(mutex_);
  return max_memory_bytes_;
}

void ContextIndexCache::set_max_memory_bytes(std::size_t bytes) {
  std::lock_guard lock(mutex_);
  max_memory_bytes_ = bytes;
  evict_to_fit();
}

ContextIndexCache::Stats ContextIndexCache::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

}  // namespace groundgate::filters::index
