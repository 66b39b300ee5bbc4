// The streaming transform over Responses API events. A chain that changes nothing is
// byte-identical up to the answer's end however the upstream bytes are split (unless a repeat of
// the text disagrees with the deltas: it is then made to agree); with a filter that uppercases (and
// holds half of) what it releases, stops on STOP and holds tool calls, every place an event the
// client gets carries answer text (deltas, output_text.done, refusals, parts, message items, the
// final response) holds only text the filter released: no lowercase letter survives, so no
// unchecked byte leaks.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/filter_chain.h"
#include "proxy/openai/responses_event_decoder.h"
#include "proxy/openai/responses_stream_adapter.h"
#include "proxy/sse/sse_parser.h"
#include "proxy/sse/sse_transform.h"
#include "tests/fuzz/fuzz_filters.h"

namespace {

using groundgate::filters::stream::FilterChain;
using groundgate::filters::stream::StreamFilter;
using namespace groundgate::proxy::openai;
using groundgate::proxy::sse::AnnotationPlacement;
using groundgate::proxy::sse::SseTransform;

constexpr std::size_t kMaxEvent = 1 << 20;

// The client's bytes; `changed`: how many events the transform made or rewrote. Even with no
// filter, a repeat that disagrees with the deltas is rewritten to what the client was sent, and
// one that says more gets that text checked and sent in a delta of its own.
std::string run(FilterChain* chain, std::string_view input, std::size_t stride,
                std::size_t* changed = nullptr) {
  SseTransform transform(chain, kMaxEvent, AnnotationPlacement::kInChunks,
                         std::make_unique<ResponsesStreamAdapter>());
  std::string out;
  for (std::size_t at = 0; at < input.size() && !transform.stopped(); at += stride)
    (void)transform.feed(input.substr(at, stride), out);
  transform.finish(true, out);
  if (changed != nullptr) {
    *changed = transform.counters().chunks_synthesised + transform.counters().chunks_rewritten;
  }
  return out;
}

FilterChain chain_of(std::unique_ptr<StreamFilter> filter) {
  std::vector<std::unique_ptr<StreamFilter>> filters;
  filters.push_back(std::move(filter));
  return FilterChain(std::move(filters));
}

void expect_upper(std::string_view text) {
  for (char c : text)
    if (c >= 'a' && c <= 'z') __builtin_trap();
}

void expect_upper(const ResponsesItem& item) {
  if (item.type != "message") return;
  for (const ResponsesPart& part : item.content)
    if (part.type == "output_text" || part.type == "refusal") expect_upper(part.text);
}

// Every text place of the events the client got that the transform reads as answer text.
void expect_only_released_text(std::string_view out) {
  groundgate::proxy::sse::SseParser parser(kMaxEvent);
  std::vector<groundgate::proxy::sse::SseEvent> events;
  parser.feed(out, events);
  parser.finish(events);
  ResponsesEventDecoder decoder;
  ResponsesEvent event;
  for (const auto& sse : events) {
    if (!sse.has_data || !decoder.decode(sse.data, event).ok) continue;
    const std::string_view type = event.type;
    // Refusals are answer text too (the filter reads them).
    if (type == "response.output_text.delta" || type == "response.refusal.delta") {
      expect_upper(event.delta);
    }
    if (type == "response.output_text.done" || type == "response.refusal.done") {
      expect_upper(event.text);
    }
    // Events of other types are not answer text to a client (they skip unknown types).
    if ((type == "response.content_part.added" || type == "response.content_part.done") &&
        event.part && (event.part->type == "output_text" || event.part->type == "refusal")) {
      expect_upper(event.part->text);
    }
    if ((type == "response.output_item.added" || type == "response.output_item.done") &&
        event.item) {
      expect_upper(*event.item);
    }
    if ((type == "response.completed" || type == "response.incomplete" ||
         type == "response.failed") &&
        event.response) {
      for (const ResponsesItem& item : event.response->output)
        expect_upper(item);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t stride = 1 + bytes[0] % 32;
  const std::string_view input(reinterpret_cast<const char*>(bytes) + 1, size - 1);

  FilterChain pass = chain_of(std::make_unique<StreamFilter>());
  std::size_t changed = 0;
  const std::string out = run(&pass, input, stride, &changed);
  if (!pass.stopped() && changed == 0 &&
      !groundgate::fuzz::relayed_up_to_the_end(input, out, /*responses=*/true)) {
    __builtin_trap();
  }

  FilterChain rewrite = chain_of(std::make_unique<groundgate::fuzz::UppercaseHalfFilter>());
  expect_only_released_text(run(&rewrite, input, stride));
  return 0;
}
