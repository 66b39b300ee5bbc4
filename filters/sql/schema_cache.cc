#include "filters/sql/schema_cache.h"

#include <algorithm>
#include <functional>
#include <string_view>

namespace groundgate::filters::sql {
namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}

std::size_t entry_bytes(const std::vector<std::string>& statements, const SchemaDatabase& schema) {
  std::size_t bytes = schema.memory_bytes();
  for (const std::string& s : statements)
    bytes += s.size() + sizeof(std::string);
  return bytes;
}

}  // namespace

std::uint64_t SchemaCache::hash(std::span<const std::string> statements) {
  std::hash<std::string_view> h;
  std::uint64_t out = mix(0, statements.size());
  for (const std::string& s : statements)
    out = mix(mix(out, s.size()), h(s));
  return out;
}

std::shared_ptr<const SchemaDatabase> SchemaCache::get_or_build(
    std::span<const std::string> statements) {
  const std::uint64_t key = hash(statements);
  {
    std::lock_guard lock(mutex_);
    auto it = by_key_.find(key);
    if (it != by_key_.end() &&
        std::equal(it->second->statements.begin(), it->second->statements.end(), statements.begin(),
                   statements.end())) {
      ++stats_.hits;
      lru_.splice(lru_.begin(), lru_, it->second);
      return it->second->schema;
    }
    ++stats_.misses;
  }
  // Built outside the lock: other streams keep using the cache meanwhile.
  std::shared_ptr<const SchemaDatabase> schema = SchemaDatabase::build(statements);
  std::vector<std::string> copy(statements.begin(), statements.end());
  const std::size_t bytes = entry_bytes(copy, *schema);
  std::lock_guard lock(mutex_);
  if (bytes > max_memory_bytes_) return schema;
  if (auto it = by_key_.find(key); it != by_key_.end()) {
    stats_.memory_bytes -= it->second->bytes;
    lru_.erase(it->second);
    by_key_.erase(it);
  }
  lru_.push_front(Entry{key, std::move(copy), schema, bytes});
  by_key_[key] = lru_.begin();
  stats_.memory_bytes += bytes;
  evict_to_fit();
  stats_.entries = lru_.size();
  return schema;
}

SchemaCache::Stats SchemaCache::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void SchemaCache::set_max_memory_bytes(std::size_t bytes) {
  std::lock_guard lock(mutex_);
  max_memory_bytes_ = bytes;
  evict_to_fit();
  stats_.entries = lru_.size();
}

void SchemaCache::evict_to_fit() {
  while (stats_.memory_bytes > max_memory_bytes_ && !lru_.empty()) {
    const Entry& last = lru_.back();
    stats_.memory_bytes -= last.bytes;
    by_key_.erase(last.key);
    lru_.pop_back();
    ++stats_.evictions;
  }
}

}  // namespace groundgate::filters::sql
