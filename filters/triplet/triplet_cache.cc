#include "filters/triplet/triplet_cache.h"

namespace groundgate::filters::triplet {

TripletCache::TripletCache(std::size_t max_entries) : lru_(max_entries) {}

std::uint64_t TripletCache::sentence_hash(std::string_view sentence) {
  // FNV-1a: stable across runs and platforms, unlike std::hash.
  std::uint64_t h = 1469598103934665603ull;
  for (const char c : sentence) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

std::shared_ptr<const SentenceTriplets> TripletCache::find(std::string_view sentence) {
  auto same = [&](const Cached& cached) { return cached.sentence == sentence; };
  auto cached = lru_.find(sentence_hash(sentence), same);
  return cached ? cached->triplets : nullptr;
}

void TripletCache::insert(std::string_view sentence,
                          std::shared_ptr<const SentenceTriplets> triplets) {
  lru_.insert(sentence_hash(sentence),
              std::make_shared<const Cached>(Cached{std::string(sentence), std::move(triplets)}),
              1);
}

TripletCache::Stats TripletCache::stats() const {
  return lru_.stats();
}

}  // namespace groundgate::filters::triplet
