// SQL check 5 on live traffic (issue 21): the proxy asks the route's model the rewritten
// questions as side requests, beside the stream, and the guard judges the answers on the
// policy's database before the held query goes on (sentence hold) or annotates it after
// (stream_first); a side request that runs out of time leaves the check incomplete, said so; a
// client that leaves mid-check ends the side requests. The mock upstream answers the variants
// by question (the first matching script entry wins).
#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <fstream>
#include <string>

#include "tests/filters/sql/sql_test_support.h"
#include "tests/integration/sql_metamorphic_support.h"
#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {
namespace {

std::string request(const std::string& model, const std::string& who) {
  return R"({"model":")" + model +
         R"(","stream":true,"messages":[{"role":"system","content":"You write SQLite."},)"
         R"({"role":"user","content":"Which )" +
         who + R"( earn more than 3000?"}]})";
}

class SqlMetamorphicTest : public MetamorphicFixture {
 protected:
  HttpResponse chat(const std::string& body) { return post("/v1/chat/completions", body); }
};

TEST_F(SqlMetamorphicTest, AHeldQueryTheModelAnswersConsistentlyPasses) {
  const HttpResponse r = chat(request("held", "employees"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, sse_content(r.body));
  EXPECT_TRUE(has(r.body, R"("metamorphic":{"ran":1,"passed":1,"flagged":0,"incomplete":0)"))
      << r.body;
  EXPECT_EQ("[DONE]", sse_data(r.body).back());
  const std::string log = log_line();
  EXPECT_TRUE(has(log, R"("side_requests":"4")")) << log;
  EXPECT_TRUE(has(log, R"("side_request_failures":"0")")) << log;
  EXPECT_TRUE(has(log, R"("side_wait_ms":")")) << log;
}

TEST_F(SqlMetamorphicTest, AHeldQueryTheModelContradictsIsBlockedBeforeAByteOfItGoes) {
  const HttpResponse r = chat(request("held", "staff"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_FALSE(has(sse_content(r.body), "SELECT")) << r.body;
  EXPECT_TRUE(has(r.body, "metamorphic_relations_broken")) << r.body;
  EXPECT_TRUE(has(r.body, R"("finish_reason":"content_filter")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("flagged":1)")) << r.body;
}

TEST_F(SqlMetamorphicTest, AnAnnotatePolicyLetsTheFlaggedQueryGoWithItsFinding) {
  const HttpResponse r = chat(request("noted", "staff"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, sse_content(r.body));
  EXPECT_TRUE(has(r.body, R"("label":"unsupported","action":"annotate")")) << r.body;
  EXPECT_TRUE(has(r.body, "metamorphic_relations_broken")) << r.body;
}

TEST_F(SqlMetamorphicTest, StreamFirstSendsTheQueryAtOnceAndTheVerdictFollowsBeforeTheEnd) {
  const HttpResponse r = chat(request("first", "staff"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, sse_content(r.body));
  const std::vector<std::string> events = sse_data(r.body);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ("[DONE]", events.back());
  // The finding comes in an event after every piece of text, before the end.
  std::size_t finding = events.size(), last_text = 0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (has(events[i], "metamorphic_relations_broken") && finding == events.size()) finding = i;
    if (has(events[i], R"("content":")")) last_text = i;
  }
  ASSERT_LT(finding, events.size()) << r.body;
  EXPECT_GT(finding, last_text) << r.body;
  EXPECT_TRUE(has(r.body, R"("flagged":1)")) << r.body;
}

TEST_F(SqlMetamorphicTest, SideRequestsOutOfTimeLeaveTheCheckIncompleteAndChecks1To4Decide) {
  const HttpResponse r = chat(request("quick", "workers"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, sse_content(r.body));  // checks 1-4 passed it; check 5 could not finish
  EXPECT_TRUE(has(r.body, R"("incomplete":1)")) << r.body;
  const std::string log = log_line();
  EXPECT_TRUE(has(log, R"("side_requests":"2")")) << log;
  EXPECT_TRUE(has(log, R"("side_request_failures":"2")")) << log;
  EXPECT_TRUE(has(log, R"(\"incomplete\":1)")) << log;
  // The count of checks that stopped short has check 5's too.
  EXPECT_TRUE(has(log, R"("sql.incomplete_checks":"1")")) << log;
}

TEST_F(SqlMetamorphicTest, AStreamWhoseVerdictOutlastsTheTotalTimeoutEndsWithTheCheckIncomplete) {
  // stream_first: the answer is all out and its end waits for the rewrites, whose answers would
  // come after 5 s; the route's total timeout (1 s) ends them, and the answer ends.
  const HttpResponse r = chat(request("brief-first", "clerks"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, sse_content(r.body));
  EXPECT_EQ("[DONE]", sse_data(r.body).back());
  EXPECT_TRUE(has(r.body, R"("incomplete":1)")) << r.body;
  const std::string log = log_line();
  EXPECT_TRUE(has(log, R"("error":"",)")) << log;
  EXPECT_TRUE(has(log, R"("side_answers_missing":"total_timeout")")) << log;
}

TEST_F(SqlMetamorphicTest, AClientThatLeavesMidCheckEndsTheSideRequests) {
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  send_chat(socket, request("held", "clerks"));
  // The text before the query comes while the query waits for the rewrites' answers.
  std::string received;
  char buffer[4096];
  while (!has(received, "Here:")) {
    boost::system::error_code ec;
    const std::size_t n = socket.read_some(boost::asio::buffer(buffer), ec);
    if (ec) break;
    received.append(buffer, n);
  }
  ASSERT_TRUE(has(received, "Here:")) << received;
  leave_and_expect_side_requests_ended(socket);
  EXPECT_FALSE(has(received, "SELECT")) << received;
}

TEST(SqlMetamorphicRequests, TheRewritesGoToTheSameEndpointWithTheClientsHeaderFields) {
  filters::sql::testing::CompanyDatabase db;
  // The streamed answer to the app's request; the rewrites get a whole completion each.
  RawUpstream upstream([](auto& socket, const std::string& request) {
    if (request.find(R"("stream":true)") != std::string::npos) {
      const std::string event =
          std::string(
              R"(data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,)") +
          R"("delta":{"content":"```sql\n)" + kQuery + R"(\n```"},"finish_reason":"stop"}]})" +
          "\n\n";
      RawUpstream::send(socket, RawUpstream::sse_header() + RawUpstream::chunk(event) +
                                    RawUpstream::chunk("data: [DONE]\n\n") +
                                    RawUpstream::chunk(""));
      RawUpstream::wait_for_close(socket, 5000);
      return;
    }
    const std::string body =
        std::string(R"({"id":"c","object":"chat.completion","choices":[{"index":0,)") +
        R"("message":{"role":"assistant","content":"```sql\n)" + kQuery +
        R"(\n```"},"finish_reason":"stop"}]})";
    RawUpstream::send(socket, RawUpstream::json_response(body));
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(one_rewrite_config(db.path()));
  const HttpResponse r =
      http_request(fixture.port(), "POST", "/v1/chat/completions", request("m", "employees"),
                   {{"Authorization", "Bearer sk-test"}});
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(sse_content(r.body), kQuery)) << r.body;
  // One rewrite, sent after the app's request: the last one the upstream read.
  EXPECT_EQ(upstream.connections(), 2);
  const std::string rewrite = upstream.last_request();
  EXPECT_TRUE(rewrite.starts_with("POST /v1/chat/completions HTTP/1.1\r\n")) << rewrite;
  EXPECT_TRUE(has(rewrite, "Authorization: Bearer sk-test\r\n")) << rewrite;
  EXPECT_TRUE(has(rewrite, R"("stream":false)")) << rewrite;
  EXPECT_FALSE(has(rewrite, "Which employees earn more than 3000?\"")) << rewrite;
  // The one rewrite (relaxed: a superset) answered with the same query keeps its relation.
  EXPECT_TRUE(has(r.body, R"("metamorphic":{"ran":1,"passed":1,"flagged":0)")) << r.body;
}

}  // namespace
}  // namespace groundgate::testing
