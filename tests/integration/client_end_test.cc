// How an exchange ends on the client's side. A client that closes once it has had the whole
// answer completed the exchange, however its close races the proxy's last write; one that
// closes before the answer's end is a client_disconnect; one that stops reading is cut by the
// client-write timeout (limits.client_idle_timeout), after the total timeout too.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include "tests/filters/sql/sql_test_support.h"
#include "tests/integration/support/http_client.h"
#include "tests/integration/support/misbehaving_upstream.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

// Enough exchanges that a close racing the proxy's last write shows in nearly every run: only a
// few in a hundred lose the race (fewest of the relayed bodies).
constexpr int kStreamRaces = 150;
constexpr int kBodyRaces = 600;

const std::string kDisconnects = R"(groundgate_errors_total{kind="client_disconnect"} )";

std::string chat_request(bool stream, const std::string& model = "m") {
  const std::string body = R"({"model":")" + model + R"(","stream":)" +
                           (stream ? "true" : "false") +
                           R"(,"messages":[{"role":"user","content":"q"}]})";
  return "POST /v1/chat/completions HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
         "Content-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

// Where a client stops reading.
enum class End {
  kFirstEvent,  // the first SSE event
  kDone,        // data: [DONE], the end of an SSE answer
  kLastChunk,   // the end of a chunked body
  kLength,      // the last byte of a Content-Length body
};

bool holds_end(const std::string& received, End end) {
  switch (end) {
    case End::kFirstEvent:
      return received.find("\n\n", received.find("data: ")) != std::string::npos;
    case End::kDone:
      return received.find("data: [DONE]\n\n") != std::string::npos;
    case End::kLastChunk:
      return received.ends_with("\r\n0\r\n\r\n");
    case End::kLength:
      break;
  }
  const std::size_t header_end = received.find("\r\n\r\n");
  const std::size_t length_at = received.find("Content-Length: ");
  if (header_end == std::string::npos || length_at == std::string::npos) return false;
  return received.size() - header_end - 4 >= std::stoul(received.substr(length_at + 16));
}

// Sends `request` on a connection of its own, reads until the response holds `end`, then
// closes at once; false when the response ended first.
bool read_to_end_then_close(uint16_t port, const std::string& request, End end) {
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), port});
  asio::write(socket, asio::buffer(request));
  std::string received;
  char buffer[65536];
  boost::system::error_code ec;
  while (!holds_end(received, end)) {
    const std::size_t n = socket.read_some(asio::buffer(buffer), ec);
    if (ec) return false;
    received.append(buffer, n);
  }
  socket.close();
  return true;
}

// The mock, at full speed, on a pass-through route and on a guarded one.
class ClientEndRaceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    proxy::mock::MockOptions options;
    options.tokens_per_second = 0;
    fixture_.start_mock(options);
    fixture_.start_proxy(R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
  guard: {verifiers: [semantic_pieces], scorer: {model: "off"}, hold: sentence}
routes:
  - {name: guarded, match: {model: guarded}, upstream: up, policy: guard}
  - {name: plain, match: {path_prefix: /}, upstream: up}
logging: {access_log_path: '${DIR}/access.log'}
)");
  }

  // `races` exchanges, each closed by its client as soon as it has `end`: every one completed.
  void expect_completed_races(const std::string& model, bool stream, End end, int races) {
    const std::string request = chat_request(stream, model);
    for (int i = 0; i < races; ++i)
      ASSERT_TRUE(read_to_end_then_close(fixture_.port(), request, end)) << model << " " << i;
    // Once every exchange is counted (and before the log is read, which drains the proxy).
    const std::string counted = "groundgate_requests_total{route=\"" + route(model) +
                                "\",status=\"200\"} " + std::to_string(races);
    const std::string metrics = metrics_with(fixture_.admin_port(), counted);
    EXPECT_TRUE(has(metrics, counted)) << metrics;
    EXPECT_TRUE(has(metrics, kDisconnects + "0")) << metrics;
    const std::vector<std::string> lines = fixture_.access_log_lines(races);
    int disconnects = 0;
    for (const std::string& line : lines) {
      if (has(line, R"("error":"client_disconnect")")) ++disconnects;
      EXPECT_TRUE(has(line, R"("status":200,)")) << line;
    }
    EXPECT_EQ(0, disconnects) << model << ": of " << lines.size();
  }

  static std::string route(const std::string& model) {
    return model == "guarded" ? "guarded" : "plain";
  }

  ProxyFixture fixture_;
};

TEST_F(ClientEndRaceTest, AStreamWhoseClientClosesAtDoneCompleted) {
  expect_completed_races("m", true, End::kDone, kStreamRaces);
}

TEST_F(ClientEndRaceTest, AGuardedStreamWhoseClientClosesAtDoneCompleted) {
  expect_completed_races("guarded", true, End::kDone, kStreamRaces);
}

TEST_F(ClientEndRaceTest, AGuardedStreamWhoseClientClosesAtItsLastChunkCompleted) {
  expect_completed_races("guarded", true, End::kLastChunk, kStreamRaces);
}

TEST_F(ClientEndRaceTest, ARelayedBodyWhoseClientClosesAtItsLastByteCompleted) {
  expect_completed_races("m", false, End::kLength, kBodyRaces);
}

TEST_F(ClientEndRaceTest, AGuardedWholeAnswerWhoseClientClosesAtItsLastByteCompleted) {
  expect_completed_races("guarded", false, End::kLength, kBodyRaces);
}

const std::string kEvent =
    "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
    "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"word \"},\"finish_reason\":null}]}\n\n";

TEST(ClientEnd, AClientThatClosesBeforeTheAnswersEndIsADisconnect) {
  RawUpstream upstream([](auto& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::sse_header() + RawUpstream::chunk(kEvent));
    RawUpstream::wait_for_close(socket, 5000);  // the rest of the answer never comes
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(
      "upstreams:\n  up: {url: 'http://127.0.0.1:${UPSTREAM_PORT}', idle_timeout: 60s}\n"
      "routes:\n  - {name: all, match: {path_prefix: /}, upstream: up}\n"
      "logging: {access_log_path: '${DIR}/access.log'}\n");
  ASSERT_TRUE(read_to_end_then_close(fixture.port(), chat_request(true), End::kFirstEvent));
  const std::vector<std::string> lines = fixture.access_log_lines(1);
  ASSERT_EQ(1u, lines.size());
  EXPECT_TRUE(has(lines[0], R"("error":"client_disconnect")")) << lines[0];
}

// A client that sends `request` and then reads nothing, with a small receive buffer: the
// proxy's writes of a large answer stall.
class StalledClient {
 public:
  StalledClient(uint16_t port, const std::string& request) : socket_(io_) {
    socket_.open(tcp::v4());
    socket_.set_option(asio::socket_base::receive_buffer_size(4096));
    socket_.connect({asio::ip::make_address("127.0.0.1"), port});
    asio::write(socket_, asio::buffer(request));
  }

 private:
  asio::io_context io_;
  tcp::socket socket_;
};

// More than the largest send buffer Linux gives a socket by default (net.ipv4.tcp_wmem: 4 MiB)
// plus the stalled client's receive buffer: a write of it cannot end while the client reads
// nothing.
constexpr std::size_t kLargeAnswer = 8u << 20;

// Whether the client's exchange, once it began, ended: within 20 s, far past the timeouts
// that end it (2 s and less), so a sanitizer build on a loaded machine is not taken for an
// exchange that never ends.
bool exchange_ends(ProxyFixture& fixture) {
  int polls = 0;
  for (; polls < 100 && fixture.server().exchanges_in_flight() == 0; ++polls)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  for (; polls < 1000 && fixture.server().exchanges_in_flight() != 0; ++polls)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return fixture.server().exchanges_in_flight() == 0;
}

TEST(ClientEnd, AWholeAnswerSentAfterTheTotalTimeoutCutItsSideAnswersIsCutWhenItsClientStalls) {
  // The answer's rewrites (check 5) never get their answers: the total timeout ends them, and
  // the answer goes to a client that reads none of it.
  const std::string query = "SELECT name FROM employees WHERE salary > 3000";
  std::string answer = chat_completion("Here:\n```sql\n" + query + "\n```\nDone.");
  answer.pop_back();  // the object's closing brace: a member the filters do not read follows
  answer += R"(,"padding":")" + std::string(kLargeAnswer, 'x') + "\"}";
  std::atomic<int> requests{0};
  RawUpstream upstream([&](auto& socket, const std::string&) {
    if (requests.fetch_add(1) == 0) {
      RawUpstream::send(socket, RawUpstream::json_response(answer));
    }
    RawUpstream::wait_for_close(socket, 5000);  // a rewrite: never answered
  });
  filters::sql::testing::CompanyDatabase db;
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}", total_timeout: 2s}
policies:
  held: {hold: sentence, sql: {database: ")" +
                      db.path() + R"(", metamorphic: {variants: 2, timeout: 10s}}}
routes:
  - {name: held, match: {path_prefix: /}, upstream: up, policy: held}
limits: {client_idle_timeout: 300ms}
logging: {access_log_path: '${DIR}/access.log'}
)");
  const std::string body =
      R"({"model":"m","messages":[{"role":"system","content":"You write SQLite."},)"
      R"({"role":"user","content":"Which clerks earn more than 3000?"}]})";
  StalledClient client(fixture.port(),
                       "POST /v1/chat/completions HTTP/1.1\r\nHost: a\r\n"
                       "Content-Type: application/json\r\nContent-Length: " +
                           std::to_string(body.size()) + "\r\n\r\n" + body);
  EXPECT_TRUE(exchange_ends(fixture)) << "the stalled write was never cut";
  const std::string metrics = metrics_with(fixture.admin_port(), kDisconnects + "1");
  EXPECT_TRUE(has(metrics, kDisconnects + "1")) << metrics;
  const std::vector<std::string> lines = fixture.access_log_lines(1);
  ASSERT_EQ(1u, lines.size());
  EXPECT_TRUE(has(lines[0], R"("error":"client_disconnect")")) << lines[0];
  EXPECT_TRUE(has(lines[0], R"("side_answers_missing":"total_timeout")")) << lines[0];
}

TEST(ClientEnd, AStreamWhoseWriteStallsPastTheTotalTimeoutIsCutWhenItsClientStalls) {
  // The total timeout fires while the client write is stalled: the upstream side ends, and the
  // write stays bounded.
  RawUpstream upstream([](auto& socket, const std::string&) {
    const std::string events = RawUpstream::chunk(std::string(60000, 'x') + "\n\n");
    RawUpstream::send(socket, RawUpstream::sse_header());
    for (std::size_t sent = 0; sent < kLargeAnswer; sent += events.size())
      RawUpstream::send(socket, events);
    RawUpstream::wait_for_close(socket, 5000);
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(
      "upstreams:\n  up: {url: 'http://127.0.0.1:${UPSTREAM_PORT}', total_timeout: 300ms}\n"
      "routes:\n  - {name: all, match: {path_prefix: /}, upstream: up}\n"
      "limits: {client_idle_timeout: 600ms}\n"
      "logging: {access_log_path: '${DIR}/access.log'}\n");
  StalledClient client(fixture.port(), chat_request(true));
  EXPECT_TRUE(exchange_ends(fixture)) << "the stalled write was never cut";
  const std::vector<std::string> lines = fixture.access_log_lines(1);
  ASSERT_EQ(1u, lines.size());
  // What ended the exchange first.
  EXPECT_TRUE(has(lines[0], R"("error":"upstream_timeout")")) << lines[0];
}

}  // namespace
}  // namespace groundgate::testing
