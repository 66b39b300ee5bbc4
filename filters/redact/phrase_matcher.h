#pragma once
// The compiled, immutable form of a RedactConfig: a trie of the phrases (ASCII case-folded when
// configured) and the replacement. Built once per config snapshot, shared by every stream.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "config/config.h"

namespace groundgate::filters::redact {

class PhraseMatcher {
 public:
  struct Match {
    std::size_t length = 0;   // longest phrase matching in full at the position; 0: none
    bool may_extend = false;  // the text ends inside a longer phrase: more text may change it
  };

  // Empty phrases are dropped; duplicates collapse.
  static std::shared_ptr<const PhraseMatcher> compile(const config::RedactConfig& config);

  // What matches at `pos` of `text`, looking no further than the longest phrase.
  Match match_at(std::string_view text, std::size_t pos) const;

  bool empty() const { return phrase_count_ == 0; }
  std::string_view replacement() const { return replacement_; }

 private:
  static constexpr std::uint32_t kNone = 0;  // node 0 is the root, never anyone's child

  struct Node {
    std::vector<std::pair<unsigned char, std::uint32_t>> edges;  // sorted by byte
    bool terminal = false;
  };

  PhraseMatcher() = default;
  void add(std::string_view phrase);
  std::uint32_t child(std::uint32_t node, unsigned char byte) const;
  unsigned char fold(char c) const;

  std::vector<Node> nodes_;
  std::string replacement_;
  bool case_insensitive_ = true;
  std::size_t phrase_count_ = 0;
};

}  // namespace groundgate::filters::redact
