#pragma once
// W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` header read from
// a client and written towards the upstream. Untrusted bytes: any header that is not exactly
// well formed is ignored (a new trace starts), never an error.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace groundgate::proxy::tracing {

using TraceId = std::array<std::uint8_t, 16>;
using SpanId = std::array<std::uint8_t, 8>;

struct TraceParent {
  TraceId trace_id{};
  SpanId parent_id{};  // the caller's span
  std::uint8_t flags = 0;

  bool sampled() const { return (flags & 0x01) != 0; }
};

// `traceparent` of version 00 ("00-<32 hex>-<16 hex>-<2 hex>", lowercase), or of a later
// version read by those four fields as the specification asks. Nullopt when malformed, for
// version ff, or when an id is all zeros.
std::optional<TraceParent> parse_traceparent(std::string_view header);

// "00-<trace id>-<span id>-01" (sampled) or "-00".
std::string format_traceparent(const TraceId& trace_id, const SpanId& span_id, bool sampled);

// Lowercase hex, two digits per byte (OTLP/JSON writes ids so).
std::string to_hex(std::span<const std::uint8_t> bytes);

// The `tracestate` header is passed on as it came and recorded on spans when it is within
// this size (the specification's 32 members of up to 256 bytes are rarely near it).
inline constexpr std::size_t kMaxTraceStateBytes = 512;

}  // namespace groundgate::proxy::tracing
