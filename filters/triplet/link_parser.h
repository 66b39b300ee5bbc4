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
    int linkage_limit = 50;     // linkages sorted by cost; the first is taken
    // Longest link of most connector types; 8 instead of the library's 16 cuts the parse time
    // by a fifth and loses almost no complete linkage on clauses of up to 20 words.
    int short_length = 8;
  };

  enum class Status : std::uint8_t { kParsed, kEmpty, kTooLong, kNoLinkage, kTimeout };

  struct Result {
    Status status = Status::kEmpty;
    Linkage linkage;  // filled for kParsed; word spans are bytes of the input sentence
  };

  LinkParser(std::shared_ptr<const LinkDictionary> dictionary, Options options);
  ~LinkParser();
  LinkParser(const LinkParser&) = delete;
  LinkParser& operator=(const LinkParser&) = delete;

  // The best complete linkage of `sentence` (no skipped words), or why there is none.
  Result parse(std::string_view sentence);

 private:
  std::shared_ptr<const LinkDictionary> dictionary_;
  Options options_;
  void* parse_options_;
};

std::string_view to_string(LinkParser::Status status);

}  // namespace groundgate::filters::triplet
