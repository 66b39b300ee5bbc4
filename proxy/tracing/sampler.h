#pragma once
// Which requests are traced, and new ids. OpenTelemetry's ParentBased(TraceIdRatioBased): a
// request whose traceparent says sampled is traced, one that says not is not; a new trace is
// traced when its id falls in the ratio, so every service using the same rule agrees on it.

#include <optional>

#include "proxy/tracing/trace_context.h"

namespace groundgate::proxy::tracing {

class Sampler {
 public:
  // `ratio` in [0, 1]; `parent_based` false: the ratio decides for every trace.
  Sampler(double ratio, bool parent_based);

  bool sample(const std::optional<TraceParent>& parent, const TraceId& trace_id) const;

 private:
  std::uint64_t bound_;  // trace ids whose low 8 bytes, as a number, are below it are traced
  bool always_;
  bool parent_based_;
};

// Random ids, never all zeros (a per-thread generator seeded from the system).
TraceId new_trace_id();
SpanId new_span_id();

}  // namespace groundgate::proxy::tracing
