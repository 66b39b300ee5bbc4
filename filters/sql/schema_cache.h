#pragma once
// Schema databases shared across requests (an app sends the same schema with every question):
// LRU keyed by a hash of the CREATE statements, confirmed against them, bounded by the
// databases' memory. Thread-safe; kept across config reloads like the context-index cache.

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "filters/sql/schema_database.h"

namespace groundgate::filters::sql {

class SchemaCache {
 public:
  struct Stats {
    std::uint64_t hits = 0;
    std::uint64_t misses = 0;
    std::uint64_t evictions = 0;
    std::size_t entries = 0;
    std::size_t memory_bytes = 0;
  };

  explicit SchemaCache(std::size_t max_memory_bytes) : max_memory_bytes_(max_memory_bytes) {}

  // The schema built from exactly these statements: cached, or built now (and cached when it
  // fits). Never null.
  std::shared_ptr<const SchemaDatabase> get_or_build(std::span<const std::string> statements);

  static std::uint64_t hash(std::span<const std::string> statements);
  Stats stats() const;
  void set_max_memory_bytes(std::size_t bytes);

 private:
  struct Entry {
    std::uint64_t key;
    std::vector<std::string> statements;
    std::shared_ptr<const SchemaDatabase> schema;
    std::size_t bytes;
  };

  void evict_to_fit();  // with mutex_ held

  mutable std::mutex mutex_;
  std::size_t max_memory_bytes_;
  std::list<Entry> lru_;  // most recent first
  std::unordered_map<std::uint64_t, std::list<Entry>::iterator> by_key_;
  Stats stats_;
};

}  // namespace groundgate::filters::sql
