// Byte-identical relaying, routing, header handling, keep-alive and pipelining, through a real
// ProxyServer on loopback.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {
namespace {

const char* kPlainConfig = R"(
upstreams:
  up:
    url: http://127.0.0.1:${UPSTREAM_PORT}
routes:
  - name: all
    match: {path_prefix: /}
    upstream: up
logging:
  access_log_path: ${DIR}/access.log
)";

const std::string kRecordedStream =
    "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
    "\"model\":\"gpt-4o\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":"
    "{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n"
    ": keep-alive comment\n\n"
    "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
    "\"model\":\"gpt-4o\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":"
    "{\"content\":\"The tower is 330 m\"},\"logprobs\":null,\"finish_reason\":null}]}\r\n\r\n"
    "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
    "\"model\":\"gpt-4o\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":"
    "{\"content\":\" tall.\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n"
    "data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
    "\"model\":\"gpt-4o\",\"system_fingerprint\":\"fp_1\",\"choices\":[{\"index\":0,\"delta\":{},"
    "\"logprobs\":null,\"finish_reason\":\"stop\"}]}\n\n"
    "data: [DONE]\n\n";

const std::string kStreamRequest =
    R"({"model":"gpt-4o","stream":true,"messages":[{"role":"user","content":"How tall?"}]})";

// The upstream sends the recording in pieces of `step` bytes, each its own HTTP chunk.
RawUpstream::Handler send_recording_in_pieces(std::size_t step) {
  return [step](auto& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::sse_header());
    for (std::size_t i = 0; i < kRecordedStream.size(); i += step) {
      RawUpstream::send(socket, RawUpstream::chunk(kRecordedStream.substr(i, step)));
    }
    RawUpstream::send(socket, "0\r\n\r\n");
  };
}

TEST(Passthrough, StreamIsByteIdenticalForAnyUpstreamSplit) {
  for (std::size_t step : {1u, 2u, 7u, 64u, 100000u}) {
    RawUpstream upstream(send_recording_in_pieces(step));
    ProxyFixture fixture;
    fixture.set_upstream_port(upstream.port());
    fixture.start_proxy(kPlainConfig);
    auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
    ASSERT_EQ(response.status, 200) << response.error;
    EXPECT_EQ(response.body, kRecordedStream) << "step " << step;
    EXPECT_EQ(response.headers["content-type"], "text/event-stream");
  }
}

TEST(Passthrough, StreamIsByteIdenticalWhenTheUpstreamPausesBetweenPieces) {
  // Each piece arrives on its own, after the proxy has read everything before it: every read
  // but the first finds the socket empty and waits for the next bytes.
  RawUpstream upstream([](auto& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::sse_header());
    for (std::size_t i = 0; i < kRecordedStream.size(); i += 97) {
      RawUpstream::send(socket, RawUpstream::chunk(kRecordedStream.substr(i, 97)));
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    RawUpstream::send(socket, "0\r\n\r\n");
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kPlainConfig);
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
  ASSERT_EQ(response.status, 200) << response.error;
  EXPECT_EQ(response.body, kRecordedStream);
}

TEST(Passthrough, BodyThatEndsWhenTheUpstreamClosesIsRelayedWhole) {
  // No length and no chunks: the close ends the body, and it comes with the last bytes.
  const std::string json(100000, 'j');
  for (const bool sse : {true, false}) {
    RawUpstream upstream([&](auto& socket, const std::string&) {
      RawUpstream::send(socket, std::string("HTTP/1.1 200 OK\r\nContent-Type: ") +
                                    (sse ? "text/event-stream" : "application/json") +
                                    "\r\nConnection: close\r\n\r\n" +
                                    (sse ? kRecordedStream : json));
    });
    ProxyFixture fixture;
    fixture.set_upstream_port(upstream.port());
    // An end the proxy missed would end the response only at the idle timeout, cut short.
    fixture.start_proxy(R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}", idle_timeout: 60s}
routes:
  - {name: all, match: {path_prefix: /}, upstream: up}
logging: {access_log: false}
)");
    auto response =
        sse ? http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest)
            : http_request(fixture.port(), "GET", "/v1/models");
    ASSERT_EQ(response.status, 200) << response.error;
    EXPECT_EQ(response.error, "");
    EXPECT_EQ(response.body, sse ? kRecordedStream : json) << "sse " << sse;
  }
}

TEST(Passthrough, BodyFramingOfTheUpstreamDoesNotChangeTheStream) {
  // Chunk extensions and trailers (dropped), many events in one chunk and one event over many,
  // and a Content-Length body: the client gets the same events, in chunks of its own.
  std::string chunked;
  for (std::size_t i = 0; i < kRecordedStream.size(); i += 300) {
    const std::string piece = kRecordedStream.substr(i, 300);
    chunked += (std::ostringstream() << std::hex << piece.size()).str() + ";ext=\"a b\"\r\n" +
               piece + "\r\n";
  }
  chunked += "0\r\nX-Trailer: yes\r\n\r\n";
  const std::string sized = "Content-Length: " + std::to_string(kRecordedStream.size()) + "\r\n";
  for (const bool chunks : {true, false}) {
    RawUpstream upstream([&](auto& socket, const std::string&) {
      RawUpstream::send(socket, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n" +
                                    (chunks ? "Transfer-Encoding: chunked\r\n\r\n" + chunked
                                            : sized + "\r\n" + kRecordedStream));
    });
    ProxyFixture fixture;
    fixture.set_upstream_port(upstream.port());
    fixture.start_proxy(kPlainConfig);
    auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
    ASSERT_EQ(response.status, 200) << response.error;
    EXPECT_EQ(response.error, "");
    EXPECT_EQ(response.body, kRecordedStream) << "chunked " << chunks;
    EXPECT_EQ(response.headers.count("x-trailer"), 0u);
  }
}

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string raw_stream_request(std::string_view version, std::string_view connection) {
  return "POST /v1/chat/completions " + std::string(version) +
         "\r\nHost: x\r\nContent-Type: application/json\r\nConnection: " + std::string(connection) +
         "\r\nContent-Length: " + std::to_string(kStreamRequest.size()) + "\r\n\r\n" +
         kStreamRequest;
}

TEST(Passthrough, Http10ClientGetsTheStreamEndedByTheCloseNotChunked) {
  RawUpstream upstream(send_recording_in_pieces(64));
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kPlainConfig);
  // Asking for keep-alive: the body still ends with the close.
  const std::string received =
      raw_exchange(fixture.port(), raw_stream_request("HTTP/1.0", "keep-alive"));
  const std::size_t header_end = received.find("\r\n\r\n");
  ASSERT_NE(header_end, std::string::npos) << received;
  const std::string header = lowercase(received.substr(0, header_end));
  EXPECT_TRUE(header.starts_with("http/1.1 200")) << header;
  EXPECT_EQ(header.find("transfer-encoding"), std::string::npos) << header;
  EXPECT_NE(header.find("connection: close"), std::string::npos) << header;
  EXPECT_EQ(received.substr(header_end + 4), kRecordedStream);
}

TEST(Passthrough, InterimResponsesGoOnBeforeTheFinalOne) {
  RawUpstream upstream([](auto& socket, const std::string&) {
    RawUpstream::send(socket, "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n");
    RawUpstream::send(socket, "HTTP/1.1 100 Continue\r\n\r\n");
    send_recording_in_pieces(64)(socket, "");
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kPlainConfig);
  const std::string received =
      lowercase(raw_exchange(fixture.port(), raw_stream_request("HTTP/1.1", "close")));
  EXPECT_TRUE(
      received.starts_with("http/1.1 103 early hints\r\nlink: </a.css>; rel=preload\r\n"
                           "\r\nhttp/1.1 100 continue\r\n\r\nhttp/1.1 200 ok\r\n"))
      << received;
  EXPECT_NE(received.find("data: [done]\n\n\r\n0\r\n\r\n"), std::string::npos) << received;
  // An HTTP/1.0 client gets only the final response.
  const std::string old_client =
      lowercase(raw_exchange(fixture.port(), raw_stream_request("HTTP/1.0", "close")));
  EXPECT_TRUE(old_client.starts_with("http/1.1 200 ok\r\n")) << old_client;
  EXPECT_TRUE(old_client.ends_with("data: [done]\n\n")) << old_client;
}

TEST(Passthrough, StreamWithFilterPolicyThatChangesNothingIsByteIdentical) {
  RawUpstream upstream(send_recording_in_pieces(5));
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}"}
policies:
  guard:
    redact: {phrases: ["never in this text"]}
routes:
  - {name: all, match: {path_prefix: /}, upstream: up, policy: guard}
logging: {access_log: false}
)");
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", kStreamRequest);
  ASSERT_EQ(response.status, 200) << response.error;
  EXPECT_EQ(response.body, kRecordedStream);
}

TEST(Passthrough, ForwardsPathQueryMethodAndEndToEndHeaders) {
  RawUpstream upstream([](auto& socket, const std::string&) {
    RawUpstream::send(socket, "HTTP/1.1 201 Created\r\nContent-Length: 5\r\nX-Up: 1\r\n\r\nhello");
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kPlainConfig);
  auto response = http_request(fixture.port(), "PUT", "/files/a?purpose=x&b=2", "payload",
                               {{"Authorization", "Bearer sk-test-123"},
                                {"Connection", "keep-alive, X-Hop"},
                                {"X-Hop", "secret-hop"},
                                {"X-End", "kept"},
                                {"Content-Type", "text/plain"}});
  EXPECT_EQ(response.status, 201);
  EXPECT_EQ(response.body, "hello");
  EXPECT_EQ(response.headers["x-up"], "1");
  std::string seen = upstream.last_request();
  EXPECT_EQ(seen.rfind("PUT /files/a?purpose=x&b=2 HTTP/1.1\r\n", 0), 0u) << seen;
  EXPECT_NE(seen.find("Authorization: Bearer sk-test-123\r\n"), std::string::npos);
  EXPECT_NE(seen.find("X-End: kept\r\n"), std::string::npos);
  EXPECT_EQ(seen.find("X-Hop"), std::string::npos) << "hop-by-hop header listed in Connection";
  EXPECT_NE(seen.find("Host: 127.0.0.1:" + std::to_string(upstream.port())), std::string::npos);
  EXPECT_TRUE(seen.ends_with("payload"));
}

// The body of a chunked message, chunk extensions and trailers aside.
std::string dechunk(std::string_view chunked) {
  std::string body;
  for (;;) {
    const std::size_t line_end = chunked.find("\r\n");
    if (line_end == std::string_view::npos) return body + "<no size line>";
    const std::size_t size = std::stoul(std::string(chunked.substr(0, line_end)), nullptr, 16);
    if (size == 0) return body;
    body.append(chunked.substr(line_end + 2, size));
    chunked.remove_prefix(line_end + 2 + size + 2);
  }
}

TEST(Passthrough, StreamsALargeRequestBodyWhateverItsFraming) {
  // Larger than the relay's 16 KiB window, in pieces that do not line up with it.
  std::string payload;
  for (int i = 0; payload.size() < 100'000; ++i)
    payload += "line " + std::to_string(i) + " of the upload\n";
  for (const bool chunked : {false, true}) {
    RawUpstream upstream([](auto& socket, const std::string&) {
      RawUpstream::send(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
    });
    ProxyFixture fixture;
    fixture.set_upstream_port(upstream.port());
    fixture.start_proxy(kPlainConfig);
    std::string request = "PUT /files/big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n";
    if (chunked) {
      request += "Transfer-Encoding: chunked\r\n\r\n";
      for (std::size_t i = 0; i < payload.size(); i += 7001) {
        const std::string piece = payload.substr(i, 7001);
        request +=
            (std::ostringstream() << std::hex << piece.size()).str() + "\r\n" + piece + "\r\n";
      }
      request += "0\r\n\r\n";
    } else {
      request += "Content-Length: " + std::to_string(payload.size()) + "\r\n\r\n" + payload;
    }
    const std::string reply = raw_exchange(fixture.port(), request);
    EXPECT_TRUE(reply.starts_with("HTTP/1.1 200 OK\r\n")) << reply.substr(0, 200);
    EXPECT_TRUE(reply.ends_with("\r\n\r\nok")) << reply.substr(0, 200);
    const std::string seen = upstream.last_request();
    const std::size_t header_end = seen.find("\r\n\r\n") + 4;
    const std::string_view body = std::string_view(seen).substr(header_end);
    EXPECT_EQ(chunked ? dechunk(body) : std::string(body), payload) << "chunked " << chunked;
  }
}

TEST(Passthrough, ForwardsAMethodBeastHasNoVerbFor) {
  RawUpstream upstream([](auto& socket, const std::string&) {
    RawUpstream::send(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kPlainConfig);
  const std::string reply =
      raw_exchange(fixture.port(), "FROB /things HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_TRUE(reply.starts_with("HTTP/1.1 200 OK\r\n")) << reply;
  EXPECT_TRUE(reply.ends_with("\r\n\r\nok")) << reply;
  const std::string seen = upstream.last_request();
  EXPECT_TRUE(seen.starts_with("FROB /things HTTP/1.1\r\n")) << seen;
}

TEST(Passthrough, NeverLogsAuthorizationOrContent) {
  RawUpstream upstream(send_recording_in_pieces(64));
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kPlainConfig);
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions?key=sk-in-query",
                               kStreamRequest, {{"Authorization", "Bearer sk-secret-999"}});
  ASSERT_EQ(response.status, 200);
  const std::vector<std::string> lines = fixture.access_log_lines(1);
  ASSERT_EQ(1u, lines.size());
  const std::string& line = lines.front();
  EXPECT_NE(line.find("\"route\":\"all\""), std::string::npos) << line;
  EXPECT_NE(line.find("\"status\":200"), std::string::npos) << line;
  EXPECT_NE(line.find("\"stream\":true"), std::string::npos) << line;
  EXPECT_EQ(line.find("sk-secret-999"), std::string::npos);
  EXPECT_EQ(line.find("sk-in-query"), std::string::npos);
  EXPECT_EQ(line.find("How tall"), std::string::npos);
  EXPECT_EQ(line.find("330 m"), std::string::npos);
}

TEST(Passthrough, MockUpstreamStreamingNonStreamingAndTwoChoices) {
  ProxyFixture fixture;
  proxy::mock::MockOptions options;
  options.tokens_per_second = 0;
  fixture.start_mock(options);
  fixture.start_proxy(kPlainConfig);

  auto streamed = http_request(
      fixture.port(), "POST", "/v1/chat/completions",
      R"({"model":"m","stream":true,"n":2,"messages":[{"role":"user","content":"hi"}]})");
  ASSERT_EQ(streamed.status, 200) << streamed.error;
  auto events = sse_data(streamed.body);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.back(), "[DONE]");
  int finished = 0;
  for (const auto& e : events) {
    if (e.find("\"finish_reason\":\"stop\"") != std::string::npos) ++finished;
  }
  EXPECT_EQ(finished, 2) << "both choices end";
  EXPECT_NE(streamed.body.find("\"index\":1"), std::string::npos);

  auto whole = http_request(fixture.port(), "POST", "/v1/chat/completions",
                            R"({"model":"m","messages":[{"role":"user","content":"hi"}]})");
  ASSERT_EQ(whole.status, 200) << whole.error;
  EXPECT_NE(whole.body.find("\"object\":\"chat.completion\""), std::string::npos) << whole.body;

  auto models = http_request(fixture.port(), "GET", "/v1/models");
  EXPECT_EQ(models.status, 200);
}

TEST(Passthrough, KeepAliveAndPipelinedRequestsAnswerInOrder) {
  ProxyFixture fixture;
  proxy::mock::MockOptions options;
  options.tokens_per_second = 0;
  fixture.start_mock(options);
  fixture.start_proxy(kPlainConfig);
  HttpClient client(fixture.port());
  auto first = client.request("GET", "/mock/echo/one");
  ASSERT_EQ(first.status, 200) << first.error;
  auto second = client.request("GET", "/mock/echo/two");
  ASSERT_EQ(second.status, 200) << second.error;
  EXPECT_NE(second.body.find("/mock/echo/two"), std::string::npos);

  std::string body = R"({"model":"m","stream":true,"messages":[{"role":"user","content":"x"}]})";
  std::string post =
      "POST /v1/chat/completions HTTP/1.1\r\nHost: a\r\nContent-Type: "
      "application/json\r\nContent-Length: " +
      std::to_string(body.size()) + "\r\n\r\n" + body;
  ASSERT_TRUE(client.send_raw(post + "GET /mock/echo/three HTTP/1.1\r\nHost: a\r\n\r\n"));
  auto streamed = client.read_response();
  EXPECT_EQ(streamed.status, 200) << streamed.error;
  EXPECT_NE(streamed.body.find("[DONE]"), std::string::npos);
  auto third = client.read_response();
  EXPECT_EQ(third.status, 200) << third.error;
  EXPECT_NE(third.body.find("/mock/echo/three"), std::string::npos);
}

TEST(Passthrough, InvalidJsonOnInspectedRouteIsForwardedAndCounted) {
  ProxyFixture fixture;
  fixture.start_mock();
  fixture.start_proxy(kPlainConfig);
  auto response = http_request(fixture.port(), "POST", "/v1/chat/completions", "{not json",
                               {{"Content-Type", "application/json"}});
  EXPECT_EQ(response.status, 400) << "the upstream answers it, not the proxy";
  auto metrics = http_request(fixture.admin_port(), "GET", "/metrics");
  EXPECT_NE(metrics.body.find("groundgate_request_body_not_json_total{route=\"all\"} 1"),
            std::string::npos)
      << metrics.body;
}

TEST(Passthrough, NoRouteIs404OpenAIShaped) {
  ProxyFixture fixture;
  fixture.start_mock();
  fixture.start_proxy(R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}"}
routes:
  - {name: v1, match: {path_prefix: /v1}, upstream: up}
)");
  auto response = http_request(fixture.port(), "GET", "/other");
  EXPECT_EQ(response.status, 404);
  EXPECT_NE(response.body.find("\"error\""), std::string::npos);
  EXPECT_NE(response.body.find("no_route"), std::string::npos);
}

}  // namespace
}  // namespace groundgate::testing
