#pragma once
// The groundgate metric set, registered on one registry. Plain references to the families:
// resolve a child once (`m.requests_total.with({route, "200"})`) and keep the reference.

#include <string_view>

#include "proxy/observability/error_kind.h"
#include "proxy/observability/metrics_registry.h"

namespace groundgate::proxy::observability {

// Values of the `direction` label of groundgate_bytes_total.
inline constexpr std::string_view kClientIn = "client_in";
inline constexpr std::string_view kClientOut = "client_out";
inline constexpr std::string_view kUpstreamIn = "upstream_in";
inline constexpr std::string_view kUpstreamOut = "upstream_out";

// Values of the `result` label of groundgate_config_reloads_total.
inline constexpr std::string_view kReloadOk = "ok";
inline constexpr std::string_view kReloadError = "error";
inline constexpr std::string_view kCacheHit = "hit";
inline constexpr std::string_view kCacheMiss = "miss";

// Values of the `reason` label of groundgate_upstream_retries_total: why a request went again on
// a new connection after a pooled one failed it. kRetryWriteFailed: the request could not be
// written to it; kRetryEmptyResponse: it closed before any byte of the response.
inline constexpr std::string_view kRetryWriteFailed = "write_failed";
inline constexpr std::string_view kRetryEmptyResponse = "empty_response";

// Requests, connections and bytes: what the proxy relays.
struct RequestMetrics {
  explicit RequestMetrics(MetricsRegistry& registry);

  CounterFamily& requests_total;               // {route, status}
  GaugeFamily& streams_in_flight;              // SSE responses being relayed
  GaugeFamily& connections_open;               // client connections
  CounterFamily& connections_accepted_total;   // {thread}: I/O thread that runs the connection
  HistogramFamily& upstream_ttfb_seconds;      // {route}: request sent → first response byte
  HistogramFamily& added_latency_seconds;      // per forwarded SSE event: in → out
  HistogramFamily& request_duration_seconds;   // {route}: request received → response done
  CounterFamily& bytes_total;                  // {direction}
  CounterFamily& errors_total;                 // {kind}: error_kind_name()
  CounterFamily& request_body_not_json_total;  // {route}: inspected route, body not JSON
  CounterFamily& config_reloads_total;         // {result}: ok | error
};

// The checks' work on the answers (actions, verdicts, side requests and jobs, how long a
// sentence took) and the upstream retries.
struct CheckWorkMetrics {
  explicit CheckWorkMetrics(MetricsRegistry& registry);

  CounterFamily& filter_actions_total;  // {route, filter, action}
  CounterFamily& verdicts_total;        // {route, label}: verification verdicts
  CounterFamily& side_requests_total;   // {route, outcome}: ok | failed
  // {route, outcome}: ran | overloaded | timeout | cancelled
  CounterFamily& side_jobs_total;
  CounterFamily& upstream_retries_total;  // {route, reason}: write_failed | empty_response
  GaugeFamily& side_requests_in_flight;   // side requests being sent or answered now
  GaugeFamily& side_jobs_queued;          // side jobs waiting for a worker or running
  HistogramFamily& verification_seconds;  // {route}: one sentence's verification
  HistogramFamily& hold_delay_seconds;    // {route}: a held sentence's wait after its end
};

// The context index (its cache, where it is built) and what the proxy sends out (trace spans,
// the verdict webhook).
struct CacheAndExportMetrics {
  explicit CacheAndExportMetrics(MetricsRegistry& registry);

  // The context-index cache, brought in from its own counts at each scrape.
  CounterFamily& context_cache_lookups_total;    // {result}: hit | miss
  CounterFamily& context_cache_evictions_total;  // indexes dropped to stay in the bound
  GaugeFamily& context_cache_bytes;              // memory of the cached indexes
  GaugeFamily& context_cache_entries;            // indexes cached
  CounterFamily& filter_preparations_total;      // {where}: inline | worker
  CounterFamily& trace_spans_exported_total;     // spans the collector took
  CounterFamily& trace_spans_dropped_total;      // {reason}: queue_full | export_failed
  CounterFamily& verdict_webhook_posts_total;    // {result}: sent | queue_full | failed
};

// The judge (filters/checks/judge): per stream, from its report; per policy, at each scrape.
struct JudgeMetrics {
  explicit JudgeMetrics(MetricsRegistry& registry);

  CounterFamily& judge_calls_total;           // {route, method, outcome}: judge_call.h's statuses
  CounterFamily& judge_tokens_total;          // {route, method, kind}: input | output
  CounterFamily& judge_sentences_total;       // {route, outcome}: decided|rejected|failed|cached
  CounterFamily& judge_skipped_total;         // {route, reason}: sentences in the band not asked
  CounterFamily& judge_rejected_total;        // {route, reason}: answers acceptance refused
  HistogramFamily& judge_seconds;             // {route}: a sentence's time with the judge
  GaugeFamily& judge_breaker_state;           // {policy}: 0 closed, 1 open, 2 half-open
  CounterFamily& judge_breaker_opened_total;  // {policy}
  GaugeFamily& judge_calls_in_flight;         // {policy}
  CounterFamily& judge_cache_lookups_total;   // {policy, result}: hit | miss
  GaugeFamily& judge_cache_bytes;             // {policy}
};

// The whole set, section by section: families register in declaration order, the order of
// the exposition.
struct ProxyMetrics : RequestMetrics, CheckWorkMetrics, CacheAndExportMetrics, JudgeMetrics {
  // Registers every family; a registry holds one ProxyMetrics at most (names are unique).
  explicit ProxyMetrics(MetricsRegistry& registry);

  // Children with fixed labels that every request updates, resolved once.
  Counter& client_in_bytes;
  Counter& client_out_bytes;
  Counter& upstream_in_bytes;
  Counter& upstream_out_bytes;
  Gauge& sse_streams_in_flight;
  Gauge& side_requests_now;
  Histogram& added_latency;
  Counter& trace_spans_exported;
  Counter& trace_spans_dropped_queue_full;
  Counter& trace_spans_dropped_export_failed;
  Counter& webhook_sent;
  Counter& webhook_queue_full;
  Counter& webhook_failed;
};

}  // namespace groundgate::proxy::observability
