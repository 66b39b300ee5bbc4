#include "proxy/sse/sse_event_counter.h"

#include <algorithm>
#include <cstring>

#include "proxy/sse/line_end.h"

namespace groundgate::proxy::sse {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::string_view kDone = "[DONE]";

}  // namespace

SseEventCounter::SseEventCounter(std::size_t max_event_bytes) : max_event_bytes_(max_event_bytes) {}

void SseEventCounter::feed(std::string_view bytes) {
  if (overflowed_) return;
  std::size_t i = 0;
  if (pending_cr_ && !bytes.empty()) {
    pending_cr_ = false;
    if (bytes[0] == '\n') {
      ++block_bytes_;  // SseParser appends this LF without checking the bound
      i = 1;
    }
    if (block_end_pending_) {
      block_end_pending_ = false;
      end_block();
    }
  }
  while (i < bytes.size()) {
    const std::size_t end = find_line_end(bytes, i);
    if (block_bytes_ + (end - i) > max_event_bytes_) {
      overflowed_ = true;
      return;
    }
    take_line_bytes(bytes.data() + i, end - i);
    if (end == bytes.size()) break;
    ++block_bytes_;
    i = end + 1;
    if (bytes[end] == '\r') {
      if (i == bytes.size()) {
        pending_cr_ = true;
      } else if (bytes[i] == '\n') {
        ++block_bytes_;
        ++i;
      }
    }
    if (block_bytes_ > max_event_bytes_) {
      overflowed_ = true;
      return;
    }
    if (end_line()) {
      if (pending_cr_) {
        block_end_pending_ = true;
      } else {
        end_block();
      }
    }
  }
}

bool SseEventCounter::finish() {
  const bool inside_block = block_bytes_ > 0 || overflowed_;
  if (overflowed_) return inside_block;
  pending_cr_ = false;
  if (block_end_pending_) {
    block_end_pending_ = false;
    end_block();
  }
  if (block_bytes_ == 0) return inside_block;
  if (line_bytes_ > 0) end_line();
  end_block();
  return inside_block;
}

void SseEventCounter::take_line_bytes(const char* begin, std::size_t size) {
  if (line_bytes_ < kPrefixBytes) {
    std::memcpy(prefix_ + line_bytes_, begin, std::min(size, kPrefixBytes - line_bytes_));
  }
  line_bytes_ += size;
  block_bytes_ += size;
}

bool SseEventCounter::end_line() {
  std::string_view line(prefix_, std::min(line_bytes_, kPrefixBytes));
  std::size_t length = line_bytes_;
  line_bytes_ = 0;
  if (at_stream_start_) {
    at_stream_start_ = false;
    if (line.starts_with(kBom)) {
      line.remove_prefix(kBom.size());
      length -= kBom.size();
    }
  }
  if (length == 0) return true;
  // Only the field name matters: "data" alone, or "data" then the colon. A comment (':' first)
  // or any other field does not make the block an event.
  if (!line.starts_with("data") || (length > 4 && line[4] != ':')) return false;
  std::size_t value_at = length > 4 ? 5 : 4;
  if (length > 5 && line[5] == ' ') ++value_at;
  // With a line this short its value is all in the prefix.
  data_is_done_ = ++data_lines_ == 1 && length - value_at == kDone.size() &&
                  line.substr(value_at, kDone.size()) == kDone;
  return false;
}

void SseEventCounter::end_block() {
  if (data_lines_ > 0) {
    ++events_;
    if (data_is_done_) done_ = true;
  }
  block_bytes_ = 0;
  data_lines_ = 0;
  data_is_done_ = false;
}

}  // namespace groundgate::proxy::sse
