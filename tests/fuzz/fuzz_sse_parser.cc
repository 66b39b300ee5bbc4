// The SSE parser gives the same events however the input is split, and the raw bytes of its
// events rebuild the input. The event counter of the pass-through path (which relays these
// bytes unparsed) agrees with the parser on the events, [DONE] and the end inside a block.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "proxy/sse/sse_event_counter.h"
#include "proxy/sse/sse_parser.h"

namespace {

using groundgate::proxy::sse::SseEvent;
using groundgate::proxy::sse::SseEventCounter;
using groundgate::proxy::sse::SseParser;

constexpr std::size_t kMaxEvent = 1024;

bool same(const SseEvent& a, const SseEvent& b) {
  return a.raw == b.raw && a.data == b.data && a.type == b.type && a.id == b.id &&
         a.retry == b.retry && a.has_data == b.has_data && a.terminated == b.terminated;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t stride = 1 + bytes[0] % 16;  // the first byte picks how to split the rest
  const std::string_view input(reinterpret_cast<const char*>(bytes) + 1, size - 1);

  SseParser whole(kMaxEvent);
  std::vector<SseEvent> expected;
  whole.feed(input, expected);
  whole.finish(expected);

  SseParser pieces(kMaxEvent);
  std::vector<SseEvent> actual;
  SseEventCounter counter(kMaxEvent);
  bool overflowed = false;
  for (std::size_t at = 0; at < input.size(); at += stride) {
    if (pieces.state() == SseParser::State::kOk &&
        pieces.feed(input.substr(at, stride), actual) != SseParser::State::kOk) {
      overflowed = true;
    }
    counter.feed(input.substr(at, stride));
  }
  const bool inside_block = !pieces.buffered().empty() || pieces.state() != SseParser::State::kOk;
  pieces.finish(actual);

  std::uint64_t events = 0;
  bool done = false;
  for (const SseEvent& event : actual) {
    if (!event.has_data) continue;
    ++events;
    done = done || event.is_done();
  }
  if (counter.finish() != inside_block || counter.events() != events ||
      counter.done_seen() != done || counter.overflowed() != overflowed) {
    __builtin_trap();
  }

  if (whole.state() != pieces.state()) __builtin_trap();
  if (whole.state() != SseParser::State::kOk) return 0;
  if (expected.size() != actual.size()) __builtin_trap();
  std::string rebuilt;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (!same(expected[i], actual[i])) __builtin_trap();
    rebuilt += expected[i].raw;
  }
  if (rebuilt != input) __builtin_trap();
  return 0;
}
