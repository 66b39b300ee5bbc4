#pragma once
// What the check-5 integration tests share (sql_metamorphic_test.cc: streamed chat completions;
// sql_metamorphic_apis_test.cc: non-streamed chat and the Responses API): the policies on the
// company database (tests/filters/sql/sql_test_support.h), routed by model name, the mock
// upstream's script, which answers the rewritten questions by question (the first matching
// entry wins), and a fixture with both running.

#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <string>
#include <vector>

#include "tests/filters/sql/sql_test_support.h"
#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"

namespace groundgate::testing {

// One held policy with one rewrite per checked query, every path to the fixture's upstream
// (`${UPSTREAM_PORT}`): for tests that read the rewrite the upstream got.
inline std::string one_rewrite_config(const std::string& database) {
  return R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}"}
policies:
  held: {hold: sentence, sql: {database: ")" +
         database + R"(", metamorphic: {variants: 1}}}
routes:
  - {match: {path_prefix: /}, upstream: up, policy: held}
logging: {access_log: false}
)";
}

// Policies on the company database, by model name.
inline std::string metamorphic_config(const std::string& database) {
  return R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
  brief: {url: "http://127.0.0.1:${MOCK_PORT}", total_timeout: 1s}
policies:
  held:
    hold: sentence
    actions: {unsupported: block}
    sql: {database: ")" +
         database + R"(", metamorphic: {variants: 4, fan_out: 2, timeout: 10s}}
  noted:
    hold: sentence
    actions: {unsupported: annotate}
    sql: {database: ")" +
         database + R"(", metamorphic: true}
  first:
    sql: {database: ")" +
         database + R"(", unsafe: annotate, metamorphic: true}
  quick:
    hold: sentence
    actions: {unsupported: block}
    sql: {database: ")" +
         database + R"(", metamorphic: {variants: 2, timeout: 200ms}}
  http:
    hold: sentence
    actions: {unsupported: block}
    block_status: 422
    sql: {database: ")" +
         database + R"(", metamorphic: true}
routes:
  - {name: held, match: {model: held}, upstream: up, policy: held}
  - {name: noted, match: {model: noted}, upstream: up, policy: noted}
  - {name: first, match: {model: first}, upstream: up, policy: first}
  - {name: quick, match: {model: quick}, upstream: up, policy: quick}
  - {name: http, match: {model: http}, upstream: up, policy: http}
  - {name: brief, match: {model: brief}, upstream: brief, policy: held}
  - {name: brief-first, match: {model: brief-first}, upstream: brief, policy: first}
logging: {access_log_path: '${DIR}/access.log'}
)";
}

inline constexpr const char* kQuery = "SELECT name FROM employees WHERE salary > 3000";

// "employees": every question (its rewrites too) gets the same query: consistent. "staff": the
// original question gets the query, its rewrites a query that finds nobody: inconsistent.
// "workers": the rewrites get their answer after 2 s (the `quick` policy waits 200 ms).
// "clerks": the rewrites get their answer after 5 s (the client leaves before; the `brief`
// routes' total timeout, 1 s, runs out first).
inline const std::string kScript = std::string(R"(
- match: "staff earn more than 3000?"
  answer: "Here:\n```sql\n)") + kQuery +
                                   R"(\n```\nDone."
- match: "staff"
  answer: "```sql\nSELECT name FROM employees WHERE salary < 100\n```"
- match: "workers earn more than 3000?"
  answer: "Here:\n```sql\n)" + kQuery +
                                   R"(\n```\nDone."
- match: "workers"
  first_byte_delay_ms: 2000
  answer: "```sql\n)" + kQuery +
                                   R"(\n```"
- match: "clerks earn more than 3000?"
  answer: "Here:\n```sql\n)" + kQuery +
                                   R"(\n```\nDone."
- match: "clerks"
  first_byte_delay_ms: 5000
  answer: "```sql\n)" + kQuery +
                                   R"(\n```"
- match: "employees"
  answer: "Here:\n```sql\n)" + kQuery +
                                   R"(\n```\nDone."
)";

inline const std::string kAnswer = std::string("Here:\n```sql\n") + kQuery + "\n```\nDone.";

// The mock with kScript and the proxy with metamorphic_config.
class MetamorphicFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    fixture_.start_scripted_mock(kScript);
    fixture_.start_proxy(metamorphic_config(db_.path()));
  }

  // With the client's API key, which the rewrites carry too.
  HttpResponse post(const std::string& path, const std::string& body) {
    return http_request(fixture_.port(), "POST", path, body, {{"Authorization", "Bearer sk-test"}});
  }

  // Sends a chat request on a connection of its own, then reads nothing.
  void send_chat(boost::asio::ip::tcp::socket& socket, const std::string& body) {
    socket.connect({boost::asio::ip::make_address("127.0.0.1"), fixture_.port()});
    const std::string head =
        "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n"
        "Content-Type: application/json\r\nContent-Length: " +
        std::to_string(body.size()) + "\r\n\r\n";
    boost::asio::write(socket, boost::asio::buffer(head + body));
  }

  // The client closes while its answer waits for the rewrites of `held` (fan_out 2 at a time,
  // their answers after 5 s): the exchange ends without waiting for the model.
  void leave_and_expect_side_requests_ended(boost::asio::ip::tcp::socket& socket) {
    const std::string out = "groundgate_side_requests_in_flight 2";
    EXPECT_TRUE(has(metrics_with(fixture_.admin_port(), out), out));
    socket.close();
    // Counted as failed calls (cancelled), before the log is read (which drains the proxy).
    const std::string failed = R"(groundgate_side_requests_total{route="held",outcome="failed"} 4)";
    const std::string metrics = metrics_with(fixture_.admin_port(), failed);
    EXPECT_TRUE(has(metrics, failed)) << metrics;
    const std::string log = log_line();
    EXPECT_TRUE(has(log, R"("error":"client_disconnect")")) << log;
    EXPECT_TRUE(has(log, R"("side_requests":"4")")) << log;
    EXPECT_TRUE(has(log, R"("side_request_failures":"4")")) << log;
    EXPECT_TRUE(has(log, R"(\"unfinished\":1)")) << log;
  }

  std::string log_line() {
    const std::vector<std::string> lines = fixture_.access_log_lines(1);
    return lines.empty() ? std::string() : lines.front();
  }

  filters::sql::testing::CompanyDatabase db_;
  ProxyFixture fixture_;
};

}  // namespace groundgate::testing
