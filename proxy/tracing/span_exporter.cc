#include "proxy/tracing/span_exporter.h"

#include <algorithm>
#include <iterator>

#include <spdlog/spdlog.h>

namespace groundgate::proxy::tracing {
namespace {
constexpr auto kWarningInterval = std::chrono::seconds(10);
}  // namespace

SpanExporter::SpanExporter(ExporterCounters counters) : counters_(counters) {}

SpanExporter::~SpanExporter() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void SpanExporter::configure(Options options, Transport transport) {
  {
    std::lock_guard lock(mutex_);
    options_ = std::move(options);
    transport_ = std::move(transport);
    if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
  }
  wake_.notify_all();
}

void SpanExporter::submit(std::vector<Span>&& spans) {
  bool full_batch = false;
  {
    std::lock_guard lock(mutex_);
    if (!transport_ || queue_.size() + spans.size() > options_.queue_spans) {
      counters_.dropped_queue_full.inc(spans.size());
      return;
    }
    queue_.insert(queue_.end(), std::make_move_iterator(spans.begin()),
                  std::make_move_iterator(spans.end()));
    full_batch = queue_.size() >= options_.batch_spans;
  }
  if (full_batch) wake_.notify_one();
}

void SpanExporter::flush() {
  std::unique_lock lock(mutex_);
  if (!thread_.joinable()) return;
  const std::uint64_t ticket = ++flush_requested_;
  wake_.notify_all();
  flushed_.wait(lock, [&] { return flush_done_ >= ticket || stop_; });
}

bool SpanExporter::send(const std::vector<Span>& batch, const Options& options,
                        const Transport& transport) {
  const std::string body = otlp_json(options.resource, batch);
  ExportResult result = transport(body);
  if (!result.ok && result.retry) {
    std::this_thread::sleep_for(options.retry_after);
    result = transport(body);
  }
  if (result.ok) {
    counters_.exported.inc(batch.size());
    return true;
  }
  counters_.dropped_export_failed.inc(batch.size());
  // A collector that is down must not flood the log: the metric counts every drop.
  const auto now = std::chrono::steady_clock::now();
  if (now - last_warning_ >= kWarningInterval) {
    last_warning_ = now;
    spdlog::warn("tracing: {} spans dropped, the collector did not take them: {}", batch.size(),
                 result.error);
  }
  return false;
}

void SpanExporter::run() {
  std::unique_lock lock(mutex_);
  auto next_flush = std::chrono::steady_clock::now() + options_.flush_interval;
  for (;;) {
    wake_.wait_until(lock, next_flush, [&] {
      return stop_ || queue_.size() >= options_.batch_spans || flush_requested_ > flush_done_;
    });
    const bool timed_out = std::chrono::steady_clock::now() >= next_flush;
    const bool flushing = stop_ || flush_requested_ > flush_done_;
    const std::uint64_t flush_ticket = flush_requested_;
    // Full batches go at once; a partial one waits for the flush interval.
    while (!queue_.empty() && (queue_.size() >= options_.batch_spans || timed_out || flushing)) {
      const std::size_t n = std::min(queue_.size(), options_.batch_spans);
      std::vector<Span> batch(std::make_move_iterator(queue_.begin()),
                              std::make_move_iterator(queue_.begin() + static_cast<long>(n)));
      queue_.erase(queue_.begin(), queue_.begin() + static_cast<long>(n));
      const Options options = options_;
      const Transport transport = transport_;
      lock.unlock();
      const bool sent = send(batch, options, transport);
      lock.lock();
      // Stopping: a collector that fails is not waited for once per remaining batch.
      if (!sent && stop_) {
        counters_.dropped_export_failed.inc(queue_.size());
        queue_.clear();
      }
    }
    if (timed_out) next_flush = std::chrono::steady_clock::now() + options_.flush_interval;
    flush_done_ = std::max(flush_done_, flush_ticket);
    flushed_.notify_all();
    if (stop_) return;
  }
}

}  // namespace groundgate::proxy::tracing
