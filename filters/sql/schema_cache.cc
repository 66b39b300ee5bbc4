#include "filters/sql/schema_cache.h"

#include <algorithm>
#include <functional>
#include <string_view>

namespace groundgate::filters::sql {

std::uint64_t SchemaCache::hash(std::span<const std::string> statements) {
  using cache::hash_mix;
  std::hash<std::string_view> h;
  std::uint64_t out = hash_mix(0, statements.size());
  for (const std::string& s : statements)
    out = hash_mix(hash_mix(out, s.size()), h(s));
  return out;
}

std::shared_ptr<const SchemaDatabase> SchemaCache::get_or_build(
    std::span<const std::string> statements) {
  const std::uint64_t key = hash(statements);
  auto same = [&](const Cached& cached) {
    return std::equal(cached.statements.begin(), cached.statements.end(), statements.begin(),
                      statements.end());
  };
  if (auto cached = lru_.find(key, same)) return cached->schema;
  auto built = std::make_shared<Cached>();
  built->statements.assign(statements.begin(), statements.end());
  built->schema = SchemaDatabase::build(statements);
  std::size_t bytes = built->schema->memory_bytes();
  for (const std::string& s : built->statements)
    bytes += s.size() + sizeof(std::string);
  std::shared_ptr<const SchemaDatabase> schema = built->schema;
  lru_.insert(key, std::move(built), bytes);
  return schema;
}

SchemaCache::Stats SchemaCache::stats() const {
  return lru_.stats();
}

void SchemaCache::set_max_memory_bytes(std::size_t bytes) {
  lru_.set_max_memory_bytes(bytes);
}

}  // namespace groundgate::filters::sql
