#pragma once
// Counts the data events of a Server-Sent Events stream and notices [DONE], without keeping the
// events: what a proxy needs on its pass-through path, where the bytes go out unchanged. It
// follows SseParser's rules exactly (line ends CR, LF or CRLF split anywhere across feeds, the
// BOM on the first line, the bound on an event's size) but copies and allocates nothing: it
// keeps only a few leading bytes of the line being read.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace groundgate::proxy::sse {

class SseEventCounter {
 public:
  explicit SseEventCounter(std::size_t max_event_bytes);

  // Counts the blocks with data that `bytes` completes. Once a block exceeds max_event_bytes
  // counting stops for good, as SseParser stops parsing.
  void feed(std::string_view bytes);
  // End of input: a block still open counts if it has data. Returns true when the input ended
  // inside a block (or counting had stopped at an oversized one): anything written after it
  // needs a blank line first to stand alone.
  bool finish();

  // Blocks with at least one data line, [DONE] included.
  std::uint64_t events() const { return events_; }
  // A block whose data was exactly "[DONE]" has been seen.
  bool done_seen() const { return done_; }
  bool overflowed() const { return overflowed_; }

 private:
  // Enough of a line to classify it: a BOM (3 bytes) and "data: [DONE]" (12).
  static constexpr std::size_t kPrefixBytes = 16;

  void take_line_bytes(const char* begin, std::size_t size);
  // Returns true when the line was blank.
  bool end_line();
  void end_block();

  std::size_t max_event_bytes_;
  std::size_t block_bytes_ = 0;     // as SseParser's raw_.size(): the block's bytes so far
  std::size_t line_bytes_ = 0;      // the current line's bytes so far, line end excluded
  char prefix_[kPrefixBytes] = {};  // its first bytes
  std::size_t data_lines_ = 0;      // in the current block
  bool data_is_done_ = false;       // its only data line so far says [DONE]
  bool pending_cr_ = false;         // the last line ended with CR: a following LF belongs to it
  bool block_end_pending_ = false;  // a blank line ended with CR; waiting to see if LF follows
  bool at_stream_start_ = true;     // a UTF-8 BOM is skipped on the first line only
  bool overflowed_ = false;
  bool done_ = false;
  std::uint64_t events_ = 0;
};

}  // namespace groundgate::proxy::sse
