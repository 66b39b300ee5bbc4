#include "proxy/observability/verdict_webhook.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <string>
#include <vector>

#include "proxy/observability/counter_family.h"
#include "proxy/observability/metrics_registry.h"

namespace groundgate::proxy::observability {
namespace {

using namespace std::chrono_literals;

class VerdictWebhookTest : public ::testing::Test {
 protected:
  MetricsRegistry registry;
  CounterFamily& posts = registry.counter("posts_total", "posts", {"result"});
  Counter& sent = posts.with({"sent"});
  Counter& full = posts.with({"queue_full"});
  Counter& failed = posts.with({"failed"});
  VerdictWebhook webhook{{sent, full, failed}};
  std::mutex mutex;
  std::vector<std::string> bodies;  // every attempt's

  WebhookTransport answering(std::vector<WebhookResult> results) {
    auto next = std::make_shared<std::atomic<std::size_t>>(0);
    return [this, results, next](const std::string& body) {
      {
        std::lock_guard lock(mutex);
        bodies.push_back(body);
      }
      const std::size_t i = next->fetch_add(1);
      return i < results.size() ? results[i] : WebhookResult{true, false, {}};
    };
  }
};

TEST_F(VerdictWebhookTest, PostsEachBodyOnceWhenTheReceiverTakesIt) {
  webhook.configure({}, answering({}));
  webhook.submit("a");
  webhook.submit("b");
  webhook.flush();
  EXPECT_EQ((std::vector<std::string>{"a", "b"}), bodies);
  EXPECT_EQ(2u, sent.value());
}

TEST_F(VerdictWebhookTest, RetriesATemporaryFailureUpToTheAttempts) {
  webhook.configure({.queue = 10, .attempts = 3, .retry_after = 1ms},
                    answering({{false, true, "503"}, {false, true, "503"}}));
  webhook.submit("a");
  webhook.flush();
  EXPECT_EQ(3u, bodies.size());
  EXPECT_EQ(1u, sent.value());
  EXPECT_EQ(0u, failed.value());
}

TEST_F(VerdictWebhookTest, AFinalRefusalIsNotRetriedAndCountsFailed) {
  webhook.configure({.queue = 10, .attempts = 3, .retry_after = 1ms},
                    answering({{false, false, "400"}}));
  webhook.submit("a");
  webhook.flush();
  EXPECT_EQ(1u, bodies.size());
  EXPECT_EQ(1u, failed.value());
}

TEST_F(VerdictWebhookTest, AFullQueueDropsAndCounts) {
  std::mutex gate;
  gate.lock();  // the transport blocks until the test lets it go
  webhook.configure({.queue = 2, .attempts = 1, .retry_after = 1ms}, [&](const std::string&) {
    std::lock_guard wait(gate);
    return WebhookResult{true, false, {}};
  });
  for (int i = 0; i < 10; ++i)
    webhook.submit("x");
  gate.unlock();
  webhook.flush();
  // One in the sender's hands at most, two queued: the rest dropped.
  EXPECT_GE(full.value(), 7u);
  EXPECT_EQ(10u, full.value() + sent.value());
}

TEST_F(VerdictWebhookTest, OffDropsEverythingSubmitted) {
  EXPECT_FALSE(webhook.enabled());
  webhook.submit("a");
  EXPECT_EQ(1u, full.value());
}

}  // namespace
}  // namespace groundgate::proxy::observability
