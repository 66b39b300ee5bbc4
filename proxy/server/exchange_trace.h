#pragma once
// The trace of one exchange: the W3C trace context read from the client (or a new one), the
// traceparent sent upstream, and, when the request is sampled, its spans: the request
// (server), the upstream exchange (client, with its time to first byte), the preparation of
// the request's context, and the verification of the answer. The exchange marks moments; the
// spans are built once, when it ends, from those marks and its access log record, and queued
// for the exporter. Without tracing, or unsampled, a mark is one branch.

#include <array>
#include <chrono>
#include <cstdint>
#include <string>

#include "config/config.h"
#include "proxy/http1/header_fields.h"
#include "proxy/observability/access_log_record.h"
#include "proxy/tracing/sampler.h"
#include "proxy/tracing/span_exporter.h"

namespace groundgate::proxy::server {

class ExchangeTrace {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Mark : std::uint8_t {
    kUpstreamStart,  // a connection to the upstream is sought
    kFirstByte,      // the upstream's response header arrived
    kPrepareStart,   // the filters' one-off work on the request's context
    kPrepareEnd,
    kBodyStart,  // the response body, through the filters
    kBodyEnd,
    kCount
  };

  // `sampler` null: tracing is off, nothing is read or written.
  void begin(const tracing::Sampler* sampler, const http1::HeaderFields& request,
             Clock::time_point start);
  // Tracing is on: the upstream gets our traceparent instead of the client's.
  bool propagates() const { return propagates_; }
  // "00-<trace>-<upstream span>-<flags>", when propagates().
  const std::string& upstream_traceparent() const { return upstream_traceparent_; }
  bool recording() const { return recording_; }

  void mark(Mark m) {
    if (recording_) marks_[static_cast<std::size_t>(m)] = Clock::now();
  }
  // Where the preparation ran ("inline" or "worker").
  void prepared_on(std::string_view where) {
    if (recording_) prepared_on_ = where;
  }

  // Builds the spans from the marks and the finished `record` and queues them. `upstream`:
  // the route's (null when no route matched).
  void finish(const observability::AccessLogRecord& record, const config::UpstreamConfig* upstream,
              tracing::SpanExporter& exporter) const;

 private:
  bool propagates_ = false;
  bool recording_ = false;
  tracing::TraceId trace_id_{};
  tracing::SpanId parent_id_{};  // the client's span; zeros for a trace started here
  tracing::SpanId request_span_id_{};
  tracing::SpanId upstream_span_id_{};
  std::string trace_state_;
  std::string upstream_traceparent_;
  std::string_view prepared_on_;
  Clock::time_point start_;
  std::array<Clock::time_point, static_cast<std::size_t>(Mark::kCount)> marks_{};
};

}  // namespace groundgate::proxy::server
