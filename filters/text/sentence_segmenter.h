#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::text {

enum class SentenceKind : std::uint8_t {
  kProse,
  kHeading,    // markdown "# ..." line; span excludes the hashes
  kListItem,   // first sentence of a "- ", "* ", "1. ", "• " item; span excludes the marker
  kTableRow,   // a line starting with '|'
  kCodeBlock,  // ``` fenced block, fences included
};

// A sentence as a byte span [begin, end) of the full text, trimmed of surrounding whitespace.
struct Sentence {
  std::size_t begin = 0;
  std::size_t end = 0;
  SentenceKind kind = SentenceKind::kProse;
  // Cut at kMaxSentenceBytes: its text (a code block's too) goes on in the next unit.
  bool cut = false;

  friend bool operator==(const Sentence&, const Sentence&) = default;
};

// A sentence no longer than this is never cut; longer runs without a boundary are cut at the
// last space before the limit (keeps the streaming buffer bounded).
inline constexpr std::size_t kMaxSentenceBytes = 4096;

class SentenceSegmenter {
 public:
  // Splits the whole text. Identical to feeding it to an IncrementalSegmenter in any pieces.
  static std::vector<Sentence> split(std::string_view text);
};

}  // namespace groundgate::filters::text
