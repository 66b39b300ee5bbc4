// A client's traceparent header: whatever the bytes, parsing never reads out of bounds, and a
// header that parses is written back as it was when it is version 00 (the format has one
// spelling), with ids that are never zero.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "proxy/tracing/trace_context.h"

using namespace groundgate::proxy::tracing;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  const std::string_view header(reinterpret_cast<const char*>(bytes), size);
  const auto parent = parse_traceparent(header);
  if (!parent) return 0;
  if (parent->trace_id == TraceId{} || parent->parent_id == SpanId{}) std::abort();
  if (header.starts_with("00-") && (parent->flags & ~0x01) == 0 &&
      format_traceparent(parent->trace_id, parent->parent_id, parent->sampled()) != header) {
    std::abort();
  }
  return 0;
}
