#pragma once
// One finished span as the exporter sends it (the OTLP data model, reduced to what groundgate
// records). Attributes are names, counts, times and labels: never request or answer text.

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "proxy/tracing/trace_context.h"

namespace groundgate::proxy::tracing {

// OTLP's Span.SpanKind values.
enum class SpanKind : std::uint8_t { kInternal = 1, kServer = 2, kClient = 3 };
// OTLP's Status.StatusCode values.
enum class SpanStatus : std::uint8_t { kUnset = 0, kOk = 1, kError = 2 };

using AttributeValue = std::variant<std::string, std::int64_t, double, bool>;

struct Attribute {
  std::string key;
  AttributeValue value;
};

struct SpanEvent {
  std::string name;
  std::uint64_t time_unix_ns = 0;
};

struct Span {
  TraceId trace_id{};
  SpanId span_id{};
  SpanId parent_span_id{};  // all zeros: a root span
  std::string trace_state;  // the client's tracestate, when it had one
  std::string name;
  SpanKind kind = SpanKind::kInternal;
  std::uint64_t start_unix_ns = 0;
  std::uint64_t end_unix_ns = 0;
  std::vector<Attribute> attributes;
  std::vector<SpanEvent> events;
  SpanStatus status = SpanStatus::kUnset;
  std::string status_message;  // an error kind, never text from the exchange

  void set(std::string key, AttributeValue value) {
    attributes.push_back({std::move(key), std::move(value)});
  }
};

}  // namespace groundgate::proxy::tracing
