// SQL runs off the I/O threads (issue 29): answers whose queries run to their time cap on the
// operator's database hold only themselves. While four of them run on the workers, an unrelated
// request and a guarded one completes (the proxy has two I/O threads: run inline, the slow
// queries would hold both); a query beyond the workers' queue is not run and is announced
// unverified (`overloaded`, on_error decides); the slow ones end unverified
// (`check_incomplete`), never supported. Ordering is asserted, not wall-clock time.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tests/filters/sql/sql_test_support.h"
#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"

namespace groundgate::testing {
namespace {

constexpr int kSlow = 4;

// `workers` filter workers; the fenced queries' time cap `sql_timeout`.
std::string config(const std::string& database, int workers = 4,
                   const std::string& sql_timeout = "5s") {
  return R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
limits: {filter_workers: )" +
         std::to_string(workers) + R"(, filter_jobs: 4}
policies:
  sql:
    hold: sentence
    sql: {database: ")" +
         database + R"(", execution: {timeout: )" + sql_timeout + R"(}}
  tools:
    hold: sentence
    on_error: closed
    sql: {database: ")" +
         database +
         R"(", execution: {timeout: 5s}, tool_arguments: [{tool: run_query, argument: sql}]}
routes:
  - {name: sql, match: {model: sql}, upstream: up, policy: sql}
  - {name: tools, match: {model: tools}, upstream: up, policy: tools}
  - {name: plain, match: {model: plain}, upstream: up}
logging: {access_log_path: '${DIR}/access.log'}
)";
}

// A query that counts forever (stopped by its time cap), a quick one, and plain prose; the
// same two queries as a tool call's argument.
const char* kScript = R"(
- match: "call forever"
  tool_call:
    name: run_query
    arguments: '{"sql": "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"}'
- match: "call how many"
  tool_call:
    name: run_query
    arguments: '{"sql": "SELECT count(*) FROM employees"}'
- match: "forever"
  answer: "```sql\nWITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n\n```\n"
- match: "how many"
  answer: "```sql\nSELECT count(*) FROM employees\n```\n"
- match: "hello"
  answer: "Hello there."
)";

std::string chat_body(const std::string& model, const std::string& question, bool stream = true) {
  return R"({"model":")" + model + R"(","stream":)" + (stream ? "true" : "false") +
         R"(,"messages":[{"role":"user","content":")" + question + R"("}]})";
}

// The admin scrape once it shows `series` (polled: the slow queries get to the workers at
// their own pace); "" after a minute.
std::string wait_for_metric(uint16_t admin_port, const std::string& series) {
  for (int i = 0; i < 600; ++i) {
    const HttpResponse r = http_request(admin_port, "GET", "/metrics");
    if (has(r.body, series)) return r.body;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return {};
}

TEST(SqlOffIo, SlowQueriesOnTheWorkersHoldNoOtherRequest) {
  filters::sql::testing::CompanyDatabase db;
  ProxyFixture fixture;
  fixture.start_scripted_mock(kScript);
  fixture.start_proxy(config(db.path()));
  const uint16_t port = fixture.port();

  std::atomic<int> slow_done{0};
  std::vector<HttpResponse> slow(kSlow);
  std::vector<std::thread> clients;
  for (int i = 0; i < kSlow; ++i) {
    clients.emplace_back([&, i] {
      slow[static_cast<std::size_t>(i)] =
          http_request(port, "POST", "/v1/chat/completions", chat_body("sql", "count forever"));
      slow_done.fetch_add(1);
    });
  }
  // Every slow query is on a worker (the queue is full).
  ASSERT_NE("", wait_for_metric(fixture.admin_port(), "groundgate_side_jobs_queued 4"));

  // An unrelated request, and a guarded one whose query finds the queue full: both complete
  // while every slow query still runs.
  const HttpResponse plain =
      http_request(port, "POST", "/v1/chat/completions", chat_body("plain", "hello"));
  const HttpResponse overloaded =
      http_request(port, "POST", "/v1/chat/completions", chat_body("sql", "how many"));
  EXPECT_EQ(0, slow_done.load()) << "a slow query's answer ended before the unrelated request";
  ASSERT_EQ(200, plain.status) << plain.error;
  EXPECT_EQ("Hello there.", sse_content(plain.body));
  ASSERT_EQ(200, overloaded.status) << overloaded.error;
  // on_error: open (the default) lets the query go, announced unverified.
  EXPECT_EQ("```sql\nSELECT count(*) FROM employees\n```\n", sse_content(overloaded.body));
  EXPECT_TRUE(has(overloaded.body, R"("error":"overloaded")")) << overloaded.body;
  EXPECT_FALSE(has(overloaded.body, R"("label":"supported")")) << overloaded.body;

  for (std::thread& t : clients)
    t.join();
  for (const HttpResponse& r : slow) {
    ASSERT_EQ(200, r.status) << r.error;
    EXPECT_TRUE(has(r.body, R"("error":"check_incomplete")")) << r.body;
    EXPECT_FALSE(has(r.body, R"("labels":{"supported":1)")) << r.body;
  }
  const std::string metrics = wait_for_metric(
      fixture.admin_port(), R"(groundgate_side_jobs_total{route="sql",outcome="ran"} 4)");
  EXPECT_TRUE(has(metrics, R"(groundgate_side_jobs_total{route="sql",outcome="overloaded"} 1)"))
      << metrics;

  // With the workers free again, the same quick query runs and is supported.
  const HttpResponse quick =
      http_request(port, "POST", "/v1/chat/completions", chat_body("sql", "how many"));
  ASSERT_EQ(200, quick.status) << quick.error;
  EXPECT_TRUE(has(quick.body, R"("labels":{"supported":1)")) << quick.body;
}

TEST(SqlOffIo, SlowToolCallQueriesRunOnTheWorkersAndTheirCallsWaitHeld) {
  // A tool call's SQL argument goes to the workers as a fenced query does: its chunks are held
  // (sentence hold) until the run is over, and a call whose query ran to its cap is unverified:
  // on_error: closed blocks it, so the app never gets the call.
  filters::sql::testing::CompanyDatabase db;
  ProxyFixture fixture;
  fixture.start_scripted_mock(kScript);
  fixture.start_proxy(config(db.path()));
  const uint16_t port = fixture.port();

  std::atomic<int> slow_done{0};
  std::vector<HttpResponse> slow(kSlow);
  std::vector<std::thread> clients;
  for (int i = 0; i < kSlow; ++i) {
    clients.emplace_back([&, i] {
      slow[static_cast<std::size_t>(i)] =
          http_request(port, "POST", "/v1/chat/completions", chat_body("tools", "call forever"));
      slow_done.fetch_add(1);
    });
  }
  ASSERT_NE("", wait_for_metric(fixture.admin_port(), "groundgate_side_jobs_queued 4"));
  const HttpResponse plain =
      http_request(port, "POST", "/v1/chat/completions", chat_body("plain", "hello"));
  EXPECT_EQ(0, slow_done.load()) << "a slow call's answer ended before the unrelated request";
  ASSERT_EQ(200, plain.status) << plain.error;
  EXPECT_EQ("Hello there.", sse_content(plain.body));

  for (std::thread& t : clients)
    t.join();
  for (const HttpResponse& r : slow) {
    ASSERT_EQ(200, r.status) << r.error;
    // No chunk of the call reached the app, not even before its verdict.
    EXPECT_FALSE(has(r.body, R"("tool_calls":[)")) << r.body;
    EXPECT_FALSE(has(r.body, "RECURSIVE")) << r.body;
    EXPECT_TRUE(has(r.body, R"("error":"check_incomplete")")) << r.body;
    EXPECT_TRUE(has(r.body, R"("finish_reason":"content_filter")")) << r.body;
  }

  // A quick one runs and goes on, streamed or not.
  for (const bool stream : {true, false}) {
    const HttpResponse quick = http_request(port, "POST", "/v1/chat/completions",
                                            chat_body("tools", "call how many", stream));
    ASSERT_EQ(200, quick.status) << quick.error;
    // The call reached the client whole (streamed, its arguments come in pieces).
    EXPECT_TRUE(stream ? has(quick.body, R"("finish_reason":"tool_calls")")
                       : has(quick.body, "SELECT count(*) FROM employees"))
        << quick.body;
    EXPECT_TRUE(has(quick.body, R"("name":"run_query","label":"supported")") ||
                has(quick.body, R"("labels":{"supported":1)"))
        << quick.body;
    EXPECT_FALSE(has(quick.body, "content_filter")) << quick.body;
  }
}

TEST(SqlOffIo, AClientThatLeavesStopsItsQuerysRunAndFreesTheWorker) {
  // One worker; a query that would run to its 60 s cap. The client leaves while it runs: the
  // run stops (the job is cancelled, SQLite's progress handler ends it), and the one worker
  // takes the next query long before the cap would have freed it.
  filters::sql::testing::CompanyDatabase db;
  ProxyFixture fixture;
  fixture.start_scripted_mock(kScript);
  fixture.start_proxy(config(db.path(), 1, "60s"));

  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  socket.connect({boost::asio::ip::make_address("127.0.0.1"), fixture.port()});
  const std::string body = chat_body("sql", "count forever");
  boost::asio::write(socket, boost::asio::buffer("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n"
                                                 "Content-Type: application/json\r\n"
                                                 "Content-Length: " +
                                                 std::to_string(body.size()) + "\r\n\r\n" + body));
  ASSERT_NE("", wait_for_metric(fixture.admin_port(), "groundgate_side_jobs_queued 1"));
  socket.close();
  const auto left = std::chrono::steady_clock::now();

  ASSERT_NE("",
            wait_for_metric(fixture.admin_port(),
                            R"(groundgate_side_jobs_total{route="sql",outcome="cancelled"} 1)"));
  ASSERT_NE("", wait_for_metric(fixture.admin_port(), "groundgate_side_jobs_queued 0"));
  // Half the cap: a run left to its cap would hold the worker for all of it.
  EXPECT_LT(std::chrono::steady_clock::now() - left, std::chrono::seconds(30));
  const HttpResponse quick =
      http_request(fixture.port(), "POST", "/v1/chat/completions", chat_body("sql", "how many"));
  ASSERT_EQ(200, quick.status) << quick.error;
  EXPECT_TRUE(has(quick.body, R"("labels":{"supported":1)")) << quick.body;
}

}  // namespace
}  // namespace groundgate::testing
