#include "proxy/observability/proxy_metrics.h"

namespace groundgate::proxy::observability {
namespace {

// LLM first tokens take from tens of milliseconds to a minute.
const std::vector<double> kTtfbBounds = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
                                         1,     2.5,  5,     10,   30,  60};
// What the proxy itself adds to one SSE event: 1 µs to 100 ms.
const std::vector<double> kAddedLatencyBounds = {1e-6, 2.5e-6, 5e-6, 1e-5, 2.5e-5, 5e-5,
                                                 1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3,
                                                 0.01, 0.025,  0.05, 0.1};
// One sentence's check, or how long a held sentence waited: 1 µs to 1 s.
const std::vector<double> kVerificationBounds = {1e-6,   5e-6, 1e-5, 2.5e-5, 5e-5, 1e-4,
                                                 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 0.01,
                                                 0.025,  0.05, 0.1,  0.25,   1};
// A judge's calls for one sentence: a local model in tens of milliseconds, a debate's seven calls
// in tens of seconds.
const std::vector<double> kJudgeBounds = {0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60};
// Streamed answers can last minutes.
const std::vector<double> kDurationBounds = {0.01, 0.05, 0.1, 0.25, 0.5, 1,  2.5,
                                             5,    10,   30,  60,   120, 300};

}  // namespace

RequestMetrics::RequestMetrics(MetricsRegistry& registry)
    : requests_total(registry.counter("groundgate_requests_total",
                                      "Requests answered, by route and HTTP status.",
                                      {"route", "status"})),
      streams_in_flight(registry.gauge("groundgate_streams_in_flight",
                                       "Streamed (SSE) responses being relayed now.")),
      connections_open(
          registry.gauge("groundgate_connections_open", "Client connections open now.")),
      connections_accepted_total(registry.counter(
          "groundgate_connections_accepted_total",
          "Client connections accepted, by the I/O thread (0-based) that runs them.", {"thread"})),
      upstream_ttfb_seconds(registry.histogram(
          "groundgate_upstream_ttfb_seconds",
          "Time from sending the request upstream to the first byte of its response.", {"route"},
          kTtfbBounds)),
      added_latency_seconds(registry.histogram(
          "groundgate_added_latency_seconds",
          "Latency the proxy adds to each forwarded SSE event (upstream in to client out).", {},
          kAddedLatencyBounds)),
      request_duration_seconds(registry.histogram(
          "groundgate_request_duration_seconds",
          "Time from receiving a request to the end of its response.", {"route"}, kDurationBounds)),
      bytes_total(registry.counter("groundgate_bytes_total",
                                   "Bytes moved, by direction (client_in, client_out, "
                                   "upstream_in, upstream_out).",
                                   {"direction"})),
      errors_total(
          registry.counter("groundgate_errors_total", "Failed requests, by error kind.", {"kind"})),
      request_body_not_json_total(registry.counter(
          "groundgate_request_body_not_json_total",
          "Requests on an inspected route whose body was not JSON (forwarded unchecked).",
          {"route"})),
      config_reloads_total(registry.counter("groundgate_config_reloads_total",
                                            "Configuration reloads, by result (ok, error).",
                                            {"result"})) {}

CheckWorkMetrics::CheckWorkMetrics(MetricsRegistry& registry)
    : filter_actions_total(registry.counter("groundgate_filter_actions_total",
                                            "Actions taken by stream filters.",
                                            {"route", "filter", "action"})),
      verdicts_total(registry.counter("groundgate_verdicts_total",
                                      "Verdicts of the verification engines, by label.",
                                      {"route", "label"})),
      side_requests_total(registry.counter(
          "groundgate_side_requests_total",
          "Requests filters had the proxy send to the route's model (SQL check 5), by outcome "
          "(ok, failed: an error, a timeout, a non-2xx status or cancelled).",
          {"route", "outcome"})),
      side_jobs_total(registry.counter(
          "groundgate_side_jobs_total",
          "Blocking check work filters had the proxy run on its workers (an SQL query's runs on "
          "the operator's database), by outcome: ran, overloaded (no worker free and the queue "
          "full: not run), timeout (its batch's time ran out), cancelled (the client left).",
          {"route", "outcome"})),
      upstream_retries_total(registry.counter(
          "groundgate_upstream_retries_total",
          "Requests sent again on a new upstream connection after a pooled one failed them, by "
          "reason: write_failed (the request could not be written to it) or empty_response (it "
          "closed before any byte of the response; idempotent requests without a body only).",
          {"route", "reason"})),
      side_requests_in_flight(registry.gauge(
          "groundgate_side_requests_in_flight",
          "Side requests (SQL check 5) being sent to a model or waiting for its answer now.")),
      side_jobs_queued(registry.gauge(
          "groundgate_side_jobs_queued",
          "Side jobs waiting for a worker or running now (limits.filter_jobs bounds them).")),
      verification_seconds(
          registry.histogram("groundgate_verification_seconds",
                             "Time the verification engines took on one answer sentence.",
                             {"route"}, kVerificationBounds)),
      hold_delay_seconds(registry.histogram(
          "groundgate_hold_delay_seconds",
          "How long a held sentence waited after its last byte arrived (hold: sentence).",
          {"route"}, kVerificationBounds)) {}

CacheAndExportMetrics::CacheAndExportMetrics(MetricsRegistry& registry)
    : context_cache_lookups_total(registry.counter(
          "groundgate_context_cache_lookups_total",
          "Context-index cache lookups, by result (hit: the request's context was indexed "
          "before; miss: indexed now).",
          {"result"})),
      context_cache_evictions_total(
          registry.counter("groundgate_context_cache_evictions_total",
                           "Context indexes dropped from the cache to stay within its bound.")),
      context_cache_bytes(registry.gauge("groundgate_context_cache_bytes",
                                         "Memory held by the cached context indexes.")),
      context_cache_entries(
          registry.gauge("groundgate_context_cache_entries", "Context indexes in the cache.")),
      filter_preparations_total(registry.counter(
          "groundgate_filter_preparations_total",
          "Streams whose filters had one-off work (indexing the request's context), by where it "
          "ran: inline on the I/O thread (small) or on a worker (large).",
          {"where"})),
      trace_spans_exported_total(
          registry.counter("groundgate_trace_spans_exported_total",
                           "Trace spans the OpenTelemetry collector accepted.")),
      trace_spans_dropped_total(registry.counter(
          "groundgate_trace_spans_dropped_total",
          "Trace spans dropped, by reason: queue_full (the exporter's queue was full when the "
          "request ended) or export_failed (the collector did not take the batch).",
          {"reason"})),
      verdict_webhook_posts_total(registry.counter(
          "groundgate_verdict_webhook_posts_total",
          "Flagged answers' summaries for the verdict webhook, by result: sent (the receiver "
          "took it), queue_full (dropped before sending) or failed (every attempt failed).",
          {"result"})) {}

JudgeMetrics::JudgeMetrics(MetricsRegistry& registry)
    : judge_calls_total(registry.counter(
          "groundgate_judge_calls_total",
          "Calls to judge models, by route, method and outcome (ok, timeout, failed, "
          "http_error, unreadable, garbage: an answer in no form the method asked for, "
          "cancelled).",
          {"route", "method", "outcome"})),
      judge_tokens_total(registry.counter(
          "groundgate_judge_tokens_total",
          "Tokens judge models reported using (their answers' usage), by route, method and kind "
          "(input, output).",
          {"route", "method", "kind"})),
      judge_sentences_total(registry.counter(
          "groundgate_judge_sentences_total",
          "Sentences put to the judge, by outcome: decided (its verdict, evidence checked, set "
          "the label), rejected (a verdict without checkable evidence: the scorer's label "
          "stood), failed (no verdict), cached (answered from the verdict cache).",
          {"route", "outcome"})),
      judge_skipped_total(registry.counter(
          "groundgate_judge_skipped_total",
          "Sentences in the judge's band not put to it, by reason (max_sentences, "
          "max_calls_per_answer, max_in_flight, breaker_open, no_side_requests, ...).",
          {"route", "reason"})),
      judge_rejected_total(registry.counter(
          "groundgate_judge_rejected_total",
          "Judge answers not taken, by reason (filters/judge/acceptance.h: quote_unrelated, "
          "quote_not_in_context, no_quote, evidence_stands, quote_contradicts, ...): the "
          "sentence kept the engines' label.",
          {"route", "reason"})),
      judge_seconds(registry.histogram(
          "groundgate_judge_seconds",
          "Time from a sentence's first call to the judge to its verdict (every round).", {"route"},
          kJudgeBounds)),
      judge_breaker_state(registry.gauge(
          "groundgate_judge_breaker_state",
          "A policy's judge circuit breaker: 0 closed, 1 open (sentences keep the scorer's "
          "label), 2 half-open (one probe out).",
          {"policy"})),
      judge_breaker_opened_total(registry.counter("groundgate_judge_breaker_opened_total",
                                                  "Times a policy's judge breaker opened.",
                                                  {"policy"})),
      judge_calls_in_flight(registry.gauge("groundgate_judge_calls_in_flight",
                                           "A policy's judge calls out now (max_in_flight bounds "
                                           "it).",
                                           {"policy"})),
      judge_cache_lookups_total(registry.counter(
          "groundgate_judge_cache_lookups_total",
          "A policy's judge verdict cache lookups, by result (hit, miss).", {"policy", "result"})),
      judge_cache_bytes(registry.gauge("groundgate_judge_cache_bytes",
                                       "Memory held by a policy's judge verdict cache.",
                                       {"policy"})) {}

ProxyMetrics::ProxyMetrics(MetricsRegistry& registry)
    : RequestMetrics(registry),
      CheckWorkMetrics(registry),
      CacheAndExportMetrics(registry),
      JudgeMetrics(registry),
      // Known label values are exposed at 0 from the start, so rate() sees their first increase.
      client_in_bytes(bytes_total.with({kClientIn})),
      client_out_bytes(bytes_total.with({kClientOut})),
      upstream_in_bytes(bytes_total.with({kUpstreamIn})),
      upstream_out_bytes(bytes_total.with({kUpstreamOut})),
      sse_streams_in_flight(streams_in_flight.with({})),
      side_requests_now(side_requests_in_flight.with({})),
      added_latency(added_latency_seconds.with({})),
      trace_spans_exported(trace_spans_exported_total.with({})),
      trace_spans_dropped_queue_full(trace_spans_dropped_total.with({"queue_full"})),
      trace_spans_dropped_export_failed(trace_spans_dropped_total.with({"export_failed"})),
      webhook_sent(verdict_webhook_posts_total.with({"sent"})),
      webhook_queue_full(verdict_webhook_posts_total.with({"queue_full"})),
      webhook_failed(verdict_webhook_posts_total.with({"failed"})) {
  for (ErrorKind kind : kAllErrorKinds)
    errors_total.with({error_kind_name(kind)});
  for (std::string_view r : {kReloadOk, kReloadError})
    config_reloads_total.with({r});
  for (std::string_view r : {kCacheHit, kCacheMiss})
    context_cache_lookups_total.with({r});
  context_cache_evictions_total.with({});
  for (std::string_view where : {"inline", "worker"})
    filter_preparations_total.with({where});
  context_cache_bytes.with({});
  context_cache_entries.with({});
  side_jobs_queued.with({});
}

}  // namespace groundgate::proxy::observability
