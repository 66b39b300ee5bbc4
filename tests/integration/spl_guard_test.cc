// The SPL guard on live traffic (issue 32): fenced ```spl searches, whole answers and tool-call
// searches through a real ProxyServer and the scripted mock, chat completions and the Responses
// API, streamed and whole, in both hold modes; the metadata comes from the request's
// `spl_metadata` member (never forwarded) or its text.
#include <gtest/gtest.h>

#include <string>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"
#include "tests/proxy/openai/responses_view.h"

namespace groundgate::testing {
namespace {

using proxy::openai::test_responses::responses_view;
using proxy::openai::test_responses::ResponsesView;

const char* kConfig = R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
  held:
    hold: sentence
    actions: {contradicted: {rewrite: correct}, no_context: annotate}
    spl: {tool_arguments: [{tool: run_search, argument: query}]}
  block:
    hold: sentence
    actions: {contradicted: block}
    spl: {tool_arguments: [{tool: run_search, argument: query}]}
  first:
    spl: {}
  whole:
    hold: sentence
    actions: {contradicted: {rewrite: correct}}
    spl: {answer: whole}
routes:
  - {name: held, match: {model: held}, upstream: up, policy: held}
  - {name: block, match: {model: block}, upstream: up, policy: block}
  - {name: first, match: {model: first}, upstream: up, policy: first}
  - {name: whole, match: {model: whole}, upstream: up, policy: whole}
logging: {access_log: false}
)";

// Answers by question: a fenced search with a misspelt command, a good one, a fabricated
// sourcetype, a bare search with a sourcetype given as source (whole-answer routes), and a tool
// call whose search names a sourcetype nobody listed.
const char* kScript = R"(
- match: "misspelt"
  answer: "Here it is:\n```spl\nindex=cloud sourcetype=aws:cloudtrail | stat count by user\n```\nIt counts by user."
- match: "good"
  answer: "Here it is:\n```spl\nindex=cloud sourcetype=aws:cloudtrail | stats count by user\n```\nIt counts by user."
- match: "fabricated"
  answer: "Try:\n```spl\nindex=cloud sourcetype=aws:guardduty | stats count by user\n```\nDone."
- match: "bare"
  answer: "index=cloud source=aws:cloudtrail | stats count by user"
- match: "tool"
  tool_call:
    name: run_search
    arguments: '{"query": "index=cloud sourcetype=aws:guardduty | stats count"}'
)";

constexpr const char* kMetadata =
    R"({"indexes":{"cloud":{"aws:cloudtrail":{"aws_cloudtrail":["eventName","src_ip","user"]}}}})";
constexpr const char* kFixed = "index=cloud sourcetype=aws:cloudtrail | stats count by user";

std::string chat_request(const std::string& model, bool stream, const std::string& question) {
  return R"({"model":")" + model + "\"" + (stream ? R"(,"stream":true)" : "") +
         R"(,"spl_metadata":)" + kMetadata +
         R"(,"messages":[{"role":"system","content":"You write Splunk searches."},)"
         R"({"role":"user","content":")" +
         question + R"("}]})";
}

std::string responses_request(const std::string& model, bool stream, const std::string& question) {
  return R"({"model":")" + model + "\"" + (stream ? R"(,"stream":true)" : "") +
         R"(,"spl_metadata":)" + kMetadata +
         R"(,"instructions":"You write Splunk searches.","input":")" + question + R"("})";
}

class SplGuardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fixture_.start_scripted_mock(kScript);
    fixture_.start_proxy(kConfig);
  }

  HttpResponse chat(const std::string& body) {
    return http_request(fixture_.port(), "POST", "/v1/chat/completions", body);
  }
  HttpResponse responses(const std::string& body) {
    return http_request(fixture_.port(), "POST", "/v1/responses", body);
  }

  ProxyFixture fixture_;
};

TEST_F(SplGuardTest, ChatStreamedHeldSearchIsCorrectedBeforeTheClientSeesIt) {
  const HttpResponse r = chat(chat_request("held", true, "misspelt search please"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(std::string("Here it is:\n```spl\n") + kFixed + "\n```\nIt counts by user.",
            sse_content(r.body));
  EXPECT_FALSE(has(r.body, "stat count")) << r.body;  // not in the text, nor the annotation
  EXPECT_TRUE(has(r.body, R"("kind":"spl")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("label":"contradicted","action":"rewrite","rewrite":"correct")"))
      << r.body;
  EXPECT_TRUE(has(r.body, R"("type":"syntax")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("spl":{"searches":1,"flagged":1,"metadata":["request"]})")) << r.body;
  EXPECT_EQ("[DONE]", sse_data(r.body).back());
}

TEST_F(SplGuardTest, ChatWholeAnswersAreGuardedToo) {
  const HttpResponse r = chat(chat_request("held", false, "misspelt search please"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, kFixed)) << r.body;
  EXPECT_FALSE(has(r.body, "stat count")) << r.body;
  EXPECT_TRUE(has(r.body, R"("kind":"spl")")) << r.body;
  const HttpResponse good = chat(chat_request("held", false, "good search please"));
  ASSERT_EQ(200, good.status) << good.error;
  EXPECT_TRUE(has(good.body, kFixed)) << good.body;
  EXPECT_TRUE(has(good.body, R"("verdict":"grounded")")) << good.body;
}

TEST_F(SplGuardTest, ResponsesStreamedHeldSearchIsCorrected) {
  const HttpResponse r = responses(responses_request("held", true, "misspelt search please"));
  ASSERT_EQ(200, r.status) << r.error;
  const ResponsesView view = responses_view(r.body);
  EXPECT_EQ(std::string("Here it is:\n```spl\n") + kFixed + "\n```\nIt counts by user.",
            view.only_text());
  EXPECT_FALSE(has(r.body, "stat count")) << r.body;
  ASSERT_FALSE(view.annotations.empty()) << r.body;
  EXPECT_TRUE(has(view.annotations.front(), R"("kind":"spl")")) << view.annotations.front();
  EXPECT_EQ("response.completed", view.final_type);
}

TEST_F(SplGuardTest, ResponsesWholeBodyIsGuardedToo) {
  const HttpResponse r = responses(responses_request("held", false, "misspelt search please"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, kFixed)) << r.body;
  EXPECT_FALSE(has(r.body, "stat count")) << r.body;
  EXPECT_TRUE(has(r.body, R"("kind":"spl")")) << r.body;
}

TEST_F(SplGuardTest, BlockSendsNoByteOfAFabricatedSearchOnEitherApi) {
  const HttpResponse c = chat(chat_request("block", true, "fabricated search please"));
  ASSERT_EQ(200, c.status) << c.error;
  EXPECT_EQ("Try:", sse_content(c.body));
  EXPECT_FALSE(has(c.body, "guardduty")) << c.body;
  EXPECT_TRUE(has(c.body, R"("type":"fabrication")")) << c.body;
  EXPECT_TRUE(has(c.body, R"("finish_reason":"content_filter")")) << c.body;
  const HttpResponse r = responses(responses_request("block", true, "fabricated search please"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_FALSE(has(r.body, "guardduty")) << r.body;
  EXPECT_EQ("Try:", responses_view(r.body).only_text()) << r.body;
}

TEST_F(SplGuardTest, StreamFirstForwardsAtOnceAndAnnotates) {
  const HttpResponse r = chat(chat_request("first", true, "fabricated search please"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(sse_content(r.body), "aws:guardduty")) << r.body;
  EXPECT_TRUE(has(r.body, R"("label":"contradicted","action":"annotate")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("kind":"spl")")) << r.body;
}

TEST_F(SplGuardTest, TheWholeAnswerIsOneSearch) {
  for (const bool stream : {true, false}) {
    const HttpResponse r = chat(chat_request("whole", stream, "bare search"));
    ASSERT_EQ(200, r.status) << r.error;
    EXPECT_TRUE(has(stream ? sse_content(r.body) : r.body, kFixed)) << r.body;
    EXPECT_TRUE(has(r.body, R"("type":"misaligned")")) << r.body;
  }
}

TEST_F(SplGuardTest, AToolCallSearchIsHeldAndBlocked) {
  const HttpResponse r = chat(chat_request("block", true, "tool please"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_FALSE(has(r.body, "guardduty")) << r.body;
  EXPECT_TRUE(has(r.body, R"("kind":"spl")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("finish_reason":"content_filter")")) << r.body;
}

TEST(SplGuardMetadataField, TheMetadataFieldIsReadAndNotForwarded) {
  ProxyFixture fixture;
  RawUpstream upstream([](auto& socket, const std::string&) {
    const std::string body =
        R"({"id":"c","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,)"
        R"("message":{"role":"assistant","content":"```spl\nindex=cloud | stat count by user\n```"},)"
        R"("finish_reason":"stop"}]})";
    RawUpstream::send(socket, RawUpstream::json_response(body));
  });
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}"}
policies:
  held: {hold: sentence, actions: {contradicted: {rewrite: correct}}, spl: {}}
routes:
  - {match: {path_prefix: /}, upstream: up, policy: held}
logging: {access_log: false}
)");
  const HttpResponse r =
      http_request(fixture.port(), "POST", "/v1/chat/completions",
                   std::string(R"({"model":"m","spl_metadata":)") + kMetadata +
                       R"(,"messages":[{"role":"user","content":"Count by user"}]})");
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, "index=cloud | stats count by user")) << r.body;
  const std::string forwarded = upstream.last_request();
  EXPECT_FALSE(has(forwarded, "spl_metadata")) << forwarded;
  EXPECT_TRUE(has(forwarded, R"("messages":[{"role":"user","content":"Count by user"}])"))
      << forwarded;
}

}  // namespace
}  // namespace groundgate::testing
