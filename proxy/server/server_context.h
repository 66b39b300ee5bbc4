#pragma once
// What every connection of a running proxy shares: the config store, metrics, access log and
// the drain flag. Sessions hold a shared_ptr, so a session frame destroyed late (when the
// io_context shuts down) never points at freed state.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

#include "proxy/observability/access_log.h"
#include "proxy/observability/metrics_registry.h"
#include "proxy/observability/proxy_metrics.h"
#include "proxy/observability/verdict_store.h"
#include "proxy/observability/verdict_webhook.h"
#include "proxy/server/filter_workers.h"
#include "proxy/server/runtime_config.h"
#include "proxy/server/upstream_pool.h"
#include "proxy/tracing/span_exporter.h"

namespace groundgate::proxy::server {

// The filters' workers as `limits` sizes them (read once at start: a reload keeps them).
inline FilterWorkers::Options worker_options(const config::Limits& limits) {
  FilterWorkers::Options options;
  options.threads = limits.filter_workers > 0
                        ? static_cast<unsigned>(limits.filter_workers)
                        : std::max(1u, std::thread::hardware_concurrency() / 2);
  options.max_jobs = limits.filter_jobs;
  return options;
}

struct ServerContext {
  explicit ServerContext(std::shared_ptr<const RuntimeConfig> runtime)
      : configs(std::move(runtime)),
        metrics(registry),
        filter_workers(worker_options(configs.current()->config->limits)),
        span_exporter({metrics.trace_spans_exported, metrics.trace_spans_dropped_queue_full,
                       metrics.trace_spans_dropped_export_failed}),
        verdict_webhook(
            {metrics.webhook_sent, metrics.webhook_queue_full, metrics.webhook_failed}) {}

  ConfigStore configs;
  observability::MetricsRegistry registry;
  observability::ProxyMetrics metrics;
  std::unique_ptr<observability::AccessLog> access_log;  // null: no access log
  std::atomic<bool> draining{false};
  // The drain timeout ran out: exchanges still running end now, as an upstream failure would
  // end them (a streamed answer with an error event and the end of its body).
  std::atomic<bool> drain_expired{false};
  std::atomic<int64_t> exchanges_in_flight{0};
  std::atomic<uint64_t> next_request_id{1};
  UpstreamPool upstream_pool;  // limits per upstream from its config (`pool:`)
  // Index large request contexts and run side jobs (SQL on the operator's database) off the
  // I/O threads.
  FilterWorkers filter_workers;
  // Sends the spans of traced requests (tracing:) from a thread of its own.
  tracing::SpanExporter span_exporter;
  // Guarded answers' verdicts for GET /verdicts/{id} (verdicts:), and the webhook that posts
  // flagged ones (verdict_webhook:).
  observability::VerdictStore verdicts;
  std::atomic<bool> verdicts_from_anywhere{false};  // else the look-up answers loopback peers only
  observability::VerdictWebhook verdict_webhook;
};

}  // namespace groundgate::proxy::server
