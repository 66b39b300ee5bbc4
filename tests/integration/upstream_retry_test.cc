// Retries on a new upstream connection: a pooled connection the upstream closes as a request
// arrives (its keep-alive timeout, say) fails that request with no response. An idempotent
// request the proxy can send again goes once more on a new connection; a POST, a request whose
// streamed body is gone, or one whose response had begun is never sent twice.
#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <vector>

#include <boost/asio/socket_base.hpp>
#include <boost/asio/streambuf.hpp>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {
namespace {

using boost::asio::ip::tcp;

constexpr const char* kConfig =
    "upstreams:\n  up: {url: 'http://127.0.0.1:${UPSTREAM_PORT}'}\n"
    "routes:\n  - {name: all, match: {path_prefix: /}, upstream: up}\n"
    "logging: {access_log_path: '${DIR}/access.log'}\n";

const std::string kChatRequest = R"({"model":"m","messages":[{"role":"user","content":"q"}]})";
const std::string kRetryCounted =
    R"(groundgate_upstream_retries_total{route="all",reason="empty_response"} 1)";

// A keep-alive JSON answer naming the upstream connection (0-based) that sent it.
std::string answer_from(int connection) {
  return RawUpstream::json_response("{\"connection\":" + std::to_string(connection) + "}");
}

// What the upstream does with the second request on its first connection, read whole.
enum class Second {
  kClose,             // closes without a byte of answer (FIN)
  kReset,             // resets the connection without a byte of answer
  kPartialHeader,     // a status line, then closes
  kInterimThenClose,  // a 100 Continue, then closes
  kPartialBody,       // a header and part of its body, then closes
};

// An upstream whose first connection answers one request and then does `second` with the
// next; every later connection answers its one request, or closes unanswered when
// `later_connections_answer` is false. Records each connection's request lines.
class KeptConnectionUpstream {
 public:
  explicit KeptConnectionUpstream(Second second, bool later_connections_answer = true)
      : raw_([this, second, later_connections_answer](tcp::socket& socket,
                                                      const std::string& first) {
          const int connection = seen(-1, first);
          if (connection > 0) {
            if (later_connections_answer) RawUpstream::send(socket, answer_from(connection));
            return;
          }
          RawUpstream::send(socket, answer_from(connection));
          boost::asio::streambuf pending;
          const std::string next = RawUpstream::read_next_request(socket, pending);
          if (next.empty()) return;
          seen(connection, next);
          end_unanswered(socket, second);
        }) {}

  uint16_t port() const { return raw_.port(); }
  int connections() const { return raw_.connections(); }
  // The request lines ("GET /v1/models HTTP/1.1") the upstream read on `connection`.
  std::vector<std::string> requests_on(int connection) {
    std::lock_guard lock(mutex_);
    return connection < static_cast<int>(requests_.size()) ? requests_[connection]
                                                           : std::vector<std::string>{};
  }

 private:
  // Records `request` on `connection`, or on a new one when -1; returns the connection.
  int seen(int connection, const std::string& request) {
    std::lock_guard lock(mutex_);
    if (connection < 0) {
      connection = static_cast<int>(requests_.size());
      requests_.emplace_back();
    }
    requests_[connection].push_back(request.substr(0, request.find("\r\n")));
    return connection;
  }

  static void end_unanswered(tcp::socket& socket, Second second) {
    switch (second) {
      case Second::kClose:
        break;  // RawUpstream shuts the connection down when the handler returns
      case Second::kReset: {
        boost::system::error_code ignored;
        socket.set_option(boost::asio::socket_base::linger(true, 0), ignored);
        socket.close(ignored);
        break;
      }
      case Second::kPartialHeader:
        RawUpstream::send(socket, "HTTP/1.1 200 OK\r\nContent-Type: appl");
        break;
      case Second::kInterimThenClose:
        RawUpstream::send(socket, "HTTP/1.1 100 Continue\r\n\r\n");
        break;
      case Second::kPartialBody:
        RawUpstream::send(socket,
                          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                          "Content-Length: 100\r\n\r\n{\"conn");
        break;
    }
  }

  std::mutex mutex_;
  std::vector<std::vector<std::string>> requests_;  // by connection
  RawUpstream raw_;  // last: its handlers use the members above until it stops
};

// The access log line of the proxy's `nth` request (1-based) of `lines`: an exchange writes
// its line after the client has its last byte, so the lines of two requests on a row may come
// in either order. Empty when there is none.
std::string log_line_of_request(const std::vector<std::string>& lines, int nth) {
  const std::string id = "\"request_id\":\"" + std::to_string(nth) + "\"";
  for (const std::string& line : lines) {
    if (has(line, id)) return line;
  }
  return {};
}

struct Retried {
  Second second;
  std::string method;
  std::string target;
};

class UpstreamRetry : public ::testing::TestWithParam<Retried> {};

TEST_P(UpstreamRetry, IdempotentRequestTheUpstreamClosedUnansweredGoesAgainOnANewConnection) {
  const Retried& c = GetParam();
  KeptConnectionUpstream upstream(c.second);
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kConfig);

  ASSERT_EQ(200, http_request(fixture.port(), "GET", "/v1/models").status);
  // On the pooled connection, which the upstream ends unanswered.
  auto response = http_request(fixture.port(), c.method, c.target);
  EXPECT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.body, R"({"connection":1})");
  EXPECT_EQ(upstream.connections(), 2);
  const std::string request_line = c.method + " " + c.target + " HTTP/1.1";
  EXPECT_EQ(upstream.requests_on(0),
            (std::vector<std::string>{"GET /v1/models HTTP/1.1", request_line}));
  EXPECT_EQ(upstream.requests_on(1), std::vector<std::string>{request_line});

  const std::string metrics = metrics_with(fixture.admin_port(), kRetryCounted);
  EXPECT_TRUE(has(metrics, kRetryCounted)) << metrics;
  const std::vector<std::string> lines = fixture.access_log_lines(2);
  const std::string first = log_line_of_request(lines, 1);
  const std::string second = log_line_of_request(lines, 2);
  EXPECT_FALSE(has(first, "upstream_retry")) << first;
  EXPECT_TRUE(has(second, R"("upstream_retry":"empty_response")")) << second;
  EXPECT_TRUE(has(second, R"("status":200)")) << second;
}

INSTANTIATE_TEST_SUITE_P(ClosedOrReset, UpstreamRetry,
                         ::testing::Values(Retried{Second::kClose, "GET", "/v1/models"},
                                           Retried{Second::kReset, "GET", "/v1/models"},
                                           Retried{Second::kClose, "DELETE",
                                                   "/v1/responses/resp_1"},
                                           Retried{Second::kReset, "OPTIONS", "/v1/models"}),
                         [](const ::testing::TestParamInfo<Retried>& info) {
                           return info.param.method +
                                  (info.param.second == Second::kClose ? "_Closed" : "_Reset");
                         });

// The retry's connection fails the same way: the client gets the error, and the request does
// not go a third time.
TEST(UpstreamRetryLimits, AtMostOneRetry) {
  KeptConnectionUpstream upstream(Second::kClose, /*later_connections_answer=*/false);
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kConfig);

  ASSERT_EQ(200, http_request(fixture.port(), "GET", "/v1/models").status);
  auto response = http_request(fixture.port(), "GET", "/v1/files");
  EXPECT_EQ(response.status, 502) << response.body;
  EXPECT_TRUE(has(response.body, "upstream_disconnected")) << response.body;
  EXPECT_EQ(upstream.connections(), 2);
  EXPECT_EQ(upstream.requests_on(1), std::vector<std::string>{"GET /v1/files HTTP/1.1"});
  const std::string metrics = metrics_with(fixture.admin_port(), kRetryCounted);
  EXPECT_TRUE(has(metrics, kRetryCounted)) << metrics;
}

struct NotRetried {
  std::string method;
  std::string target;
  std::string body;
};

// A request the upstream may have acted on that cannot be sent again the same: a POST (an
// inspected chat completion, or any other), or a PUT whose body was streamed through.
TEST(UpstreamRetryLimits, RequestThatMayNotGoTwiceGets502) {
  const std::vector<NotRetried> cases = {{"POST", "/v1/chat/completions", kChatRequest},
                                         {"POST", "/v1/embeddings", R"({"input":"q"})"},
                                         {"PUT", "/v1/things/1", R"({"name":"n"})"}};
  for (const NotRetried& c : cases) {
    SCOPED_TRACE(c.method + " " + c.target);
    KeptConnectionUpstream upstream(Second::kClose);
    ProxyFixture fixture;
    fixture.set_upstream_port(upstream.port());
    fixture.start_proxy(kConfig);

    ASSERT_EQ(200, http_request(fixture.port(), "GET", "/v1/models").status);
    auto response = http_request(fixture.port(), c.method, c.target, c.body);
    EXPECT_EQ(response.status, 502) << response.body;
    EXPECT_TRUE(has(response.body, "upstream_disconnected")) << response.body;
    EXPECT_EQ(upstream.connections(), 1) << "sent again on a new connection";
    EXPECT_EQ(upstream.requests_on(0),
              (std::vector<std::string>{"GET /v1/models HTTP/1.1",
                                        c.method + " " + c.target + " HTTP/1.1"}));
    const std::string second = log_line_of_request(fixture.access_log_lines(2), 2);
    EXPECT_TRUE(has(second, R"("error":"upstream_closed_early")")) << second;
    EXPECT_FALSE(has(second, "upstream_retry")) << second;
  }
}

// Once any byte of a response came (a status line, an interim response, part of a body), the
// request reached the upstream and is never sent again, whatever its method.
TEST(UpstreamRetryLimits, ResponseThatBeganIsNotRetried) {
  struct Case {
    Second second;
    std::string client_gets;  // the start of what the client receives
  };
  const std::vector<Case> cases = {
      {Second::kPartialHeader, "HTTP/1.1 502 "},
      {Second::kInterimThenClose, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 502 "},
      {Second::kPartialBody, "HTTP/1.1 200 OK\r\n"}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.client_gets);
    KeptConnectionUpstream upstream(c.second);
    ProxyFixture fixture;
    fixture.set_upstream_port(upstream.port());
    fixture.start_proxy(kConfig);

    ASSERT_EQ(200, http_request(fixture.port(), "GET", "/v1/models").status);
    // Raw, read to the close: the interim response and the final one both.
    const std::string received = raw_exchange(
        fixture.port(), "GET /v1/files HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_TRUE(received.starts_with(c.client_gets)) << received;
    EXPECT_FALSE(has(received, R"("connection":1)")) << received;
    EXPECT_EQ(upstream.connections(), 1) << "sent again on a new connection";
    const std::string second = log_line_of_request(fixture.access_log_lines(2), 2);
    EXPECT_TRUE(has(second, R"("error":"upstream_closed_early")")) << second;
    EXPECT_FALSE(has(second, "upstream_retry")) << second;
  }
}

}  // namespace
}  // namespace groundgate::testing
