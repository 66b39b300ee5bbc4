// SQL check 5 wherever the guard runs (issue 21): non-streamed chat completions and the
// Responses API, streamed and not. The rewritten questions go to the endpoint the app used, in
// its own body shape; a whole answer waits for their answers before a byte of it goes, then
// carries the verdict (annotated, blocked or with the policy's error) as a streamed one does; a
// side request out of time leaves the check incomplete and checks 1-4 decide. Legacy
// completions are the one API without side requests: the summary says so.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <boost/asio/io_context.hpp>
#include <mutex>
#include <string>
#include <vector>

#include "tests/filters/sql/sql_test_support.h"
#include "tests/integration/sql_metamorphic_support.h"
#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"
#include "tests/proxy/openai/responses_view.h"

namespace groundgate::testing {
namespace {

using proxy::openai::test_responses::responses_view;
using proxy::openai::test_responses::ResponsesView;

std::string question(const std::string& who) {
  return "Which " + who + " earn more than 3000?";
}

std::string chat_request(const std::string& model, const std::string& who) {
  return R"({"model":")" + model +
         R"(","messages":[{"role":"system","content":"You write SQLite."},)"
         R"({"role":"user","content":")" +
         question(who) + R"("}]})";
}

std::string responses_request(const std::string& model, const std::string& who, bool stream) {
  return R"({"model":")" + model + "\"" + (stream ? R"(,"stream":true)" : "") +
         R"(,"instructions":"You write SQLite.","input":")" + question(who) + R"("})";
}

// choices[0].message.content of a chat completion ("<none>" when it has none).
std::string chat_content(const std::string& body) {
  simdjson::dom::parser parser;
  std::string_view content;
  if (parser.parse(body)["choices"].at(0)["message"]["content"].get_string().get(content) !=
      simdjson::SUCCESS) {
    return "<none>";
  }
  return std::string(content);
}

// The text of a Responses object's output_text parts, joined.
std::string responses_text(const std::string& body) {
  simdjson::dom::parser parser;
  simdjson::dom::array output;
  if (parser.parse(body)["output"].get_array().get(output) != simdjson::SUCCESS) return "<none>";
  std::string text;
  for (simdjson::dom::element item : output) {
    simdjson::dom::array parts;
    if (item["content"].get_array().get(parts) != simdjson::SUCCESS) continue;
    for (simdjson::dom::element part : parts) {
      std::string_view t;
      if (part["text"].get_string().get(t) == simdjson::SUCCESS) text += t;
    }
  }
  return text;
}

class SqlMetamorphicApisTest : public MetamorphicFixture {
 protected:
  HttpResponse chat(const std::string& model, const std::string& who) {
    return post("/v1/chat/completions", chat_request(model, who));
  }
  HttpResponse responses(const std::string& model, const std::string& who, bool stream) {
    return post("/v1/responses", responses_request(model, who, stream));
  }
};

// Non-streamed chat completions.

TEST_F(SqlMetamorphicApisTest, AWholeChatAnswerWaitsForTheRewritesAndAConsistentQueryPasses) {
  const HttpResponse r = chat("held", "employees");
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, chat_content(r.body)) << r.body;
  EXPECT_TRUE(has(r.body, R"("metamorphic":{"ran":1,"passed":1,"flagged":0,"incomplete":0)"))
      << r.body;
  // Its verdict is known before the header goes, check 5 included.
  EXPECT_FALSE(std::string(r.headers["x-groundgate-verdict"]).empty()) << r.body;
  EXPECT_FALSE(std::string(r.headers["x-groundgate-added-ms"]).empty()) << r.body;
  const std::string log = log_line();
  EXPECT_TRUE(has(log, R"("side_requests":"4")")) << log;
  EXPECT_TRUE(has(log, R"("side_request_failures":"0")")) << log;
}

TEST_F(SqlMetamorphicApisTest, AWholeChatAnswerTheModelContradictsIsBlocked) {
  const HttpResponse r = chat("held", "staff");
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ("Here:", chat_content(r.body)) << r.body;  // the checked text before the query
  EXPECT_TRUE(has(r.body, R"("finish_reason":"content_filter")")) << r.body;
  EXPECT_TRUE(has(r.body, "metamorphic_relations_broken")) << r.body;
  EXPECT_TRUE(has(r.body, R"({"type":"stopped","reason":"guard.unsupported"})")) << r.body;
  EXPECT_TRUE(has(r.body, R"("flagged":1)")) << r.body;
}

TEST_F(SqlMetamorphicApisTest, AWholeChatAnswerBlockedWithABlockStatusIsThePolicysError) {
  const HttpResponse r = chat("http", "staff");
  ASSERT_EQ(422, r.status) << r.error;
  EXPECT_TRUE(has(r.body, R"("code":"groundgate_blocked")")) << r.body;
  EXPECT_FALSE(has(r.body, "SELECT")) << r.body;
  const std::string log = log_line();
  EXPECT_TRUE(has(log, R"(\"flagged\":1)")) << log;
  EXPECT_TRUE(has(log, R"("actions.block":"1")")) << log;
}

TEST_F(SqlMetamorphicApisTest, AWholeChatAnswerUnderAnAnnotatePolicyCarriesTheFinding) {
  const HttpResponse r = chat("noted", "staff");
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, chat_content(r.body)) << r.body;
  EXPECT_TRUE(has(r.body, R"("label":"unsupported","action":"annotate")")) << r.body;
  EXPECT_TRUE(has(r.body, "metamorphic_relations_broken")) << r.body;
  EXPECT_TRUE(has(r.body, R"("finish_reason":"stop")")) << r.body;
}

TEST_F(SqlMetamorphicApisTest, AWholeChatAnswerUnderStreamFirstCarriesTheVerdictToo) {
  const HttpResponse r = chat("first", "staff");
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, chat_content(r.body)) << r.body;
  EXPECT_TRUE(has(r.body, "metamorphic_relations_broken")) << r.body;
  EXPECT_TRUE(has(r.body, R"("flagged":1)")) << r.body;
}

TEST_F(SqlMetamorphicApisTest, AWholeChatAnswerWhoseRewritesRunOutOfTimeIsDecidedByChecks1To4) {
  const HttpResponse r = chat("quick", "workers");
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, chat_content(r.body)) << r.body;
  EXPECT_TRUE(has(r.body, R"("incomplete":1)")) << r.body;
  const std::string log = log_line();
  EXPECT_TRUE(has(log, R"("side_requests":"2")")) << log;
  EXPECT_TRUE(has(log, R"("side_request_failures":"2")")) << log;
}

TEST_F(SqlMetamorphicApisTest, AWholeChatAnswerWhoseRewritesOutlastTheTotalTimeoutGoesAsItIs) {
  // The rewrites' answers would come after 5 s: the route's total timeout (1 s) ends them, and
  // the answer goes, decided by checks 1-4.
  const HttpResponse r = chat("brief", "clerks");
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, chat_content(r.body)) << r.body;
  EXPECT_TRUE(has(r.body, R"("metamorphic":{"ran":1,"passed":0,"flagged":0,"incomplete":1)"))
      << r.body;
  // The cut rewrites count as failed calls; no upstream timeout is counted.
  const std::string failed = R"(groundgate_side_requests_total{route="brief",outcome="failed"} 4)";
  const std::string metrics = metrics_with(fixture_.admin_port(), failed);
  EXPECT_TRUE(has(metrics, failed)) << metrics;
  EXPECT_TRUE(has(metrics, R"(groundgate_errors_total{kind="upstream_timeout"} 0)")) << metrics;
  const std::string log = log_line();
  EXPECT_TRUE(has(log, R"("status":200,)")) << log;
  EXPECT_TRUE(has(log, R"("error":"",)")) << log;
  EXPECT_TRUE(has(log, R"("side_answers_missing":"total_timeout")")) << log;
  EXPECT_TRUE(has(log, R"("side_request_failures":"4")")) << log;
}

TEST_F(SqlMetamorphicApisTest, AClientThatLeavesWhileAWholeAnswerWaitsEndsTheSideRequests) {
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  send_chat(socket, chat_request("held", "clerks"));
  leave_and_expect_side_requests_ended(socket);
}

// The Responses API, streamed.

TEST_F(SqlMetamorphicApisTest, AStreamedResponsesAnswerWithAConsistentQueryPasses) {
  const HttpResponse r = responses("held", "employees", true);
  ASSERT_EQ(200, r.status) << r.error;
  const ResponsesView view = responses_view(r.body);
  EXPECT_EQ(kAnswer, view.only_text()) << r.body;
  EXPECT_EQ("response.completed", view.final_type) << r.body;
  EXPECT_TRUE(view.repeats_disagree.empty()) << r.body;
  EXPECT_TRUE(has(r.body, R"("metamorphic":{"ran":1,"passed":1,"flagged":0,"incomplete":0)"))
      << r.body;
  EXPECT_TRUE(has(log_line(), R"("side_requests":"4")"));
}

TEST_F(SqlMetamorphicApisTest, AStreamedResponsesAnswerTheModelContradictsIsBlocked) {
  const HttpResponse r = responses("held", "staff", true);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_FALSE(has(r.body, "SELECT")) << r.body;
  const ResponsesView view = responses_view(r.body);
  EXPECT_EQ("Here:", view.only_text()) << r.body;
  EXPECT_EQ("response.incomplete", view.final_type) << r.body;
  EXPECT_EQ("content_filter", view.incomplete_reason) << r.body;
  EXPECT_TRUE(has(r.body, "metamorphic_relations_broken")) << r.body;
  EXPECT_TRUE(has(r.body, R"("flagged":1)")) << r.body;
}

TEST_F(SqlMetamorphicApisTest, AStreamedResponsesAnswerUnderStreamFirstGetsItsVerdictBeforeTheEnd) {
  const HttpResponse r = responses("first", "staff", true);
  ASSERT_EQ(200, r.status) << r.error;
  const ResponsesView view = responses_view(r.body);
  EXPECT_EQ(kAnswer, view.only_text()) << r.body;
  EXPECT_TRUE(has(r.body, "metamorphic_relations_broken")) << r.body;
  EXPECT_TRUE(has(r.body, R"("flagged":1)")) << r.body;
}

TEST_F(SqlMetamorphicApisTest, AStreamedResponsesAnswerWhoseRewritesRunOutOfTimeIsIncomplete) {
  const HttpResponse r = responses("quick", "workers", true);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, responses_view(r.body).only_text()) << r.body;
  EXPECT_TRUE(has(r.body, R"("incomplete":1)")) << r.body;
  EXPECT_TRUE(has(log_line(), R"("side_request_failures":"2")"));
}

// The Responses API, not streamed.

TEST_F(SqlMetamorphicApisTest, AWholeResponsesAnswerWithAConsistentQueryPasses) {
  const HttpResponse r = responses("held", "employees", false);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, responses_text(r.body)) << r.body;
  EXPECT_TRUE(has(r.body, R"("status":"completed")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("metamorphic":{"ran":1,"passed":1,"flagged":0,"incomplete":0)"))
      << r.body;
}

TEST_F(SqlMetamorphicApisTest, AWholeResponsesAnswerTheModelContradictsIsBlocked) {
  const HttpResponse r = responses("held", "staff", false);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ("Here:", responses_text(r.body)) << r.body;
  EXPECT_FALSE(has(r.body, "SELECT")) << r.body;
  EXPECT_TRUE(has(r.body, R"("incomplete_details":{"reason":"content_filter"})")) << r.body;
  EXPECT_TRUE(has(r.body, "metamorphic_relations_broken")) << r.body;
  EXPECT_TRUE(has(r.body, R"("flagged":1)")) << r.body;

  const HttpResponse error = responses("http", "staff", false);
  EXPECT_EQ(422, error.status) << error.body;
  EXPECT_TRUE(has(error.body, R"("code":"groundgate_blocked")")) << error.body;
}

TEST_F(SqlMetamorphicApisTest, AWholeResponsesAnswerUnderAnAnnotatePolicyCarriesTheFinding) {
  const HttpResponse r = responses("noted", "staff", false);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, responses_text(r.body)) << r.body;
  EXPECT_TRUE(has(r.body, R"("label":"unsupported","action":"annotate")")) << r.body;
  EXPECT_TRUE(has(r.body, "metamorphic_relations_broken")) << r.body;
}

TEST_F(SqlMetamorphicApisTest, AWholeResponsesAnswerWhoseRewritesRunOutOfTimeIsIncomplete) {
  const HttpResponse r = responses("quick", "workers", false);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, responses_text(r.body)) << r.body;
  EXPECT_TRUE(has(r.body, R"("incomplete":1)")) << r.body;
  const std::string log = log_line();
  EXPECT_TRUE(has(log, R"("side_requests":"2")")) << log;
  EXPECT_TRUE(has(log, R"("side_request_failures":"2")")) << log;
}

TEST_F(SqlMetamorphicApisTest, LegacyCompletionsHaveNoSideRequestsAndTheSummarySaysSo) {
  const HttpResponse r =
      post("/v1/completions", R"({"model":"held","prompt":")" + question("employees") + "\"}");
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, R"("skip_reasons":{"no_side_requests":1})")) << r.body;
  const std::string log = log_line();
  EXPECT_FALSE(has(log, R"("side_requests":)")) << log;
}

// What reaches the upstream: every request the app's and the rewrites', in order.
class RecordingUpstream {
 public:
  // Answers every request with `answer` (a whole JSON response).
  explicit RecordingUpstream(std::string answer)
      : answer_(std::move(answer)), upstream_([this](auto& socket, const std::string& request) {
          {
            std::lock_guard lock(mutex_);
            requests_.push_back(request);
          }
          RawUpstream::send(socket, RawUpstream::json_response(answer_));
        }) {}

  uint16_t port() const { return upstream_.port(); }
  std::vector<std::string> requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
  }

 private:
  std::string answer_;
  mutable std::mutex mutex_;
  std::vector<std::string> requests_;
  RawUpstream upstream_;
};

// One rewrite per answer (the relaxed comparison: a superset), with the client's header fields.
std::vector<std::string> requests_through_proxy(RecordingUpstream& upstream,
                                                const std::string& path, const std::string& body,
                                                const std::string& database, HttpResponse& r) {
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(one_rewrite_config(database));
  r = http_request(fixture.port(), "POST", path, body, {{"Authorization", "Bearer sk-test"}});
  return upstream.requests();
}

TEST(SqlMetamorphicApiShapes, AWholeChatAnswersRewriteIsAChatRequestToTheChatEndpoint) {
  filters::sql::testing::CompanyDatabase db;
  RecordingUpstream upstream(
      std::string(R"({"id":"c","object":"chat.completion","choices":[{"index":0,)") +
      R"("message":{"role":"assistant","content":"```sql\n)" + kQuery +
      R"(\n```"},"finish_reason":"stop"}]})");
  HttpResponse r;
  const std::vector<std::string> requests = requests_through_proxy(
      upstream, "/v1/chat/completions", chat_request("m", "employees"), db.path(), r);
  ASSERT_EQ(200, r.status) << r.error;
  ASSERT_EQ(2u, requests.size());
  const std::string& rewrite = requests[1];
  EXPECT_TRUE(rewrite.starts_with("POST /v1/chat/completions HTTP/1.1\r\n")) << rewrite;
  EXPECT_TRUE(has(rewrite, "Authorization: Bearer sk-test\r\n")) << rewrite;
  EXPECT_TRUE(has(rewrite, R"("messages":[{"role":"system","content":"You write SQLite."},)"))
      << rewrite;
  EXPECT_TRUE(has(rewrite, R"("stream":false,"n":1,"store":false})")) << rewrite;
  EXPECT_FALSE(has(rewrite, question("employees"))) << rewrite;
  EXPECT_TRUE(has(r.body, R"("metamorphic":{"ran":1,"passed":1,"flagged":0)")) << r.body;
}

TEST(SqlMetamorphicApiShapes, AResponsesAnswersRewriteIsAResponsesRequestWithItsInputRewritten) {
  filters::sql::testing::CompanyDatabase db;
  RecordingUpstream upstream(
      std::string(R"({"id":"resp_1","object":"response","status":"completed","model":"m",)") +
      R"("output":[{"type":"message","id":"msg_1","status":"completed","role":"assistant",)"
      R"("content":[{"type":"output_text","annotations":[],"text":"```sql\n)" +
      kQuery + R"(\n```"}]}]})");
  HttpResponse r;
  const std::vector<std::string> requests = requests_through_proxy(
      upstream, "/v1/responses", responses_request("m", "employees", false), db.path(), r);
  ASSERT_EQ(200, r.status) << r.error;
  ASSERT_EQ(2u, requests.size());
  const std::string& rewrite = requests[1];
  EXPECT_TRUE(rewrite.starts_with("POST /v1/responses HTTP/1.1\r\n")) << rewrite;
  EXPECT_TRUE(has(rewrite, "Authorization: Bearer sk-test\r\n")) << rewrite;
  EXPECT_TRUE(has(rewrite, R"({"model":"m","instructions":"You write SQLite.","input":"Which )"))
      << rewrite;
  EXPECT_TRUE(has(rewrite, R"(","stream":false,"store":false})")) << rewrite;
  EXPECT_FALSE(has(rewrite, "messages")) << rewrite;
  EXPECT_FALSE(has(rewrite, question("employees"))) << rewrite;
  // The rewrite's answer was read from its output_text: the check ran and passed.
  EXPECT_TRUE(has(r.body, R"("metamorphic":{"ran":1,"passed":1,"flagged":0)")) << r.body;
}

}  // namespace
}  // namespace groundgate::testing
