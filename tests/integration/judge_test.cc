// The judge on live traffic: a sentence the scorer is unsure of goes to the policy's judge model
// on the route's upstream, as a side request of the app's own API with its header fields; a held
// sentence waits for the verdict, which decides its label (a block here). Chat completions
// streamed and not, and the Responses API. The mock upstream answers the judge by model name and
// the sentence it is asked about (the first matching script entry wins).
#include <gtest/gtest.h>

#include <string>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"

namespace groundgate::testing {
namespace {

constexpr const char* kContext =
    "Allison Beth Goertz (born March 2, 1991) is an American musician. Goertz is known for her "
    "satirical songs based on pop culture topics. Her album Cool Parent was released in 2015.";
constexpr const char* kAnswer =
    "Her album Cool Parent was released in 2015. Goertz won a Grammy in 2019.";

const std::string kScript = std::string(R"(
- model: "judge-model"
  match: "sentence: goertz won a grammy"
  answer: "UNSUPPORTED"
- model: "judge-model"
  answer: "SUPPORTED"
- match: "goertz"
  answer: ")") + kAnswer + R"("
)";

// Every checked sentence goes to the judge (the band is all probabilities).
const std::string kConfig = R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
  held:
    verifiers: [semantic_pieces]
    hold: sentence
    actions: {unsupported: block, contradicted: block}
    judge: {model: judge-model, band: [0, 1]}
  noted:
    verifiers: [semantic_pieces]
    hold: sentence
    actions: {unsupported: annotate}
    judge: {model: judge-model, band: [0, 1]}
  streamed:
    verifiers: [semantic_pieces]
    hold: stream_first
    judge: {model: judge-model, band: [0, 1]}
routes:
  - {name: held, match: {model: held}, upstream: up, policy: held}
  - {name: streamed, match: {model: streamed}, upstream: up, policy: streamed}
  - {name: noted, match: {model: noted}, upstream: up, policy: noted}
logging: {access_log_path: '${DIR}/access.log'}
)";

std::string chat_request(const std::string& model, bool stream) {
  return R"({"model":")" + model + "\"" + (stream ? R"(,"stream":true)" : "") + R"(,"context":")" +
         kContext + R"(","messages":[{"role":"user","content":"Who is Allie Goertz?"}]})";
}

class JudgeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fixture_.start_scripted_mock(kScript);
    fixture_.start_proxy(kConfig);
  }
  HttpResponse post(const std::string& path, const std::string& body) {
    return http_request(fixture_.port(), "POST", path, body, {{"Authorization", "Bearer sk-test"}});
  }
  std::string log_line() {
    const std::vector<std::string> lines = fixture_.access_log_lines(1);
    return lines.empty() ? std::string() : lines.front();
  }
  ProxyFixture fixture_;
};

TEST_F(JudgeTest, AStreamedSentenceTheJudgeFindsUnsupportedIsBlocked) {
  const HttpResponse r = post("/v1/chat/completions", chat_request("held", true));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ("Her album Cool Parent was released in 2015.", sse_content(r.body)) << r.body;
  EXPECT_TRUE(has(r.body, R"("finish_reason":"content_filter")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("judge":{"asked":2,"decided":2)")) << r.body;
  const std::string log = log_line();
  EXPECT_TRUE(has(log, R"("side_requests":"2")")) << log;
  EXPECT_TRUE(has(log, R"("side_request_failures":"0")")) << log;
  EXPECT_TRUE(has(log, R"("guard.judge":)")) << log;
}

TEST_F(JudgeTest, InStreamFirstEverySentenceIsJudgedAndItsVerdictFollows) {
  const HttpResponse r = post("/v1/chat/completions", chat_request("streamed", true));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kAnswer, sse_content(r.body)) << r.body;  // the text went on unchanged
  EXPECT_TRUE(has(r.body, R"("offset":[44,72],"label":"unsupported")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("engine":"judge")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("judge":{"asked":2,"decided":2)")) << r.body;
  EXPECT_TRUE(has(r.body, "data: [DONE]")) << r.body;
  EXPECT_TRUE(has(log_line(), R"("side_requests":"2")"));
}

TEST_F(JudgeTest, AWholeAnswerCarriesTheJudgesFinding) {
  const HttpResponse r = post("/v1/chat/completions", chat_request("noted", false));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, kAnswer)) << r.body;
  EXPECT_TRUE(has(r.body, R"("engine":"judge")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("label":"unsupported","action":"annotate")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("judge":{"asked":2,"decided":2)")) << r.body;
}

TEST_F(JudgeTest, TheResponsesApiGetsTheJudgeInItsOwnShape) {
  const std::string body = R"({"model":"held","stream":true,"context":")" + std::string(kContext) +
                           R"(","input":"Who is Allie Goertz?"})";
  const HttpResponse r = post("/v1/responses", body);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, "Cool Parent")) << r.body;
  EXPECT_FALSE(has(r.body, "Grammy")) << r.body;
  EXPECT_TRUE(has(r.body, R"("engine":"judge")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("judge":{"asked":2,"decided":2)")) << r.body;
}

}  // namespace
}  // namespace groundgate::testing
