// Config reload (new streams see the new config, streams in flight keep theirs, a bad config
// is rejected) and graceful drain.
#include <gtest/gtest.h>

#include <fstream>
#include <future>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {
namespace {

std::string config(const std::string& policy) {
  return R"(
upstreams:
  mock: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
  redact:
    redact: {phrases: ["internal use only"], replacement: "[gone]"}
routes:
  - {name: r, match: {path_prefix: /v1}, upstream: mock)" +
         (policy.empty() ? std::string() : ", policy: " + policy) + R"(}
logging: {access_log: false}
limits: {drain_timeout: 10s}
)";
}

const char* kScript = R"(
- match: "internal"
  answer: "This is internal use only, and that is all for now."
)";

const std::string kRequest =
    R"({"model":"m","stream":true,"messages":[{"role":"user","content":"internal"}]})";

class ReloadTest : public ::testing::Test {
 protected:
  void start(double tokens_per_second) {
    fixture_.start_scripted_mock(kScript, tokens_per_second);
    fixture_.start_proxy(config(""));
  }
  ProxyFixture fixture_;
};

TEST_F(ReloadTest, NewStreamsUseNewConfigAndBadConfigIsRejected) {
  start(0);
  auto before = http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest);
  EXPECT_EQ(before.body.find("[gone]"), std::string::npos);

  fixture_.rewrite_config(config("redact"));
  EXPECT_EQ(fixture_.server().reload(), "");
  auto after = http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest);
  EXPECT_NE(after.body.find("[gone]"), std::string::npos) << after.body;

  fixture_.rewrite_config("routes: [this is: not valid\n");
  EXPECT_NE(fixture_.server().reload(), "");
  auto still = http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest);
  EXPECT_NE(still.body.find("[gone]"), std::string::npos) << "the old config stays";
  auto metrics = http_request(fixture_.admin_port(), "GET", "/metrics");
  EXPECT_NE(metrics.body.find("groundgate_config_reloads_total{result=\"error\"} 1"),
            std::string::npos);
}

TEST_F(ReloadTest, TheContextCacheOutlivesAReloadAndIsCounted) {
  start(0);
  const std::string grounded =
      "upstreams:\n  mock: {url: \"http://127.0.0.1:${MOCK_PORT}\"}\n"
      "policies:\n  g: {verifiers: [semantic_pieces]}\n"
      "routes:\n  - {name: r, match: {path_prefix: /v1}, upstream: mock, policy: g}\n"
      "logging: {access_log: false}\n";
  fixture_.rewrite_config(grounded);
  ASSERT_EQ(fixture_.server().reload(), "");
  const std::string request =
      R"({"model":"m","stream":true,"context":"The bridge opened in 1932.",)"
      R"("messages":[{"role":"user","content":"internal"}]})";
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(200, http_request(fixture_.port(), "POST", "/v1/chat/completions", request).status);
  const std::string one_hit = R"(groundgate_context_cache_lookups_total{result="hit"} 1)";
  std::string metrics = metrics_with(fixture_.admin_port(), one_hit);
  EXPECT_NE(metrics.find(one_hit), std::string::npos) << metrics;
  EXPECT_NE(metrics.find(R"(groundgate_context_cache_lookups_total{result="miss"} 1)"),
            std::string::npos)
      << metrics;
  EXPECT_NE(metrics.find("groundgate_context_cache_entries 1"), std::string::npos) << metrics;

  fixture_.rewrite_config(grounded + "limits: {context_cache_bytes: 32MiB}\n");
  ASSERT_EQ(fixture_.server().reload(), "");
  ASSERT_EQ(200, http_request(fixture_.port(), "POST", "/v1/chat/completions", request).status);
  const std::string two_hits = R"(groundgate_context_cache_lookups_total{result="hit"} 2)";
  metrics = metrics_with(fixture_.admin_port(), two_hits);
  EXPECT_NE(metrics.find(two_hits), std::string::npos) << "indexed before the reload: " << metrics;
}

TEST_F(ReloadTest, StreamInFlightFinishesOnTheConfigItStartedWith) {
  start(20);  // about half a second per answer
  auto in_flight = std::async(std::launch::async, [&] {
    return http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  fixture_.rewrite_config(config("redact"));
  ASSERT_EQ(fixture_.server().reload(), "");
  auto old_stream = in_flight.get();
  EXPECT_EQ(old_stream.body.find("[gone]"), std::string::npos);
  EXPECT_NE(old_stream.body.find("[DONE]"), std::string::npos);
  auto new_stream = http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest);
  EXPECT_NE(new_stream.body.find("[gone]"), std::string::npos);
}

TEST_F(ReloadTest, DrainLetsStreamsFinishAndRefusesNewConnections) {
  start(20);
  auto in_flight = std::async(std::launch::async, [&] {
    return http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  std::promise<void> drained;
  fixture_.run_on_io([&] { fixture_.server().drain([&] { drained.set_value(); }); });
  auto refused = http_request(fixture_.port(), "GET", "/v1/models");
  EXPECT_EQ(refused.status, 0) << "no new connections while draining";
  auto finished = in_flight.get();
  EXPECT_EQ(finished.status, 200);
  EXPECT_NE(finished.body.find("[DONE]"), std::string::npos) << "the stream ran to its end";
  EXPECT_EQ(drained.get_future().wait_for(std::chrono::seconds(5)), std::future_status::ready);
}

// A stream still running when drain_timeout runs out ends as an upstream failure ends it: an
// SSE error event, then the last chunk, whether the route filters it or not.
TEST(DrainTest, AStreamCutAtTheDrainTimeoutEndsWithAnErrorEventAndTheLastChunk) {
  for (const std::string& policy : {std::string(), std::string(", policy: redact")}) {
    RawUpstream upstream([](auto& socket, const std::string&) {
      RawUpstream::send(socket, RawUpstream::sse_header());
      RawUpstream::send(socket, RawUpstream::chunk("data: {\"choices\":[{\"index\":0,"
                                                   "\"delta\":{\"content\":\"Hello\"}}]}\n\n"));
      RawUpstream::wait_for_close(socket, 10000);  // and nothing more
    });
    ProxyFixture fixture;
    fixture.set_upstream_port(upstream.port());
    fixture.start_proxy(R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}"}
policies:
  redact: {redact: {phrases: ["secret"]}}
routes:
  - {name: r, match: {path_prefix: /}, upstream: up)" +
                        policy + R"(}
logging: {access_log: false}
limits: {drain_timeout: 500ms}
)");
    auto in_flight = std::async(std::launch::async, [&] {
      return raw_exchange(fixture.port(),
                          "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: " +
                              std::to_string(kRequest.size()) + "\r\n\r\n" + kRequest);
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_TRUE(fixture.drain());
    const std::string reply = in_flight.get();
    EXPECT_NE(std::string::npos, reply.find("Hello")) << reply;
    EXPECT_NE(std::string::npos, reply.find(R"("code":"proxy_shutting_down")")) << reply;
    EXPECT_TRUE(reply.ends_with("\r\n0\r\n\r\n")) << policy << "\n" << reply;
  }
}

}  // namespace
}  // namespace groundgate::testing
