#include "filters/index/term_dictionary.h"

#include <functional>

namespace groundgate::filters::index {
namespace {

// Load factor at most 3/4 keeps linear probes short.
bool over_load(std::size_t terms, std::size_t slots) {
  return terms * 4 > slots * 3;
}

}  // namespace

std::uint32_t TermDictionary::hash(std::string_view term) {
  return static_cast<std::uint32_t>(std::hash<std::string_view>{}(term));
}

TermId TermDictionary::find(std::string_view t) const {
  if (slots_.empty()) return kNoTerm;
  std::size_t mask = slots_.size() - 1;
  for (std::size_t slot = hash(t) & mask; slots_[slot] != kNoTerm; slot = (slot + 1) & mask) {
    if (term(slots_[slot]) == t) return slots_[slot];
  }
  return kNoTerm;
}

TermId TermDictionary::intern(std::string_view t, std::uint32_t term_hash) {
  if (over_load(size() + 1, slots_.size())) rehash(slots_.empty() ? 64 : slots_.size() * 2);
  std::size_t mask = slots_.size() - 1;
  std::size_t slot = term_hash & mask;
  for (; slots_[slot] != kNoTerm; slot = (slot + 1) & mask) {
    if (term(slots_[slot]) == t) return slots_[slot];
  }
  TermId id = static_cast<TermId>(size());
  pool_.append(t);
  offsets_.push_back(static_cast<std::uint32_t>(pool_.size()));
  slots_[slot] = id;
  return id;
}

void TermDictionary::reserve(std::size_t terms) {
  std::size_t slot_count = slots_.empty() ? 64 : slots_.size();
  while (over_load(terms, slot_count))
    slot_count *= 2;
  if (slot_count > slots_.size()) rehash(slot_count);
  offsets_.reserve(terms + 1);
}

void TermDictionary::rehash(std::size_t slot_count) {
  std::vector<TermId> slots(slot_count, kNoTerm);
  std::size_t mask = slots.size() - 1;
  for (TermId id = 0; id < size(); ++id) {
    std::size_t slot = hash(term(id)) & mask;
    while (slots[slot] != kNoTerm)
      slot = (slot + 1) & mask;
    slots[slot] = id;
  }
  slots_ = std::move(slots);
}

void TermDictionary::shrink_to_fit() {
  pool_.shrink_to_fit();
  offsets_.shrink_to_fit();
}

std::size_t TermDictionary::memory_bytes() const {
  return pool_.capacity() + offsets_.capacity() * sizeof(std::uint32_t) +
         slots_.capacity() * sizeof(TermId);
}

}  // namespace groundgate::filters::index
