#include "filters/index/context_index_cache.h"

#include <functional>
#include <string_view>
#include <vector>

namespace groundgate::filters::index {
namespace {

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
    : options_(options), lru_(max_memory_bytes) {}

std::uint64_t ContextIndexCache::content_hash(std::span<const context::Passage> passages) {
  using cache::hash_mix;
  std::hash<std::string_view> hash;
  std::uint64_t h = hash_mix(0, passages.size());
  for (const context::Passage& p : passages) {
    h = hash_mix(h, p.text.size());
    h = hash_mix(h, hash(p.text));
    h = hash_mix(h, hash(p.title));
    h = hash_mix(h, hash(p.id));
    h = hash_mix(h, static_cast<std::uint64_t>(p.source) << 1 | (p.weak ? 1u : 0u));
  }
  return h;
}

std::shared_ptr<const ContextIndex> ContextIndexCache::get_or_build(
    std::span<const context::Passage> passages) {
  const std::uint64_t key = content_hash(passages);
  auto same = [&](const ContextIndex& index) { return same_passages(index.passages(), passages); };
  if (auto cached = lru_.find(key, same)) return cached;
  std::shared_ptr<const ContextIndex> index = ContextIndex::build(
      std::vector<context::Passage>(passages.begin(), passages.end()), options_);
  lru_.insert(key, index, index->memory_bytes());
  return index;
}

ContextIndexCache::Stats ContextIndexCache::stats() const {
  return lru_.stats();
}

std::size_t ContextIndexCache::max_memory_bytes() const {
  return lru_.max_memory_bytes();
}

void ContextIndexCache::set_max_memory_bytes(std::size_t bytes) {
  lru_.set_max_memory_bytes(bytes);
}

}  // namespace groundgate::filters::index
