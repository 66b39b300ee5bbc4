#pragma once
// Incremental Server-Sent Events parser (WHATWG event-stream rules). Bytes may be split at any
// point across feed() calls. Every block (lines up to a blank line) keeps its exact raw bytes so
// that a proxy can forward the original when it does not change anything.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::proxy::sse {

struct SseEvent {
  std::string raw;   // exact bytes of the block, its terminating blank line included
  std::string data;  // data lines joined with '\n'
  std::string type;  // the `event` field; empty means "message"
  std::string id;    // the `id` field of this block, if any
  std::optional<std::uint64_t> retry;
  bool has_data = false;   // false: a comment-only or empty block, nothing for a client to dispatch
  bool terminated = true;  // false: the stream ended before the block's blank line

  bool is_done() const { return has_data && data == "[DONE]"; }
};

class SseParser {
 public:
  enum class State { kOk, kEventTooLarge };

  explicit SseParser(std::size_t max_event_bytes);

  // Appends every block completed by `bytes` to `out`. Once an event exceeds max_event_bytes the
  // parser stays in kEventTooLarge and ignores further input.
  State feed(std::string_view bytes, std::vector<SseEvent>& out);
  // End of input: dispatches what is still buffered (a block whose blank line ended in a lone CR,
  // or an unterminated block, flagged terminated = false).
  void finish(std::vector<SseEvent>& out);

  // Takes back events the caller is done with, so that the next ones reuse their strings'
  // storage instead of growing new strings byte range by byte range; `events` ends up empty.
  // Keeps at most kMaxSpareEvents, none over kMaxSpareBytes.
  void recycle(std::vector<SseEvent>& events);

  State state() const { return state_; }
  // Raw bytes of the block being read (not yet dispatched).
  std::string_view buffered() const { return current_.raw; }

 private:
  // Returns true when the line was blank.
  bool process_line(std::size_t begin, std::size_t end);
  void dispatch(std::vector<SseEvent>& out, bool terminated);
  State fail();

  static constexpr std::size_t kMaxSpareEvents = 2;
  static constexpr std::size_t kMaxSpareBytes = 2048;

  std::size_t max_event_bytes_;
  State state_ = State::kOk;
  std::size_t line_start_ = 0;     // offset in current_.raw of the line being read
  bool pending_cr_ = false;        // the last line ended with CR: a following LF belongs to it
  bool dispatch_pending_ = false;  // a blank line ended with CR; waiting to see if LF follows
  bool at_stream_start_ = true;    // a UTF-8 BOM is skipped on the first line only
  SseEvent current_;               // the block so far: raw holds its bytes, data its data lines
  std::size_t data_lines_ = 0;
  std::vector<SseEvent> spare_;  // recycled events, cleared, for the next blocks
};

}  // namespace groundgate::proxy::sse
