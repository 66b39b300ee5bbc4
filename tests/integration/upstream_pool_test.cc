// Upstream keep-alive pool: a connection whose response ended cleanly carries the next
// request; one the upstream closed is not used again; and a POST that may have reached the
// upstream is never sent a second time.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include <boost/asio/streambuf.hpp>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {
namespace {

using boost::asio::ip::tcp;

const std::string kConfig =
    "upstreams:\n  up:\n    url: http://127.0.0.1:${UPSTREAM_PORT}\n"
    "routes:\n  - {name: all, match: {path_prefix: /}, upstream: up}\n"
    "logging: {access_log: false}\n";

const std::string kChatRequest = R"({"model":"m","messages":[{"role":"user","content":"q"}]})";
const std::string kStreamRequest =
    R"({"model":"m","stream":true,"messages":[{"role":"user","content":"q"}]})";

std::string sse_response() {
  const std::string event =
      "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
      "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"},\"finish_reason\":null}]}\n\n"
      "data: [DONE]\n\n";
  return "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: "
         "chunked\r\n\r\n" +
         RawUpstream::chunk(event) + "0\r\n\r\n";
}

TEST(UpstreamPool, SequentialRequestsReuseOneUpstreamConnection) {
  std::atomic<int> requests{0};
  RawUpstream upstream([&](tcp::socket& socket, const std::string& first) {
    boost::asio::streambuf pending;
    for (std::string request = first; !request.empty();
         request = RawUpstream::read_next_request(socket, pending)) {
      ++requests;
      bool stream = request.find("\"stream\":true") != std::string::npos;
      RawUpstream::send(socket, stream ? sse_response() : RawUpstream::json_response(R"({"n":1})"));
    }
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kConfig);

  auto first = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
  auto second = http_request(fixture.port(), "POST", "/v1/chat/completions", kChatRequest);
  auto third = http_request(fixture.port(), "GET", "/v1/models");
  EXPECT_EQ(first.status, 200);
  EXPECT_NE(first.body.find("data: [DONE]"), std::string::npos) << first.body;
  EXPECT_EQ(second.status, 200);
  EXPECT_EQ(second.body, R"({"n":1})");
  EXPECT_EQ(third.status, 200);
  EXPECT_EQ(requests.load(), 3);
  EXPECT_EQ(upstream.connections(), 1) << "each request opened its own upstream connection";
  EXPECT_EQ(upstream.last_request().find("Connection: close"), std::string::npos);
}

TEST(UpstreamPool, ConnectionClosedByTheUpstreamIsNotReused) {
  std::atomic<bool> closed{false};
  RawUpstream upstream([&](tcp::socket& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::json_response(R"({"n":1})"));
    boost::system::error_code ignored;
    socket.shutdown(tcp::socket::shutdown_both, ignored);  // a keep-alive timeout, say
    socket.close(ignored);
    closed = true;
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kConfig);

  auto first = http_request(fixture.port(), "POST", "/v1/chat/completions", kChatRequest);
  for (int i = 0; i < 200 && !closed; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the FIN reaches the proxy
  auto second = http_request(fixture.port(), "POST", "/v1/chat/completions", kChatRequest);
  EXPECT_EQ(first.status, 200);
  EXPECT_EQ(second.status, 200) << second.body;
  EXPECT_EQ(second.body, R"({"n":1})");
  EXPECT_EQ(upstream.connections(), 2);
}

TEST(UpstreamPool, PostThatReachedABrokenPooledConnectionIsNotSentAgain) {
  std::atomic<int> requests{0};
  RawUpstream upstream([&](tcp::socket& socket, const std::string&) {
    ++requests;
    RawUpstream::send(socket, RawUpstream::json_response(R"({"n":1})"));
    boost::asio::streambuf pending;
    // The second request arrives on the kept connection, then the upstream dies without an
    // answer: it may have acted on it, so the proxy must not send it anywhere again.
    if (!RawUpstream::read_next_request(socket, pending).empty()) ++requests;
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kConfig);

  auto first = http_request(fixture.port(), "POST", "/v1/chat/completions", kChatRequest);
  auto second = http_request(fixture.port(), "POST", "/v1/chat/completions", kChatRequest);
  EXPECT_EQ(first.status, 200);
  EXPECT_EQ(second.status, 502) << second.body;
  EXPECT_NE(second.body.find("upstream_disconnected"), std::string::npos) << second.body;
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(requests.load(), 2);
  EXPECT_EQ(upstream.connections(), 1) << "the POST was sent again on a new connection";
}

// An idle connection is closed on a timer, not only when an exchange asks for its upstream
// again: when its idle_time ends, and at once (within a sweep) when the upstream closes it.
TEST(UpstreamPool, IdleConnectionsAreClosedOnATimerUntouched) {
  using Clock = std::chrono::steady_clock;
  std::atomic<int> closed_after_ms{-1};
  std::atomic<bool> upstream_closes{false};
  RawUpstream upstream([&](tcp::socket& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::json_response(R"({"n":1})"));
    const auto sent = Clock::now();
    boost::system::error_code ignored;
    if (upstream_closes) socket.shutdown(tcp::socket::shutdown_send, ignored);  // goes away
    if (RawUpstream::wait_for_close(socket, 8000)) {
      closed_after_ms = static_cast<int>(
          std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - sent).count());
    }
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(
      "upstreams:\n  up:\n    url: http://127.0.0.1:${UPSTREAM_PORT}\n"
      "    pool: {idle_time: 2s}\n"
      "routes:\n  - {name: all, match: {path_prefix: /}, upstream: up}\n"
      "logging: {access_log: false}\n");
  const auto wait_for_close = [&] {
    for (int i = 0; i < 800 && closed_after_ms < 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return closed_after_ms.exchange(-1);
  };

  ASSERT_EQ(200, http_request(fixture.port(), "POST", "/v1/chat/completions", kChatRequest).status);
  const int expired = wait_for_close();
  EXPECT_GE(expired, 1900);  // not before its idle_time
  EXPECT_LE(expired, 3500);  // and at most a sweep after it

  upstream_closes = true;
  ASSERT_EQ(200, http_request(fixture.port(), "POST", "/v1/chat/completions", kChatRequest).status);
  const int half_closed = wait_for_close();
  EXPECT_GE(half_closed, 0);
  EXPECT_LE(half_closed, 1600);  // the next sweep, not the idle_time
}

}  // namespace
}  // namespace groundgate::testing
