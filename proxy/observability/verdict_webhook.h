#pragma once
// Posts flagged answers' summaries to the operator's receiver (`verdict_webhook:`) without
// putting the work on the data path: submit() moves a body into a bounded queue under a short
// lock; a thread of the webhook's own posts them one at a time, each up to `attempts` times
// (waiting `retry_after`, doubled after each failure, between them). A full queue drops the
// body; a post that failed every attempt is dropped; both are counted.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "proxy/observability/counter.h"

namespace groundgate::proxy::observability {

struct WebhookResult {
  bool ok = false;
  bool retry = false;  // a temporary failure (no connection, 429, 502-504): worth trying again
  std::string error;
};

// Posts one JSON body to the receiver; runs on the webhook's thread and may block up to its
// own timeout.
using WebhookTransport = std::function<WebhookResult(const std::string& body)>;

struct WebhookCounters {
  Counter& sent;
  Counter& dropped_queue_full;
  Counter& failed;  // every attempt failed, or the receiver refused it for good
};

class VerdictWebhook {
 public:
  using Millis = std::chrono::milliseconds;
  struct Options {
    std::size_t queue = 1000;
    std::size_t attempts = 3;
    Millis retry_after{1'000};
  };

  explicit VerdictWebhook(WebhookCounters counters);
  // Tries what is queued once more each (bounded by the transport's timeout), then stops.
  ~VerdictWebhook();
  VerdictWebhook(const VerdictWebhook&) = delete;
  VerdictWebhook& operator=(const VerdictWebhook&) = delete;

  // The bounds and the transport for what is sent from now on (null: off, submit() drops
  // nothing because nothing is submitted); starts the thread on the first call. Any thread.
  void configure(Options options, WebhookTransport transport);
  bool enabled() const;
  // Queues one body, or counts it dropped when the queue is full. Never blocks on the transport.
  void submit(std::string body);
  // Returns when everything submitted so far has been posted or dropped (tests).
  void flush();

 private:
  void run();
  // One body, attempt after attempt; counts the outcome.
  void send(const std::string& body, const Options& options, const WebhookTransport& transport);

  WebhookCounters counters_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  Options options_;             // under mutex_
  WebhookTransport transport_;  // under mutex_
  std::deque<std::string> queue_;
  bool sending_ = false;  // the thread holds a body it took from the queue
  bool stop_ = false;
  std::chrono::steady_clock::time_point last_warning_{};  // the webhook thread's
  std::thread thread_;
};

}  // namespace groundgate::proxy::observability
