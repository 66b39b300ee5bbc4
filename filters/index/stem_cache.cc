#include "filters/index/stem_cache.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "filters/text/stemmer.h"

namespace groundgate::filters::index {
namespace {

// Open addressing over one key arena: no node or string allocation per word, and a lookup
// reads one slot and compares the bytes of a same-hash, same-length key only.
struct Slot {
  std::uint32_t hash = 0;
  std::uint32_t build = 0;  // stamp of the build `term` belongs to; 0: none yet
  TermId term = kNoTerm;
  std::uint32_t stem_hash = 0;  // TermDictionary::hash of the stem
  std::uint32_t begin = 0;      // word, then its stem, in the arena
  std::uint8_t word_size = 0;   // 0: empty slot
  std::uint8_t stem_size = 0;
};

constexpr std::size_t kSlots = StemCache::kMaxEntries * 2;  // load at most 1/2
static_assert((kSlots & (kSlots - 1)) == 0, "a power of two");
static_assert(StemCache::kMaxCachedWord <= 255 / 2, "sizes fit a byte, stems included");

}  // namespace

struct StemCache::Table {
  std::vector<Slot> slots;
  std::string arena;
  std::size_t count = 0;
  std::uint32_t last_build = 0;

  void ensure() {
    if (slots.empty()) {
      slots.resize(kSlots);
      arena.reserve(StemCache::kMaxArenaBytes);
    }
  }
  void clear() {
    std::fill(slots.begin(), slots.end(), Slot{});
    arena.clear();
    count = 0;
  }
  std::string_view word(const Slot& s) const {
    return std::string_view(arena).substr(s.begin, s.word_size);
  }
  std::string_view stem(const Slot& s) const {
    return std::string_view(arena).substr(s.begin + s.word_size, s.stem_size);
  }
};

StemCache::Table& StemCache::thread_table() {
  thread_local Table table;
  table.ensure();
  return table;
}

namespace {

// FNV-1a: words are short, so a byte loop beats a general-purpose hash here.
std::uint32_t hash_of(std::string_view s) {
  std::uint32_t h = 2166136261u;
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 16777619u;
  }
  return h;
}

}  // namespace

StemCache::StemCache(TermDictionary& dictionary) : dictionary_(dictionary), table_(thread_table()) {
  build_ = ++table_.last_build;
  if (build_ == 0) {  // the stamps wrapped: an old slot's stamp could match a new build
    table_.clear();
    build_ = ++table_.last_build;
  }
}

TermId StemCache::term(std::string_view norm) {
  if (norm.empty() || norm.size() > kMaxCachedWord) return dictionary_.intern(text::stem(norm));
  Table& table = table_;
  const std::uint32_t hash = hash_of(norm);
  constexpr std::size_t kMask = kSlots - 1;
  std::size_t at = hash & kMask;
  for (;; at = (at + 1) & kMask) {
    Slot& slot = table.slots[at];
    if (slot.word_size == 0) break;
    if (slot.hash == hash && slot.word_size == norm.size() &&
        std::memcmp(table.arena.data() + slot.begin, norm.data(), norm.size()) == 0) {
      if (slot.build != build_) {
        slot.term = dictionary_.intern(table.stem(slot), slot.stem_hash);
        slot.build = build_;
      }
      return slot.term;
    }
  }
  const std::string stem = text::stem(norm);
  if (stem.size() > 2 * kMaxCachedWord) return dictionary_.intern(stem);
  if (table.count + 1 > kMaxEntries ||
      table.arena.size() + norm.size() + stem.size() > kMaxArenaBytes) {
    table.clear();
    at = hash & kMask;
  }
  Slot& slot = table.slots[at];
  slot.hash = hash;
  slot.build = build_;
  slot.stem_hash = TermDictionary::hash(stem);
  slot.term = dictionary_.intern(stem, slot.stem_hash);
  slot.begin = static_cast<std::uint32_t>(table.arena.size());
  slot.word_size = static_cast<std::uint8_t>(norm.size());
  slot.stem_size = static_cast<std::uint8_t>(stem.size());
  table.arena.append(norm);
  table.arena.append(stem);
  ++table.count;
  return slot.term;
}

std::size_t StemCache::cached_words() {
  return thread_table().count;
}

}  // namespace groundgate::filters::index
