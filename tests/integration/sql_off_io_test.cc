// SQL runs off the I/O threads (issue 29): answers whose queries run to their time cap on the
// operator's database hold only themselves. While four of them run on the workers, an unrelated
// request and a guarded one completes (the proxy has two I/O threads: run inline, the slow
// queries would hold both); a query beyond the workers' queue is not run and is announced
// unverified (`overloaded`, on_error decides); the slow ones end unverified
// (`check_incomplete`), never supported. Ordering is asserted, not wall-clock time.
#include <gtest/gtest.h>

#include <atomic>
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

std::string config(const std::string& database) {
  return R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
limits: {filter_workers: 4, filter_jobs: 4}
policies:
  sql:
    hold: sentence
    sql: {database: ")" +
         database + R"(", execution: {timeout: 5s}}
routes:
  - {name: sql, match: {model: sql}, upstream: up, policy: sql}
  - {name: plain, match: {model: plain}, upstream: up}
logging: {access_log_path: '${DIR}/access.log'}
)";
}

// A query that counts forever (stopped by its time cap), a quick one, and plain prose.
const char* kScript = R"(
- match: "forever"
  answer: "```sql\nWITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n\n```\n"
- match: "how many"
  answer: "```sql\nSELECT count(*) FROM employees\n```\n"
- match: "hello"
  answer: "Hello there."
)";

std::string chat_body(const std::string& model, const std::string& question) {
  return R"({"model":")" + model + R"(","stream":true,"messages":[{"role":"user","content":")" +
         question + R"("}]})";
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

}  // namespace
}  // namespace groundgate::testing
