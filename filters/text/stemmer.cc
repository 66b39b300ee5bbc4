#include "filters/text/stemmer.h"

#include <libstemmer.h>

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

}  // namespace

std::string stem(std::string_view lower_word) {
  sb_stemmer* s = thread_stemmer();
  if (s == nullptr || lower_word.empty() || lower_word.size() > kMaxStemInput) {
    return std::string(lower_word);
  }
  const sb_symbol* out = sb_stemmer_stem(s, reinterpret_cast<const sb_symbol*>(lower_word.data()),
                                         static_cast<int>(lower_word.size()));
  if (out == nullptr) return std::string(lower_word);
  return std::string(reinterpret_cast<const char*>(out),
                     static_cast<std::size_t>(sb_stemmer_length(s)));
}

}  // namespace groundgate::filters::text
