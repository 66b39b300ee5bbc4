#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "filters/triplet/link_dictionary.h"
#include "filters/triplet/linkage.h"

namespace groundgate::filters::triplet {

// One parse context over the shared dictionary. Not thread-safe: each thread (or each call)
// owns its own LinkParser; the dictionary behind it is shared.
class LinkParser {
 public:
  struct Options {
    // Parse cost grows steeply with length (about 2.6 ms at 10 words, 6 ms at 14, 11 ms at
    // 18 here); longer clauses go to the fallback so a sentence check stays in milliseconds.
    std::size_t max_words = 12;
    int max_parse_seconds = 1;  // the library's timer has whole seconds only
    // Linkages sorted by cost; the first is taken. Fewer (10) would cut the parse time by a
    // sixth, but past the limit the library samples linkages at random: a fifth of the
    // parsed clauses of the dev sets then read differently, for better and for worse.
    int linkage_limit = 50;
    // Longest link of most connector types; 8 instead of the library's 16 cuts the parse time
    // by a fifth and loses almost no complete linkage on clauses of up to 20 words.
    int short_length = 8;
  };

  enum class Status : std::uint8_t { kParsed, kEmpty, kTooLong, kNoLinkage, kTimeout };

  struct Result {
    Status status = Status::kEmpty;
    Linkage linkage;        // filled for kParsed; word spans are bytes of the input sentence
    std::size_t words = 0;  // whitespace-separated words of the input (0 when kEmpty)
  };

  LinkParser(std::shared_ptr<const LinkDictionary> dictionary, Options options);
  ~LinkParser();
  LinkParser(const LinkParser&) = delete;
  LinkParser& operator=(const LinkParser&) = delete;

  // The best complete linkage of `sentence` (no skipped words), or why there is none;
  // sentences of more than `max_words` (at most Options::max_words) are kTooLong.
  Result parse(std::string_view sentence) { return parse(sentence, options_.max_words); }
  Result parse(std::string_view sentence, std::size_t max_words);

 private:
  std::shared_ptr<const LinkDictionary> dictionary_;
  Options options_;
  void* parse_options_;
};

std::string_view to_string(LinkParser::Status status);

}  // namespace groundgate::filters::triplet
