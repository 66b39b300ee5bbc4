#include "filters/triplet/triplet_cache.h"

namespace groundgate::filters::triplet {

TripletCache::TripletCache(std::size_t max_entries) : max_entries_(max_entries) {}

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
  const std::uint64_t key = sentence_hash(sentence);
  std::lock_guard lock(mutex_);
  const auto it = by_key_.find(key);
  if (it == by_key_.end() || it->second->sentence != sentence) {
    ++stats_.misses;
    return nullptr;
  }
  lru_.splice(lru_.begin(), lru_, it->second);
  ++stats_.hits;
  return it->second->triplets;
}

void TripletCache::insert(std::string_view sentence,
                          std::shared_ptr<const SentenceTriplets> triplets) {
  if (max_entries_ == 0) return;
  const std::uint64_t key = sentence_hash(sentence);
  std::lock_guard lock(mutex_);
  if (const auto it = by_key_.find(key); it != by_key_.end()) {
    // Same sentence from another thread, or a colliding one: the newer wins.
    it->second->sentence = std::string(sentence);
    it->second->triplets = std::move(triplets);
    lru_.splice(lru_.begin(), lru_, it->second);
    return;
  }
  lru_.push_front({key, std::string(sentence), std::move(triplets)});
  by_key_[key] = lru_.begin();
  while (lru_.size() > max_entries_) {
    by_key_.erase(lru_.back().key);
    lru_.pop_back();
    ++stats_.evictions;
  }
}

TripletCache::Stats TripletCache::stats() const {
  std::lock_guard lock(mutex_);
  Stats s = stats_;
  s.entries = lru_.size();
  return s;
}

}  // namespace groundgate::filters::triplet
