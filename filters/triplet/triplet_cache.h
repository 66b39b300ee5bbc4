#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "filters/triplet/triplet.h"

namespace groundgate::filters::triplet {

// Triplets of context sentences, shared across answer sentences, streams and requests (the
// same retrieved chunks recur): an LRU keyed by a 64-bit hash of the sentence, bounded by
// entry count. A hash hit is confirmed against the stored sentence. Thread-safe.
class TripletCache {
 public:
  struct Stats {
    std::uint64_t hits = 0;
    std::uint64_t misses = 0;
    std::uint64_t evictions = 0;
    std::size_t entries = 0;
  };

  explicit TripletCache(std::size_t max_entries);

  std::shared_ptr<const SentenceTriplets> find(std::string_view sentence);
  void insert(std::string_view sentence, std::shared_ptr<const SentenceTriplets> triplets);

  static std::uint64_t sentence_hash(std::string_view sentence);
  Stats stats() const;

 private:
  struct Entry {
    std::uint64_t key;
    std::string sentence;
    std::shared_ptr<const SentenceTriplets> triplets;
  };

  const std::size_t max_entries_;
  mutable std::mutex mutex_;
  std::list<Entry> lru_;  // most recent first
  std::unordered_map<std::uint64_t, std::list<Entry>::iterator> by_key_;
  Stats stats_;
};

}  // namespace groundgate::filters::triplet
