#include "proxy/observability/verdict_store.h"

#include <random>

namespace groundgate::proxy::observability {

std::string new_verdict_id() {
  thread_local std::mt19937_64 random{std::random_device{}()};
  constexpr char kHex[] = "0123456789abcdef";
  std::string id = "gg-";
  for (int half = 0; half < 2; ++half) {
    std::uint64_t bits = random();
    for (int i = 0; i < 12; ++i, bits >>= 4)
      id += kHex[bits & 0xf];
  }
  return id;
}

void VerdictStore::set_limits(Limits limits) {
  std::lock_guard lock(mutex_);
  limits_ = limits;
}

void VerdictStore::put(VerdictEntry entry, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  if (limits_.keep.count() <= 0 || entry.id.empty()) return;
  Stored stored{std::move(entry), now, 0};
  if (stored.bytes() > limits_.max_bytes) return;  // never displaces everything for one answer
  stored.serial = next_serial_++;
  if (entries_.empty()) first_serial_ = stored.serial;
  by_id_[stored.entry.id] = stored.serial;
  if (!stored.entry.response_id.empty()) by_id_[stored.entry.response_id] = stored.serial;
  bytes_ += stored.bytes();
  entries_.push_back(std::move(stored));
  evict(now);
}

std::optional<std::string> VerdictStore::find(std::string_view id, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  evict(now);
  const auto it = by_id_.find(std::string(id));
  if (it == by_id_.end() || it->second < first_serial_) return std::nullopt;
  return entries_[it->second - first_serial_].entry.json;
}

std::size_t VerdictStore::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

std::size_t VerdictStore::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

void VerdictStore::unindex(const Stored& stored) {
  for (const std::string* key : {&stored.entry.id, &stored.entry.response_id}) {
    const auto it = by_id_.find(*key);
    // A later answer with the same upstream id keeps its own index entry.
    if (it != by_id_.end() && it->second == stored.serial) by_id_.erase(it);
  }
}

void VerdictStore::evict(Clock::time_point now) {
  while (!entries_.empty() &&
         (bytes_ > limits_.max_bytes || now - entries_.front().at >= limits_.keep)) {
    const Stored& oldest = entries_.front();
    bytes_ -= oldest.bytes();
    unindex(oldest);
    entries_.pop_front();
    ++first_serial_;
  }
}

}  // namespace groundgate::proxy::observability
