#include "filters/text/stemmer.h"

#include <libstemmer.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>

namespace groundgate::filters::text {

namespace {

constexpr std::size_t kMaxStemInput = 64;

struct StemmerDeleter {
  void operator()(sb_stemmer* s) const { sb_stemmer_delete(s); }
};

// libstemmer objects keep per-call state: one per thread.
sb_stemmer* thread_stemmer() {
  thread_local std::unique_ptr<sb_stemmer, StemmerDeleter> stemmer{
      sb_stemmer_new("english", nullptr)};
  return stemmer.get();
}

// Snowball costs about 2k instructions a word, and the same words come back in every sentence
// an answer has checked (question, context and answer share their vocabulary): recent stems
// stay in a per-thread direct-mapped table, a word replacing the one that shares its slot.
// Fixed size (about 50 KB per thread), no allocation.
class RecentStems {
 public:
  static constexpr std::size_t kMaxWord = 23;

  // The cached stem of `word` (size at most kMaxWord), or false.
  bool find(std::string_view word, std::string& stem) const {
    const Entry& entry = entries_[slot_of(word)];
    if (entry.word_size != word.size() || std::memcmp(entry.word, word.data(), word.size()) != 0) {
      return false;
    }
    stem.assign(entry.stem, entry.stem_size);
    return true;
  }

  void store(std::string_view word, std::string_view stem) {
    if (stem.size() > kMaxWord) return;
    Entry& entry = entries_[slot_of(word)];
    entry.word_size = static_cast<std::uint8_t>(word.size());
    entry.stem_size = static_cast<std::uint8_t>(stem.size());
    std::memcpy(entry.word, word.data(), word.size());
    std::memcpy(entry.stem, stem.data(), stem.size());
  }

 private:
  static constexpr std::size_t kSlots = 1024;
  static_assert((kSlots & (kSlots - 1)) == 0, "a power of two");

  struct Entry {
    std::uint8_t word_size = 0;  // 0: empty (the empty word is never cached)
    std::uint8_t stem_size = 0;
    char word[kMaxWord];
    char stem[kMaxWord];
  };

  // FNV-1a: words are short, a byte loop is the cheapest good hash here.
  static std::size_t slot_of(std::string_view word) {
    std::uint32_t h = 2166136261u;
    for (const char c : word) {
      h ^= static_cast<unsigned char>(c);
      h *= 16777619u;
    }
    return h & (kSlots - 1);
  }

  std::array<Entry, kSlots> entries_{};
};

RecentStems& recent_stems() {
  thread_local RecentStems stems;
  return stems;
}

}  // namespace

std::string stem(std::string_view lower_word) {
  // A negated auxiliary is the negation: "can't", "cannot" and "can not" state the same, so
  // coverage and retrieval find one as the other.
  if (lower_word == "cannot" || (lower_word.size() > 3 && lower_word.ends_with("n't")))
    return "not";
  sb_stemmer* s = thread_stemmer();
  if (s == nullptr || lower_word.empty() || lower_word.size() > kMaxStemInput) {
    return std::string(lower_word);
  }
  const bool cacheable = lower_word.size() <= RecentStems::kMaxWord;
  std::string result;
  if (cacheable && recent_stems().find(lower_word, result)) return result;
  const sb_symbol* out = sb_stemmer_stem(s, reinterpret_cast<const sb_symbol*>(lower_word.data()),
                                         static_cast<int>(lower_word.size()));
  if (out == nullptr) return std::string(lower_word);
  result.assign(reinterpret_cast<const char*>(out), static_cast<std::size_t>(sb_stemmer_length(s)));
  if (cacheable) recent_stems().store(lower_word, result);
  return result;
}

}  // namespace groundgate::filters::text
