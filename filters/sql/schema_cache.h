#pragma once
// Schema databases shared across requests (an app sends the same schema with every question):
// a BoundedLru keyed by a hash of the CREATE statements, confirmed against them, bounded by
// the databases' memory. Thread-safe; kept across config reloads like the context-index cache.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "filters/cache/bounded_lru.h"
#include "filters/sql/schema_database.h"

namespace groundgate::filters::sql {

class SchemaCache {
 public:
  using Stats = cache::CacheStats;

  explicit SchemaCache(std::size_t max_memory_bytes) : lru_(max_memory_bytes) {}

  // The schema built from exactly these statements: cached, or built now (and cached when it
  // fits). Never null.
  std::shared_ptr<const SchemaDatabase> get_or_build(std::span<const std::string> statements);

  static std::uint64_t hash(std::span<const std::string> statements);
  Stats stats() const;
  void set_max_memory_bytes(std::size_t bytes);

 private:
  // The statements are kept to confirm a hash match.
  struct Cached {
    std::vector<std::string> statements;
    std::shared_ptr<const SchemaDatabase> schema;
  };

  cache::BoundedLru<Cached> lru_;
};

}  // namespace groundgate::filters::sql
