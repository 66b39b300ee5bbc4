#pragma once
// Sends finished spans to an OpenTelemetry collector without putting the work on the data
// path: submit() moves spans into a bounded queue under a short lock (no serialization, no
// I/O); a thread of the exporter's own takes them out in batches, writes the OTLP JSON and
// hands it to the transport. A full queue drops the spans submitted, a batch the collector
// does not take (after one retry for a temporary failure) is dropped; both are counted.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "proxy/observability/counter.h"
#include "proxy/tracing/otlp_json.h"
#include "proxy/tracing/span.h"

namespace groundgate::proxy::tracing {

struct ExportResult {
  bool ok = false;
  bool retry = false;  // a temporary failure (no connection, 429, 502-504): worth one more try
  std::string error;
};

// Posts one OTLP JSON body to the collector; runs on the exporter's thread and may block up
// to its own timeout.
using Transport = std::function<ExportResult(const std::string& body)>;

struct ExporterCounters {
  observability::Counter& exported;
  observability::Counter& dropped_queue_full;
  observability::Counter& dropped_export_failed;
};

class SpanExporter {
 public:
  using Millis = std::chrono::milliseconds;
  struct Options {
    std::size_t queue_spans = 4096;
    std::size_t batch_spans = 512;
    Millis flush_interval{2'000};
    Millis retry_after{1'000};
    Resource resource;
  };

  explicit SpanExporter(ExporterCounters counters);
  // Sends what is queued (each batch bounded by the transport's timeout), then stops.
  ~SpanExporter();
  SpanExporter(const SpanExporter&) = delete;
  SpanExporter& operator=(const SpanExporter&) = delete;

  // Sets the bounds, the resource and the transport for what is sent from now on; starts the
  // thread on the first call. Safe from any thread (a config reload).
  void configure(Options options, Transport transport);
  // Queues the spans of one request, or drops them all when they do not fit. Never blocks on
  // the transport.
  void submit(std::vector<Span>&& spans);
  // Sends everything queued now and returns when it has been handed to the transport (tests).
  void flush();

 private:
  void run();
  // Sends one batch, retrying once; counts the outcome. False when it was dropped.
  bool send(const std::vector<Span>& batch, const Options& options, const Transport& transport);

  ExporterCounters counters_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable flushed_;
  Options options_;      // under mutex_
  Transport transport_;  // under mutex_
  std::vector<Span> queue_;
  bool stop_ = false;
  std::uint64_t flush_requested_ = 0;  // flush() calls so far
  std::uint64_t flush_done_ = 0;       // of those, the ones whose spans were sent
  std::chrono::steady_clock::time_point last_warning_{};  // the exporter thread's
  std::thread thread_;
};

}  // namespace groundgate::proxy::tracing
