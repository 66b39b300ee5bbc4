#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "filters/cache/bounded_lru.h"
#include "filters/triplet/triplet.h"

namespace groundgate::filters::triplet {

// Triplets of context sentences, shared across answer sentences, streams and requests (the
// same retrieved chunks recur): a BoundedLru keyed by a hash of the sentence, bounded by
// entry count (each entry counts one). A hash hit is confirmed against the stored sentence.
// Thread-safe.
class TripletCache {
 public:
  using Stats = cache::CacheStats;

  explicit TripletCache(std::size_t max_entries);

  std::shared_ptr<const SentenceTriplets> find(std::string_view sentence);
  void insert(std::string_view sentence, std::shared_ptr<const SentenceTriplets> triplets);

  static std::uint64_t sentence_hash(std::string_view sentence);
  Stats stats() const;

 private:
  struct Cached {
    std::string sentence;
    std::shared_ptr<const SentenceTriplets> triplets;
  };

  cache::BoundedLru<Cached> lru_;
};

}  // namespace groundgate::filters::triplet
