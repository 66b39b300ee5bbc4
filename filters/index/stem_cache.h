#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "filters/index/term_dictionary.h"

namespace groundgate::filters::index {

// A word's term in the index being built: the Snowball stem of its norm, interned in that
// index's dictionary. Stemming is the costliest step of context preparation and the same
// words come back in every context, so the stems live in a per-thread table that outlives
// one build (bounded: emptied when full); the term ids it hands out belong to one build only.
// One StemCache per build, used on the thread that made it; builds on one thread must not
// interleave (a new StemCache ends the previous one's ids).
class StemCache {
 public:
  // Largest cached word: longer words are stemmed at each use (Snowball leaves words over 64
  // bytes alone, and long words are rare).
  static constexpr std::size_t kMaxCachedWord = 32;
  // Bounds of the per-thread table (about 600 KB per thread that builds indexes).
  static constexpr std::size_t kMaxEntries = 8192;
  static constexpr std::size_t kMaxArenaBytes = kMaxEntries * 24;

  explicit StemCache(TermDictionary& dictionary);
  StemCache(const StemCache&) = delete;
  StemCache& operator=(const StemCache&) = delete;

  TermId term(std::string_view norm);

  // Words whose stems the calling thread holds; for tests.
  static std::size_t cached_words();

 private:
  struct Table;
  static Table& thread_table();

  TermDictionary& dictionary_;
  Table& table_;             // the calling thread's
  std::uint32_t build_ = 0;  // this build's stamp in the thread's table
};

}  // namespace groundgate::filters::index
