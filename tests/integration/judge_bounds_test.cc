// The judge's bounds on live traffic, with a judge model of its own that misbehaves: a call that
// runs out of time, an error status, an answer in no form the method asked for; the circuit
// breaker that then keeps sentences away from it; the verdict cache that spares a sentence asked
// again. Whatever happens, the scorer's label stands where the judge did not decide, and the
// summary says how many were not judged and why.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/judged_proxy.h"

namespace groundgate::testing {
namespace {

const std::string kScript = std::string(R"(
- match: "goertz"
  answer: ")") + kJudgedAnswer +
                            R"("
)";

// Each policy's judge is a model of the judge mock, which answers by model name.
const std::string kJudgeScript = R"(
- model: "slow"
  first_byte_delay_ms: 3000
  answer: "VERDICT: UNSUPPORTED\nQUOTE: none"
- model: "broken"
  status: 500
  message: "the judge fell over"
- model: "chatty"
  answer: "I think the sentence is probably fine."
- model: "good"
  match: "goertz won a grammy"
  answer: "VERDICT: CONTRADICTED\nQUOTE: \"She has never won a Grammy.\""
- model: "good"
  answer: "VERDICT: SUPPORTED\nQUOTE: \"Her album Cool Parent was released in 2015.\""
)";

std::string policy(const std::string& name, const std::string& judge) {
  return "  " + name + R"(:
    verifiers: [semantic_pieces]
    hold: sentence
    actions: {unsupported: annotate, contradicted: annotate}
    judge: {upstream: judges, auth: none, band: [0, 1], )" +
         judge + "}\n";
}

const std::string kConfig =
    R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
  judges: {url: "http://127.0.0.1:${JUDGE_PORT}"}
policies:
)" + policy("slow", "model: slow, timeout: 300ms") +
    policy("broken", "model: broken, breaker: {failures: 2, open_for: 60s}") +
    policy("chatty", "model: chatty") + policy("good", "model: good") + R"(
routes:
  - {name: slow, match: {model: slow}, upstream: up, policy: slow}
  - {name: broken, match: {model: broken}, upstream: up, policy: broken}
  - {name: chatty, match: {model: chatty}, upstream: up, policy: chatty}
  - {name: good, match: {model: good}, upstream: up, policy: good}
logging: {access_log_path: '${DIR}/access.log'}
)";

class JudgeBoundsTest : public JudgedProxyTest {
 protected:
  void SetUp() override { start(kScript, kJudgeScript, kConfig); }
};

TEST_F(JudgeBoundsTest, ACallThatRunsOutOfTimeLeavesTheScorersLabel) {
  const auto start = std::chrono::steady_clock::now();
  const HttpResponse r = chat("slow", true);
  const auto took = std::chrono::steady_clock::now() - start;
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kJudgedAnswer, sse_content(r.body)) << r.body;  // annotated, not blocked
  EXPECT_TRUE(has(r.body, R"("judge":{"asked":2,"decided":0,"changed":0,"rejected":0,"failed":2)"))
      << r.body;
  EXPECT_TRUE(has(r.body, R"("last_failure":"judge call timeout)")) << r.body;
  EXPECT_FALSE(has(r.body, R"("engine":"judge")")) << r.body;
  // Two held sentences, each within its 300 ms: far from the judge's 3 s.
  EXPECT_LT(took, std::chrono::milliseconds(2500));
  // The judgements that ran out of time are in the latency histogram, as long as they took.
  const std::string count = R"(groundgate_judge_seconds_count{route="slow"} 2)";
  EXPECT_TRUE(has(metrics_with(fixture_.admin_port(), count), count));
  const std::string under_quarter = R"(groundgate_judge_seconds_bucket{route="slow",le="0.25"} 0)";
  EXPECT_TRUE(has(metrics_with(fixture_.admin_port(), count), under_quarter));
}

TEST_F(JudgeBoundsTest, AnErrorStatusAndAnAnswerInNoFormAreFailuresNotVerdicts) {
  HttpResponse r = chat("broken", true);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, R"("failed":2)")) << r.body;
  EXPECT_TRUE(has(r.body, R"("last_failure":"judge call http_error: status 500")")) << r.body;
  r = chat("chatty", true);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, R"("failed":2)")) << r.body;
  EXPECT_TRUE(has(r.body, R"("last_failure":"unreadable judge answer)")) << r.body;
  EXPECT_FALSE(has(r.body, R"("engine":"judge")")) << r.body;
}

// failures: 2 — the first answer's two failed calls open the breaker: the next answer's
// sentences keep the scorer's labels without a call, counted breaker_open.
TEST_F(JudgeBoundsTest, AfterRepeatedFailuresTheBreakerKeepsSentencesFromTheJudge) {
  HttpResponse r = chat("broken", true);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, R"("failed":2)")) << r.body;
  const std::size_t calls = fixture_.judge_requests().size();
  EXPECT_EQ(2u, calls);
  r = chat("broken", true);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kJudgedAnswer, sse_content(r.body)) << r.body;
  EXPECT_TRUE(has(r.body, R"("judge":{"asked":0,)")) << r.body;
  EXPECT_TRUE(has(r.body, R"("skipped":2,"skip_reasons":{"breaker_open":2})")) << r.body;
  EXPECT_EQ(calls, fixture_.judge_requests().size());  // no call went
}

// The same answer to the same context, asked again: its verdicts come from the cache (and
// still pass the quote check against this request's context).
TEST_F(JudgeBoundsTest, ASentenceAskedAgainIsDecidedFromTheCache) {
  HttpResponse r = chat("good", true);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, R"("judge":{"asked":2,"decided":2)")) << r.body;
  EXPECT_TRUE(has(r.body, R"("cached":0)")) << r.body;
  r = chat("good", true);
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, R"("judge":{"asked":2,"decided":2)")) << r.body;
  EXPECT_TRUE(has(r.body, R"("cached":2,"calls":0)")) << r.body;
  EXPECT_TRUE(has(r.body, R"("engine":"judge")")) << r.body;
  EXPECT_EQ(2u, fixture_.judge_requests().size());
}

}  // namespace
}  // namespace groundgate::testing
