// Limits and faults: each proxy-side failure gets a clear, OpenAI-shaped answer or a clean
// stream end, never a hang, a crash or unbounded memory.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <future>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {
namespace {

std::string config_with(const std::string& upstream_extra, const std::string& limits = "") {
  return "upstreams:\n  up:\n    url: http://127.0.0.1:${UPSTREAM_PORT}\n" + upstream_extra +
         "routes:\n  - {name: all, match: {path_prefix: /}, upstream: up}\n"
         "logging: {access_log: false}\n" +
         limits;
}

const std::string kEvent =
    "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
    "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"word \"},\"finish_reason\":null}]}\n\n";
const std::string kStreamRequest =
    R"({"model":"m","stream":true,"messages":[{"role":"user","content":"q"}]})";

bool has_error_event(const std::string& body, const std::string& code) {
  for (const auto& data : sse_data(body)) {
    if (data.find("\"error\"") != std::string::npos && data.find(code) != std::string::npos) {
      return true;
    }
  }
  return false;
}

TEST(Faults, RequestBodyOverLimitIs413) {
  ProxyFixture fixture;
  fixture.start_mock();
  fixture.start_proxy(config_with("", "limits: {max_request_body: 1KiB}\n"));
  std::string body =
      R"({"model":"m","messages":[{"role":"user","content":")" + std::string(4096, 'x') + "\"}]}";
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", body);
  EXPECT_EQ(response.status, 413);
  EXPECT_NE(response.body.find("request_too_large"), std::string::npos) << response.body;
  EXPECT_NE(response.body.find("\"error\""), std::string::npos);
}

TEST(Faults, UnreachableUpstreamIs502) {
  uint16_t closed_port;
  {
    RawUpstream probe([](auto&, const std::string&) {});
    closed_port = probe.port();
  }
  ProxyFixture fixture;
  fixture.set_upstream_port(closed_port);
  fixture.start_proxy(config_with(""));
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
  EXPECT_EQ(response.status, 502);
  EXPECT_NE(response.body.find("upstream_connect"), std::string::npos) << response.body;
}

TEST(Faults, UpstreamClosingMidStreamEndsWithErrorEventAndCleanEnd) {
  RawUpstream upstream([](auto& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::sse_header());
    RawUpstream::send(socket, RawUpstream::chunk(kEvent + kEvent));
    // then the connection drops: no [DONE], no last chunk
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(config_with(""));
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.error, "") << "the chunked body ends cleanly";
  EXPECT_TRUE(response.body.starts_with(kEvent + kEvent));
  EXPECT_TRUE(has_error_event(response.body, "upstream_disconnected")) << response.body;
}

TEST(Faults, UpstreamResetRightAfterItsBytesEndsWithErrorEventAndCleanEnd) {
  RawUpstream upstream([](auto& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::sse_header());
    RawUpstream::send(socket, RawUpstream::chunk(kEvent + kEvent));
    // An abortive close: a reset right behind the bytes, likely before the proxy reads them
    // (then the read that takes them sees nothing queued and no event follows the reset).
    socket.set_option(boost::asio::socket_base::linger(true, 0));
    socket.close();
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  // A reset the proxy missed would end the stream only at the idle timeout, as a timeout.
  fixture.start_proxy(config_with("    idle_timeout: 60s\n"));
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.error, "") << "the chunked body ends cleanly";
  EXPECT_TRUE(response.body.starts_with(kEvent + kEvent)) << response.body;
  EXPECT_TRUE(has_error_event(response.body, "upstream_disconnected")) << response.body;
  const std::string expected = "groundgate_errors_total{kind=\"upstream_closed_early\"} 1";
  const std::string metrics = metrics_with(fixture.admin_port(), expected);
  EXPECT_NE(metrics.find(expected), std::string::npos) << metrics;
}

// One route to the raw upstream, with an access log.
constexpr const char* kConfigWithAccessLog =
    "upstreams:\n  up: {url: 'http://127.0.0.1:${UPSTREAM_PORT}', idle_timeout: 60s}\n"
    "routes:\n  - {name: all, match: {path_prefix: /}, upstream: up}\n"
    "logging: {access_log_path: '${DIR}/access.log'}\n";

// The access log's one line, once the proxy has drained and the log's thread has written it.
std::string access_log_after_drain(ProxyFixture& fixture) {
  const std::vector<std::string> lines = fixture.access_log_lines(1);
  return lines.empty() ? std::string() : lines.front();
}

TEST(Faults, MalformedUpstreamChunkEndsWithErrorEventAndIsCounted) {
  // The upstream's chunked framing breaks after two good events: a size line that is no size,
  // then a chunk-size line that never ends. Each ends the stream the same way.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"zz\r\n", "bad chunk size line"},
      {std::string(70000, '1'), "chunk size line or trailer section too long"}};
  for (const auto& [bad, reason] : cases) {
    RawUpstream upstream([&](auto& socket, const std::string&) {
      RawUpstream::send(socket, RawUpstream::sse_header());
      RawUpstream::send(socket, RawUpstream::chunk(kEvent) + RawUpstream::chunk(kEvent) + bad);
      RawUpstream::wait_for_close(socket, 5000);
    });
    ProxyFixture fixture;
    fixture.set_upstream_port(upstream.port());
    fixture.start_proxy(kConfigWithAccessLog);
    auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.error, "") << "the chunked body ends cleanly";
    EXPECT_TRUE(response.body.starts_with(kEvent + kEvent)) << response.body;
    EXPECT_EQ(response.body.find("zz"), std::string::npos);
    EXPECT_TRUE(has_error_event(response.body, "upstream_disconnected")) << response.body;
    const std::string expected = "groundgate_errors_total{kind=\"upstream_bad_response\"} 1";
    const std::string metrics = metrics_with(fixture.admin_port(), expected);
    EXPECT_NE(metrics.find(expected), std::string::npos) << metrics;
    // The access log says what was wrong.
    const std::string log = access_log_after_drain(fixture);
    EXPECT_NE(log.find("\"upstream_body_error\":\"" + reason + "\""), std::string::npos) << log;
  }
}

TEST(Faults, EndlessInterimResponsesAre502) {
  RawUpstream upstream([](auto& socket, const std::string&) {
    for (int i = 0; i < 20; ++i)
      RawUpstream::send(socket, "HTTP/1.1 102 Processing\r\n\r\n");
    RawUpstream::wait_for_close(socket, 5000);
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(config_with(""));
  const std::string received = raw_exchange(
      fixture.port(), "GET /v1/models HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  // The first eight go on to the client, then the proxy gives up on the upstream.
  std::size_t interim = 0;
  for (std::size_t at = 0; (at = received.find("HTTP/1.1 102", at)) != std::string::npos; ++at)
    ++interim;
  EXPECT_EQ(interim, 8u) << received;
  EXPECT_NE(received.find("HTTP/1.1 502"), std::string::npos) << received;
  EXPECT_NE(received.find("\"code\":\"upstream_bad_response\""), std::string::npos) << received;
  const std::string expected = "groundgate_errors_total{kind=\"upstream_bad_response\"} 1";
  EXPECT_NE(metrics_with(fixture.admin_port(), expected).find(expected), std::string::npos);
}

TEST(Faults, ATransferCodingTheProxyNeverAskedForIs502) {
  // The proxy sends no TE header, so gzip (alone, close-delimited, or before chunked) breaks
  // RFC 9112 section 6.1; relayed, the client would get gzip bytes no header names.
  for (const std::string coding : {"gzip, chunked", "gzip", "chunked, gzip"}) {
    RawUpstream upstream([&](auto& socket, const std::string&) {
      RawUpstream::send(socket,
                        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                        "Transfer-Encoding: " +
                            coding + "\r\n\r\n5\r\n\x1f\x8b\x08\x00\x00\r\n");
      RawUpstream::wait_for_close(socket, 5000);
    });
    ProxyFixture fixture;
    fixture.set_upstream_port(upstream.port());
    fixture.start_proxy(kConfigWithAccessLog);
    auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
    EXPECT_EQ(response.status, 502) << coding;
    EXPECT_NE(response.body.find("\"code\":\"upstream_bad_response\""), std::string::npos)
        << response.body;
    EXPECT_EQ(response.body.find("\x1f\x8b"), std::string::npos);
    const std::string log = access_log_after_drain(fixture);
    EXPECT_NE(log.find(R"("upstream_body_error":"transfer coding other than chunked")"),
              std::string::npos)
        << log;
  }
}

TEST(Faults, ClientDisconnectCancelsTheUpstreamRequest) {
  std::promise<bool> upstream_saw_close;
  RawUpstream upstream([&](auto& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::sse_header());
    RawUpstream::send(socket, RawUpstream::chunk(kEvent));
    // Idle timeout is a minute: only a cancel explains a close within seconds.
    upstream_saw_close.set_value(RawUpstream::wait_for_close(socket, 5000));
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(config_with("    idle_timeout: 60s\n"));
  {
    HttpClient client(fixture.port());
    std::string request = "POST /v1/chat/completions HTTP/1.1\r\nHost: a\r\nContent-Length: " +
                          std::to_string(kStreamRequest.size()) + "\r\n\r\n" + kStreamRequest;
    ASSERT_TRUE(client.send_raw(request));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    client.close();
  }
  EXPECT_TRUE(upstream_saw_close.get_future().get());
  // The exchange is gone too: nothing left in flight.
  for (int i = 0; i < 100 && fixture.server().exchanges_in_flight() != 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(fixture.server().exchanges_in_flight(), 0);
}

TEST(Faults, SlowClientGetsBackpressureNotUnboundedBuffering) {
  std::atomic<std::size_t> accepted{0};
  RawUpstream upstream([&](auto& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::sse_header());
    ::fcntl(socket.native_handle(), F_SETFL, O_NONBLOCK);
    std::string piece = RawUpstream::chunk(std::string(60000, 'x') + "\n\n");
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    while (std::chrono::steady_clock::now() < deadline && accepted < (256u << 20)) {
      auto n = ::send(socket.native_handle(), piece.data(), piece.size(), MSG_NOSIGNAL);
      if (n > 0) {
        accepted += static_cast<std::size_t>(n);
      } else {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(config_with(""));
  HttpClient client(fixture.port());
  std::string request = "POST /v1/chat/completions HTTP/1.1\r\nHost: a\r\nContent-Length: " +
                        std::to_string(kStreamRequest.size()) + "\r\n\r\n" + kStreamRequest;
  ASSERT_TRUE(client.send_raw(request));
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));  // the client reads nothing
  // Kernel socket buffers on both hops plus the proxy's bounded relay buffer: a few MiB at
  // most. Without backpressure the upstream would push hundreds of MiB in two seconds.
  EXPECT_LT(accepted.load(), 32u << 20) << "upstream pushed " << accepted.load() << " bytes";
  client.close();
}

TEST(Faults, UpstreamHeaderTimeoutIs504) {
  RawUpstream upstream(
      [](auto& socket, const std::string&) { RawUpstream::wait_for_close(socket, 5000); });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(config_with("    header_timeout: 300ms\n"));
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
  EXPECT_EQ(response.status, 504);
  EXPECT_NE(response.body.find("upstream_timeout"), std::string::npos) << response.body;
}

TEST(Faults, UpstreamConnectTimeoutIs504) {
  // A listener whose accept queue is full: Linux drops further SYNs, so connects hang.
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  ASSERT_EQ(0, ::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address));
  ASSERT_EQ(0, ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length));
  ASSERT_EQ(0, ::listen(listener, 0));
  std::vector<int> queued;
  for (int i = 0; i < 4; ++i) {
    queued.push_back(::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0));
    ::connect(queued.back(), reinterpret_cast<sockaddr*>(&address), sizeof address);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ProxyFixture fixture;
  fixture.set_upstream_port(ntohs(address.sin_port));
  fixture.start_proxy(config_with("    connect_timeout: 300ms\n"));
  const auto start = std::chrono::steady_clock::now();
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
  EXPECT_EQ(response.status, 504);
  EXPECT_NE(response.body.find("upstream_timeout"), std::string::npos) << response.body;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
  for (int fd : queued)
    ::close(fd);
  ::close(listener);
}

TEST(Faults, UpstreamIdleTimeoutMidStreamEndsWithErrorEvent) {
  RawUpstream upstream([](auto& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::sse_header());
    RawUpstream::send(socket, RawUpstream::chunk(kEvent));
    RawUpstream::wait_for_close(socket, 5000);
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(config_with("    idle_timeout: 300ms\n"));
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
  EXPECT_EQ(response.status, 200);
  EXPECT_TRUE(response.body.starts_with(kEvent));
  EXPECT_TRUE(has_error_event(response.body, "upstream_disconnected")) << response.body;
}

TEST(Faults, UpstreamTotalTimeoutEndsALongStream) {
  RawUpstream upstream([](auto& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::sse_header());
    for (int i = 0; i < 50; ++i) {
      RawUpstream::send(socket, RawUpstream::chunk(kEvent));
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(config_with("    total_timeout: 600ms\n"));
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
  EXPECT_EQ(response.status, 200);
  EXPECT_TRUE(has_error_event(response.body, "upstream_disconnected")) << response.body;
  std::string expected = "groundgate_errors_total{kind=\"upstream_timeout\"} 1";
  std::string metrics = metrics_with(fixture.admin_port(), expected);
  EXPECT_NE(metrics.find(expected), std::string::npos) << metrics;
}

TEST(Faults, ClientHeaderTimeoutClosesTheConnection) {
  ProxyFixture fixture;
  fixture.start_mock();
  fixture.start_proxy(config_with("", "limits: {client_header_timeout: 300ms}\n"));
  HttpClient client(fixture.port());
  ASSERT_TRUE(client.send_raw("GET /v1/models HTTP/1.1\r\nHost: a\r\n"));  // never finished
  auto response = client.read_response();
  EXPECT_EQ(response.status, 0) << "closed without an answer";
}

TEST(Faults, MalformedRequestIs400) {
  ProxyFixture fixture;
  fixture.start_mock();
  fixture.start_proxy(config_with(""));
  HttpClient client(fixture.port());
  ASSERT_TRUE(client.send_raw("NOT-HTTP\r\n\r\n"));
  auto response = client.read_response();
  EXPECT_EQ(response.status, 400);
  // HTTP/1.1 without Host, or two Hosts (RFC 9112 section 3.2); HTTP/1.0 may leave it out.
  for (const std::string headers : {"", "Host: a\r\nHost: b\r\n"}) {
    const std::string reply =
        raw_exchange(fixture.port(), "GET /v1/models HTTP/1.1\r\n" + headers + "\r\n");
    EXPECT_TRUE(reply.starts_with("HTTP/1.1 400 ")) << reply;
    EXPECT_NE(reply.find("exactly one Host header"), std::string::npos) << reply;
  }
  EXPECT_TRUE(
      raw_exchange(fixture.port(), "GET /v1/models HTTP/1.0\r\n\r\n").starts_with("HTTP/1.1 200 "));
}

}  // namespace
}  // namespace groundgate::testing
