#include "proxy/observability/verdict_webhook.h"

#include <spdlog/spdlog.h>

namespace groundgate::proxy::observability {
namespace {
constexpr auto kWarningInterval = std::chrono::seconds(10);
}  // namespace

VerdictWebhook::VerdictWebhook(WebhookCounters counters) : counters_(counters) {}

VerdictWebhook::~VerdictWebhook() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void VerdictWebhook::configure(Options options, WebhookTransport transport) {
  {
    std::lock_guard lock(mutex_);
    options_ = options;
    transport_ = std::move(transport);
    if (transport_ && !thread_.joinable()) thread_ = std::thread([this] { run(); });
  }
  wake_.notify_all();
}

bool VerdictWebhook::enabled() const {
  std::lock_guard lock(mutex_);
  return transport_ != nullptr;
}

void VerdictWebhook::submit(std::string body) {
  {
    std::lock_guard lock(mutex_);
    if (!transport_ || stop_ || queue_.size() >= options_.queue) {
      counters_.dropped_queue_full.inc();
      return;
    }
    queue_.push_back(std::move(body));
  }
  wake_.notify_one();
}

void VerdictWebhook::flush() {
  std::unique_lock lock(mutex_);
  if (!thread_.joinable()) return;
  idle_.wait(lock, [&] { return (queue_.empty() && !sending_) || stop_; });
}

void VerdictWebhook::send(const std::string& body, const Options& options,
                          const WebhookTransport& transport) {
  Millis wait = options.retry_after;
  WebhookResult result = transport(body);
  for (std::size_t attempt = 1; !result.ok && result.retry && attempt < options.attempts;
       ++attempt) {
    {
      // Waits between attempts, but not past a stop.
      std::unique_lock lock(mutex_);
      if (wake_.wait_for(lock, wait, [&] { return stop_; })) break;
    }
    wait *= 2;
    result = transport(body);
  }
  if (result.ok) {
    counters_.sent.inc();
    return;
  }
  counters_.failed.inc();
  // A receiver that is down must not flood the log: the metric counts every failure.
  const auto now = std::chrono::steady_clock::now();
  if (now - last_warning_ >= kWarningInterval) {
    last_warning_ = now;
    spdlog::warn("verdict_webhook: a post was dropped, the receiver did not take it: {}",
                 result.error);
  }
}

void VerdictWebhook::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping with nothing left
    std::string body = std::move(queue_.front());
    queue_.pop_front();
    sending_ = true;
    Options options = options_;
    const WebhookTransport transport = transport_;
    if (stop_) options.attempts = 1;  // stopping: what is left gets one attempt each
    lock.unlock();
    if (transport) {
      send(body, options, transport);
    } else {
      counters_.failed.inc();  // the webhook was configured away with posts queued
    }
    lock.lock();
    sending_ = false;
    if (queue_.empty()) idle_.notify_all();
  }
}

}  // namespace groundgate::proxy::observability
