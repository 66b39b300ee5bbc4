// The SQL guard on live traffic (issue 21): fenced SQL and tool-call SQL through a real
// ProxyServer and the mock upstream, in both hold modes; a held query is corrected, blocked or
// annotated before the client sees it, an unsafe one never reaches it; the whole answer as one
// query; the request's `schema` field is read and never forwarded.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {
namespace {

const char* kConfig = R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
  held:
    hold: sentence
    actions: {contradicted: {rewrite: correct}, no_context: annotate}
    sql: {tool_arguments: [{tool: run_query, argument: sql}]}
  block:
    hold: sentence
    actions: {contradicted: block}
    sql: {tool_arguments: [{tool: run_query, argument: sql}]}
  first:
    sql: {unsafe: annotate, tool_arguments: [{tool: run_query, argument: sql}]}
  whole:
    hold: sentence
    actions: {contradicted: {rewrite: correct}}
    sql: {answer: whole}
routes:
  - {name: held, match: {model: held}, upstream: up, policy: held}
  - {name: block, match: {model: block}, upstream: up, policy: block}
  - {name: first, match: {model: first}, upstream: up, policy: first}
  - {name: whole, match: {model: whole}, upstream: up, policy: whole}
logging: {access_log_path: '${DIR}/access.log'}
)";

// Answers by question: a fenced query with a typo'd column, a good one, a DELETE, a bare query
// (whole-answer routes), and a tool call whose `sql` argument has the typo.
const char* kScript = R"(
- match: "salaries"
  answer: "Here it is:\n```sql\nSELECT name, salry FROM employees\n```\nIt lists every salary."
- match: "names"
  answer: "Here it is:\n```sql\nSELECT name FROM employees\n```\nIt lists every name."
- match: "remove"
  answer: "Run this:\n```sql\nDELETE FROM employees\n```\nDone."
- match: "bare"
  answer: "SELECT nme FROM employees"
- match: "tool"
  tool_call:
    name: run_query
    arguments: '{"sql": "SELECT salry FROM employees"}'
)";

constexpr const char* kSchema = "CREATE TABLE employees (id INTEGER, name TEXT, salary REAL);";

std::string request(const std::string& model, bool stream, const std::string& question,
                    const std::string& system = std::string("You write SQLite. ") + kSchema) {
  return R"({"model":")" + model + "\"" + (stream ? R"(,"stream":true)" : "") +
         R"(,"messages":[{"role":"system","content":")" + system +
         R"("},{"role":"user","content":")" + question + R"("}]})";
}

class SqlGuardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fixture_.start_scripted_mock(kScript);
    fixture_.start_proxy(kConfig);
  }

  HttpResponse chat(const std::string& body) {
    return http_request(fixture_.port(), "POST", "/v1/chat/completions", body);
  }

  ProxyFixture fixture_;
};

TEST_F(SqlGuardTest, HeldFencedQueryIsCorrectedBeforeTheClientSeesIt) {
  const HttpResponse r = chat(request("held", true, "List the salaries."));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(
      "Here it is:\n```sql\nSELECT name, \"salary\" FROM employees\n```\nIt lists every salary.",
      sse_content(r.body));
  EXPECT_FALSE(has(r.body, "salry")) << r.body;  // not in the text, nor in the annotation
  EXPECT_TRUE(has(r.body, R"("kind":"sql")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("label":"contradicted","action":"rewrite","rewrite":"correct")"))
      << r.body;
  EXPECT_TRUE(has(r.body, R"("findings":[{"type":"schema","code":"unknown_column")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("queries":1,"unsafe":0)")) << r.body;
  EXPECT_TRUE(has(r.body, R"("unchecked_sentences":2)")) << r.body;  // the prose around it
  EXPECT_EQ("[DONE]", sse_data(r.body).back());
}

TEST_F(SqlGuardTest, AGoodQueryPassesAndTheSummarySaysItWasChecked) {
  const HttpResponse r = chat(request("held", true, "List the names."));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ("Here it is:\n```sql\nSELECT name FROM employees\n```\nIt lists every name.",
            sse_content(r.body));
  EXPECT_FALSE(has(r.body, R"("type":"verdict")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("verdict":"grounded")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("labels":{"supported":1)")) << r.body;
}

TEST_F(SqlGuardTest, UnsafeQueryIsBlockedByDefault) {
  const HttpResponse r = chat(request("held", true, "remove everyone"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ("Run this:", sse_content(r.body));
  EXPECT_FALSE(has(r.body, "DELETE")) << r.body;
  EXPECT_TRUE(has(r.body, R"("label":"unsafe","action":"block")")) << r.body;
  EXPECT_TRUE(has(r.body, R"({"type":"stopped","reason":"guard.unsafe"})")) << r.body;
  EXPECT_TRUE(has(r.body, R"("finish_reason":"content_filter")")) << r.body;
}

TEST_F(SqlGuardTest, BlockPolicySendsNoByteOfTheQuery) {
  const HttpResponse r = chat(request("block", true, "List the salaries."));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ("Here it is:", sse_content(r.body));
  EXPECT_FALSE(has(r.body, "SELECT")) << r.body;
  EXPECT_TRUE(has(r.body, R"({"type":"stopped","reason":"guard.contradicted"})")) << r.body;
}

TEST_F(SqlGuardTest, StreamFirstForwardsAtOnceAndAnnotates) {
  const HttpResponse r = chat(request("first", true, "List the salaries."));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ("Here it is:\n```sql\nSELECT name, salry FROM employees\n```\nIt lists every salary.",
            sse_content(r.body));
  EXPECT_TRUE(has(r.body, R"("choices":[],"groundgate":[{"type":"verdict","choice":0,)"
                          R"("kind":"sql")"))
      << r.body;
  EXPECT_TRUE(has(r.body, "did you mean `salary`?")) << r.body;
  EXPECT_TRUE(has(r.body, R"("corrected":"SELECT name, \"salary\" FROM employees)")) << r.body;
  const HttpResponse unsafe = chat(request("first", true, "remove everyone"));
  EXPECT_TRUE(has(sse_content(unsafe.body), "DELETE FROM employees")) << unsafe.body;  // sent first
  EXPECT_TRUE(has(unsafe.body, R"("label":"unsafe","action":"annotate")")) << unsafe.body;
}

TEST_F(SqlGuardTest, ToolCallQueryIsHeldAndBlockedOrAnnotated) {
  const HttpResponse held = chat(request("block", true, "tool please"));
  ASSERT_EQ(200, held.status) << held.error;
  EXPECT_FALSE(has(held.body, "salry")) << held.body;  // the call never reached the app
  EXPECT_TRUE(has(held.body, R"({"type":"tool_call","choice":0,"kind":"sql","call":0,)"
                             R"("name":"run_query","label":"contradicted","action":"block")"))
      << held.body;
  EXPECT_TRUE(has(held.body, R"("finish_reason":"content_filter")")) << held.body;

  const HttpResponse first = chat(request("first", true, "tool please"));
  ASSERT_EQ(200, first.status) << first.error;
  EXPECT_TRUE(has(first.body, "salry")) << first.body;  // stream_first: the call went on
  EXPECT_TRUE(has(first.body, R"("kind":"sql","call":0,"name":"run_query",)"
                              R"("label":"contradicted","action":"annotate")"))
      << first.body;
}

TEST_F(SqlGuardTest, WholeAnswerIsOneQuery) {
  const HttpResponse r = chat(request("whole", true, "bare query"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ("SELECT \"name\" FROM employees", sse_content(r.body));
  EXPECT_TRUE(has(r.body, R"("action":"rewrite","rewrite":"correct")")) << r.body;
  const HttpResponse plain = chat(request("whole", false, "bare query"));
  ASSERT_EQ(200, plain.status) << plain.error;
  EXPECT_TRUE(has(plain.body, R"("content":"SELECT \"name\" FROM employees")")) << plain.body;
}

TEST_F(SqlGuardTest, NonStreamedAnswersAreGuardedToo) {
  const HttpResponse r = chat(request("held", false, "List the salaries."));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, R"(SELECT name, \"salary\" FROM employees)")) << r.body;
  EXPECT_FALSE(has(r.body, "salry")) << r.body;
  EXPECT_TRUE(has(r.body, R"("kind":"sql")")) << r.body;
}

TEST_F(SqlGuardTest, ABlockedQueryIsTheSameErrorInTheLogAndMetricsStreamedOrNot) {
  for (const bool stream : {true, false}) {
    const HttpResponse r = chat(request("held", stream, "remove everyone"));
    ASSERT_EQ(200, r.status) << r.error;
    EXPECT_FALSE(has(r.body, "DELETE")) << r.body;
  }
  const std::string series = R"(groundgate_errors_total{kind="filter"} 2)";
  const std::string metrics = metrics_with(fixture_.admin_port(), series);
  EXPECT_TRUE(has(metrics, series)) << metrics;
  const std::vector<std::string> lines = fixture_.access_log_lines(2);
  ASSERT_EQ(2u, lines.size());
  for (const std::string& line : lines)
    EXPECT_TRUE(has(line, R"("error":"filter")")) << line;
}

TEST_F(SqlGuardTest, WithoutASchemaNamesCannotBeCheckedAndTheSummarySaysSo) {
  const HttpResponse r = chat(request("held", true, "List the salaries.", "You write SQLite."));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(sse_content(r.body), "salry")) << r.body;  // nothing to correct it against
  EXPECT_TRUE(has(r.body, R"("label":"no_context","action":"annotate")")) << r.body;
}

TEST(SqlGuardSchemaField, TheSchemaFieldIsReadAndNotForwarded) {
  ProxyFixture fixture;
  RawUpstream upstream([](auto& socket, const std::string&) {
    const std::string body =
        R"({"id":"c","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,)"
        R"("message":{"role":"assistant","content":"```sql\nSELECT salry FROM staff\n```"},)"
        R"("finish_reason":"stop"}]})";
    RawUpstream::send(socket, RawUpstream::json_response(body));
  });
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}"}
policies:
  held: {hold: sentence, actions: {contradicted: {rewrite: correct}}, sql: {}}
routes:
  - {match: {path_prefix: /}, upstream: up, policy: held}
logging: {access_log: false}
)");
  const HttpResponse r = http_request(fixture.port(), "POST", "/v1/chat/completions",
                                      R"({"model":"m","schema":{"staff":["id","salary"]},)"
                                      R"("messages":[{"role":"user","content":"Salaries?"}]})");
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, R"(SELECT \"salary\" FROM staff)")) << r.body;
  const std::string forwarded = upstream.last_request();
  EXPECT_FALSE(has(forwarded, "\"schema\"")) << forwarded;
  EXPECT_TRUE(has(forwarded, R"("messages":[{"role":"user","content":"Salaries?"}])")) << forwarded;
}

}  // namespace
}  // namespace groundgate::testing
