// Inline guarding on live traffic (issue 5): every action, streamed and not, in both hold
// modes, through a real ProxyServer and the mock upstream; blocked text never reaches the
// client; n=2, tool calls, usage, on_error both ways, header-selected policies.
#include <gtest/gtest.h>

#include <fstream>
#include <future>
#include <string>
#include <vector>

#include "tests/integration/support/action_policies.h"
#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"
#include "tests/integration/support/test_certs.h"

namespace groundgate::testing {
namespace {

const std::string kConfig = R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
)" + std::string(kActionPolicies) +
                            R"(  closed:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: sentence
    on_error: closed
    verify_budget_us: 1
  open:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: sentence
    max_sentence_bytes: 10
  scored:
    verifiers: [semantic_pieces]  # what a route gets by default: the built-in scorer
routes:
  - {name: annotate, match: {model: annotate}, upstream: up, policy: annotate, allow_policy_header: true}
  - {name: scored, match: {model: scored}, upstream: up, policy: scored}
  - {name: comment, match: {model: comment}, upstream: up, policy: comment}
  - {name: annotate-held, match: {model: annotate-held}, upstream: up, policy: annotate-held}
  - {name: block, match: {model: block}, upstream: up, policy: block}
  - {name: block-http, match: {model: block-http}, upstream: up, policy: block-http}
  - {name: rewrite, match: {model: rewrite}, upstream: up, policy: rewrite}
  - {name: closed, match: {model: closed}, upstream: up, policy: closed}
  - {name: open, match: {model: open}, upstream: up, policy: open}
  - {name: tools, match: {model: tools}, upstream: up, policy: tools}
logging: {access_log: false}
)";

// One supported sentence, then one with a changed date (1994 for 1991).
const char* kScript = R"(
- match: "Goertz"
  answer: "Allie Goertz is an American musician. She was born on March 2, 1994."
- match: "search"
  tool_call:
    name: search
    arguments: '{"q": "Goertz"}'
- match: "tickets"
  tool_call:
    name: book_concert
    arguments: '{"artist": "Allison Beth Goertz", "city": "Reykjavik"}'
)";

constexpr const char* kGood = "Allie Goertz is an American musician.";
constexpr const char* kCorrected =
    "Allie Goertz is an American musician. She was born on March 2, 1991.";

std::string request(const std::string& model, bool stream, const std::string& extra = "",
                    const std::string& question = "Who is Allie Goertz?") {
  return R"({"model":")" + model + "\"" + (stream ? R"(,"stream":true)" : "") + extra +
         R"(,"context":"Allison Beth Goertz (born March 2, 1991) is an American musician. )"
         R"(Goertz is known for her satirical songs.","messages":[{"role":"user","content":")" +
         question + R"("}]})";
}

class GuardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fixture_.start_scripted_mock(kScript);
    fixture_.start_proxy(kConfig);
  }

  HttpResponse chat(const std::string& body,
                    const std::map<std::string, std::string>& headers = {}) {
    return http_request(fixture_.port(), "POST", "/v1/chat/completions", body, headers);
  }

  ProxyFixture fixture_;
};

// The "annotate" policy's stream for the scripted answer: the text as the upstream sent it,
// the contradicted sentence's verdict in a chunk of its own right after the chunk that
// completed the sentence (the upstream's chunks went on before they were checked), and the
// summary before [DONE].
void expect_stream_first_annotations(const HttpResponse& r) {
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ("Allie Goertz is an American musician. She was born on March 2, 1994.",
            sse_content(r.body));
  const std::vector<std::string> data = sse_data(r.body);
  ASSERT_GE(data.size(), 3u);
  EXPECT_EQ("[DONE]", data.back());
  const std::string& summary = data[data.size() - 2];
  EXPECT_TRUE(has(summary, R"("choices":[],"groundgate":[{"type":"summary","policy":"annotate")"))
      << summary;
  EXPECT_TRUE(has(summary, R"("verdict":"hallucinated")")) << summary;
  EXPECT_TRUE(has(r.body, R"("label":"contradicted","action":"annotate")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("reason":"answer says March 2, 1994, evidence says March 2, 1991")"));
  std::size_t verdicts = 0;
  for (std::size_t i = 1; i < data.size(); ++i) {
    if (!has(data[i], R"("groundgate")")) continue;
    EXPECT_TRUE(has(data[i], R"("choices":[],"groundgate")")) << data[i];
    if (!has(data[i], R"("type":"verdict")")) continue;
    ++verdicts;
    EXPECT_FALSE(has(data[i - 1], R"("groundgate")")) << data[i - 1];
    EXPECT_TRUE(has(data[i - 1], R"("finish_reason":"stop")") || has(data[i - 1], R"(.")"))
        << data[i - 1];
  }
  EXPECT_EQ(1u, verdicts) << r.body;  // supported sentences pass without one
}

TEST_F(GuardTest, AnnotateStreamFirstKeepsTheTextAndAddsVerdictsAndASummary) {
  expect_stream_first_annotations(chat(request("annotate", true)));
}

TEST_F(GuardTest, TheDefaultScorerFlagsTheWrongYearWithItsProbability) {
  HttpResponse r = chat(request("scored", true));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ("Allie Goertz is an American musician. She was born on March 2, 1994.",
            sse_content(r.body));
  // The sentence with the wrong year is not passed as supported: unsupported or contradicted,
  // or doubtful where its probability falls in the band the scorer cannot settle (the date
  // stands in a parenthesis of the context, so no context sentence lines up with it), with its
  // score: the probability that it is faithful.
  const std::size_t at = r.body.find(R"("offset":[38,68],"label":")");
  ASSERT_NE(at, std::string::npos) << r.body;
  const std::string label = r.body.substr(at + 26, 12);
  EXPECT_TRUE(label.starts_with("unsupported") || label.starts_with("contradicted") ||
              label.starts_with("doubtful"))
      << label;
  const std::size_t score = r.body.find(R"("score":)", at);
  ASSERT_NE(score, std::string::npos);
  const double faithful = std::stod(r.body.substr(score + 8, 6));
  EXPECT_GE(faithful, 0.0) << r.body;
  EXPECT_LT(faithful, 0.8) << r.body;  // a flagged sentence is never near certain
  EXPECT_TRUE(has(r.body, R"("verdict":"hallucinated")")) << r.body;
}

TEST(GuardTlsTest, StreamFirstOverTlsWritesEachChunkThenItsVerdict) {
  // Over TLS every client write is asynchronous: the relay's two writes per upstream read (the
  // chunks, then the verdicts they complete) each wait for the one before.
  ProxyFixture fixture;
  const TestCerts certs = make_test_certs(fixture.dir());
  ASSERT_EQ(certs.error, "");
  fixture.start_scripted_mock(kScript);
  fixture.start_proxy(R"(
tls: {cert_file: ${DIR}/server.pem, key_file: ${DIR}/server-key.pem}
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
  annotate: {verifiers: [semantic_pieces], scorer: {model: "off"}}
routes:
  - {name: annotate, match: {path_prefix: /}, upstream: up, policy: annotate}
logging: {access_log: false}
)");
  HttpClient client(fixture.port(), certs.ca_file);
  for (int i = 0; i < 2; ++i) {  // and again on the same connection
    expect_stream_first_annotations(
        client.request("POST", "/v1/chat/completions", request("annotate", true)));
  }
}

TEST_F(GuardTest, AnnotateWithSentenceHoldKeepsTheTextAndAnnotatesEverySentence) {
  HttpResponse r = chat(request("annotate-held", true));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ("Allie Goertz is an American musician. She was born on March 2, 1994.",
            sse_content(r.body));
  EXPECT_TRUE(has(r.body, R"("label":"supported","action":"annotate")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("label":"contradicted","action":"annotate")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("actions":{"annotate":2,"rewrite":0,"block":0})")) << r.body;
  EXPECT_EQ("[DONE]", sse_data(r.body).back());
  // Held until verified: the hold delay of both sentences is measured.
  const std::string held = R"(groundgate_hold_delay_seconds_count{route="annotate-held"} 2)";
  EXPECT_TRUE(has(metrics_with(fixture_.admin_port(), held), held));
}

TEST_F(GuardTest, ALargeContextIsIndexedOnAWorkerAndStillGuards) {
  // About 40 KiB of other passages around the one that matters.
  std::string documents = R"(,"documents":[)";
  for (int i = 0; i < 400; ++i) {
    documents += "\"The river town number " + std::to_string(i) +
                 " has a stone bridge built in 1850 and a market on Fridays.\",";
  }
  documents += R"("Allison Beth Goertz (born March 2, 1991) is an American musician."])";
  HttpResponse large = chat(request("annotate", true, documents));
  ASSERT_EQ(200, large.status) << large.error;
  EXPECT_TRUE(has(large.body, R"("label":"contradicted","action":"annotate")")) << large.body;
  HttpResponse small = chat(request("annotate", true));
  ASSERT_EQ(200, small.status) << small.error;
  for (const char* series : {R"(groundgate_filter_preparations_total{where="worker"} 1)",
                             R"(groundgate_filter_preparations_total{where="inline"} 1)"}) {
    const std::string metrics = metrics_with(fixture_.admin_port(), series);
    EXPECT_TRUE(has(metrics, series)) << series << "\n" << metrics;
  }
}

TEST_F(GuardTest, CommentAnnotationsLeaveTheChunksAlone) {
  HttpResponse r = chat(request("comment", true));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, ": groundgate {\"type\":\"verdict\"")) << r.body;
  EXPECT_TRUE(has(r.body, ": groundgate {\"type\":\"summary\"")) << r.body;
  for (const std::string& data : sse_data(r.body))
    EXPECT_FALSE(has(data, "groundgate")) << data;
}

TEST_F(GuardTest, BlockStreamSendsNoByteOfTheBlockedSentence) {
  HttpResponse r = chat(request("block", true));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kGood, sse_content(r.body));
  EXPECT_FALSE(has(r.body, "1994"));
  EXPECT_FALSE(has(r.body, "She was"));
  EXPECT_TRUE(has(r.body, R"("finish_reason":"content_filter")")) << r.body;
  EXPECT_TRUE(has(r.body, R"({"type":"stopped","reason":"guard.contradicted"})")) << r.body;
  EXPECT_EQ("[DONE]", sse_data(r.body).back());
}

TEST_F(GuardTest, RewriteStreamCorrectsTheValue) {
  HttpResponse r = chat(request("rewrite", true));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kCorrected, sse_content(r.body));
  EXPECT_FALSE(has(r.body, "1994\\\"") && has(r.body, "\"content\":\"1994"));
  EXPECT_TRUE(has(r.body, R"("action":"rewrite","rewrite":"correct")")) << r.body;
}

TEST_F(GuardTest, NonStreamedAnswersCarryTheFieldAndHeaders) {
  HttpResponse annotated = chat(request("annotate", false));
  ASSERT_EQ(200, annotated.status) << annotated.error;
  EXPECT_EQ("hallucinated", std::string(annotated.headers["x-groundgate-verdict"]));
  EXPECT_EQ("2", std::string(annotated.headers["x-groundgate-checked"]));
  EXPECT_FALSE(std::string(annotated.headers["x-groundgate-added-ms"]).empty());
  EXPECT_TRUE(has(annotated.body, R"("groundgate":[{"type":"verdict")")) << annotated.body;

  HttpResponse rewritten = chat(request("rewrite", false));
  ASSERT_EQ(200, rewritten.status) << rewritten.error;
  EXPECT_TRUE(has(rewritten.body, std::string("\"content\":\"") + kCorrected + "\""))
      << rewritten.body;

  HttpResponse blocked = chat(request("block", false));
  ASSERT_EQ(200, blocked.status) << blocked.error;
  EXPECT_TRUE(has(blocked.body, std::string("\"content\":\"") + kGood + "\"")) << blocked.body;
  EXPECT_TRUE(has(blocked.body, R"("finish_reason":"content_filter")")) << blocked.body;
  EXPECT_FALSE(has(blocked.body, "1994"));

  HttpResponse refused = chat(request("block-http", false));
  EXPECT_EQ(422, refused.status);
  EXPECT_TRUE(has(refused.body, R"("code":"groundgate_blocked")")) << refused.body;
  EXPECT_FALSE(has(refused.body, "1994"));
}

TEST_F(GuardTest, AWholeAnswerBlockedWithAnErrorStatusSaysWhichSentenceAndWhy) {
  HttpResponse refused = chat(request("block-http", false));
  EXPECT_EQ(422, refused.status);
  EXPECT_TRUE(has(refused.body, R"({"error":{"message":"groundgate blocked the answer)"))
      << refused.body;
  // The findings, as an annotated answer carries them: the sentence by its place in the
  // answer, its label and code; never its text.
  EXPECT_TRUE(has(refused.body, R"("groundgate":[{"type":"verdict","choice":0,"offset":[38,68],)"
                                R"("label":"contradicted","action":"block")"))
      << refused.body;
  EXPECT_TRUE(has(refused.body, R"("code":"entity_mismatch")")) << refused.body;
  EXPECT_TRUE(has(refused.body, R"({"type":"stopped","reason":"guard.contradicted"})"))
      << refused.body;
  EXPECT_TRUE(has(refused.body, R"({"type":"summary","policy":"block-http")")) << refused.body;
  EXPECT_FALSE(has(refused.body, "1994"));
  EXPECT_FALSE(has(refused.body, "She was"));
}

TEST_F(GuardTest, TwoChoicesAreGuardedIndependently) {
  HttpResponse r = chat(request("rewrite", true, R"(,"n":2)"));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(kCorrected, sse_content(r.body, 0));
  EXPECT_EQ(kCorrected, sse_content(r.body, 1));
  EXPECT_TRUE(has(r.body, R"("checked":4)")) << r.body;
}

TEST_F(GuardTest, ToolCallsAndUsagePassThrough) {
  HttpResponse tool = chat(request("block", true, "", "search for her"));
  ASSERT_EQ(200, tool.status) << tool.error;
  EXPECT_TRUE(has(tool.body, R"("name":"search")")) << tool.body;
  EXPECT_TRUE(has(tool.body, R"("finish_reason":"tool_calls")")) << tool.body;
  EXPECT_TRUE(has(tool.body, R"("verdict":"no_claims")")) << tool.body;

  HttpResponse usage =
      chat(request("rewrite", true, R"(,"stream_options":{"include_usage":true})"));
  ASSERT_EQ(200, usage.status) << usage.error;
  EXPECT_TRUE(has(usage.body, R"("usage":{"prompt_tokens":)")) << usage.body;
  EXPECT_EQ(kCorrected, sse_content(usage.body));
}

TEST_F(GuardTest, AVerifiedToolCallWithAnInventedArgumentNeverReachesTheClient) {
  HttpResponse streamed = chat(request("tools", true, "", "book tickets for her"));
  ASSERT_EQ(200, streamed.status) << streamed.error;
  EXPECT_FALSE(has(streamed.body, R"("tool_calls":[)")) << streamed.body;
  EXPECT_FALSE(has(streamed.body, "Reykjavik")) << streamed.body;
  EXPECT_TRUE(has(streamed.body, R"("finish_reason":"content_filter")")) << streamed.body;
  EXPECT_TRUE(has(streamed.body, R"("reason":"guard.tool_call.unsupported")")) << streamed.body;
  EXPECT_TRUE(has(streamed.body, R"("type":"tool_call","choice":0,"call":0,"name":)"
                                 R"("book_concert","argument":"city","label":"unsupported")"))
      << streamed.body;
  EXPECT_EQ("[DONE]", sse_data(streamed.body).back());

  HttpResponse whole = chat(request("tools", false, "", "book tickets for her"));
  ASSERT_EQ(200, whole.status) << whole.error;
  EXPECT_FALSE(has(whole.body, "Reykjavik")) << whole.body;
  EXPECT_TRUE(has(whole.body, R"("tool_calls":[])")) << whole.body;
  EXPECT_TRUE(has(whole.body, R"("finish_reason":"content_filter")")) << whole.body;

  // A call grounded in the question and the context goes out whole.
  HttpResponse grounded = chat(request("tools", true, "", "search for her"));
  ASSERT_EQ(200, grounded.status) << grounded.error;
  EXPECT_TRUE(has(grounded.body, R"("name":"search")")) << grounded.body;
  EXPECT_TRUE(has(grounded.body, R"("finish_reason":"tool_calls")")) << grounded.body;
  EXPECT_TRUE(has(grounded.body, R"("tool_calls":1,"tool_calls_checked":1)")) << grounded.body;
}

TEST_F(GuardTest, OnErrorClosedBlocksAndOpenReleasesUnverified) {
  HttpResponse closed = chat(request("closed", true));
  ASSERT_EQ(200, closed.status) << closed.error;
  EXPECT_EQ("", sse_content(closed.body));
  EXPECT_TRUE(has(closed.body, R"("error":"over_budget")")) << closed.body;
  EXPECT_TRUE(has(closed.body, R"("reason":"guard.unverified")")) << closed.body;

  HttpResponse open = chat(request("open", true));
  ASSERT_EQ(200, open.status) << open.error;
  EXPECT_EQ("Allie Goertz is an American musician. She was born on March 2, 1994.",
            sse_content(open.body));
  EXPECT_TRUE(has(open.body, R"("label":"unverified","action":"annotate")")) << open.body;
  EXPECT_TRUE(has(open.body, R"("verdict":"unverified")")) << open.body;
}

TEST_F(GuardTest, HeaderSelectedPolicyIsAllowedOnlyWhereTheRouteSaysSo) {
  HttpResponse allowed = chat(request("annotate", true), {{"x-groundgate-policy", "rewrite"}});
  ASSERT_EQ(200, allowed.status) << allowed.error;
  EXPECT_EQ(kCorrected, sse_content(allowed.body));

  HttpResponse refused = chat(request("block", true), {{"x-groundgate-policy", "annotate"}});
  EXPECT_EQ(403, refused.status);
  EXPECT_TRUE(has(refused.body, R"("code":"policy_not_allowed")")) << refused.body;

  HttpResponse unknown = chat(request("annotate", true), {{"x-groundgate-policy", "nope"}});
  EXPECT_EQ(403, unknown.status);
}

TEST_F(GuardTest, MetricsCountVerdictsActionsAndTimes) {
  ASSERT_EQ(200, chat(request("block", true)).status);
  ASSERT_EQ(200, chat(request("rewrite", true)).status);
  // Each exchange reports after its client has the whole answer: wait for every series.
  for (const char* series : {
           R"(groundgate_verdicts_total{route="block",label="contradicted"} 1)",
           R"(groundgate_filter_actions_total{route="block",filter="guard",action="block"} 1)",
           R"(groundgate_filter_actions_total{route="rewrite",filter="guard",action="rewrite"} 1)",
           R"(groundgate_verification_seconds_count{route="rewrite"} 2)",
           R"(groundgate_hold_delay_seconds_count{route="rewrite"} 2)",
       }) {
    const std::string metrics = metrics_with(fixture_.admin_port(), series);
    EXPECT_TRUE(has(metrics, series)) << series << "\n" << metrics;
  }
}

// The answer as a recorded stream whose content is split in two deltas at byte `split`.
std::string split_stream(const std::string& answer, std::size_t split) {
  const std::string head = R"(data: {"id":"c1","object":"chat.completion.chunk","created":1,)"
                           R"("model":"m","choices":[{"index":0,"delta":{)";
  const std::string tail = R"(},"logprobs":null,"finish_reason":null}]})";
  std::string out = head + R"("role":"assistant","content":"")" + tail + "\n\n";
  out += head + R"("content":")" + answer.substr(0, split) + "\"" + tail + "\n\n";
  out += head + R"("content":")" + answer.substr(split) + "\"" + tail + "\n\n";
  out += R"(data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m",)"
         R"("choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}]})"
         "\n\ndata: [DONE]\n\n";
  return out;
}

const char* kSplitsConfig = R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}", idle_timeout: 60s}
policies:
  block: {verifiers: [semantic_pieces], scorer: {model: "off"}, hold: sentence,
          actions: {contradicted: block}}
  rewrite: {verifiers: [semantic_pieces], scorer: {model: "off"}, hold: sentence,
            actions: {contradicted: {rewrite: correct}}}
routes:
  - {name: block, match: {model: block}, upstream: up, policy: block}
  - {name: rewrite, match: {model: rewrite}, upstream: up, policy: rewrite}
logging: {access_log: false}
)";

TEST(GuardSplits, NoByteOfABlockedSentenceAndEveryRewriteAtAnySplitOfTheDeltas) {
  const std::string answer = "Allie Goertz is an American musician. She was born on March 2, 1994.";
  RawUpstream upstream([&](auto& socket, const std::string& request) {
    const auto at = request.find("\"split\":");
    const std::size_t split = at == std::string::npos ? 0 : std::stoul(request.substr(at + 8));
    RawUpstream::send(socket, RawUpstream::sse_header());
    RawUpstream::send(socket, RawUpstream::chunk(split_stream(answer, split)));
    RawUpstream::send(socket, "0\r\n\r\n");
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kSplitsConfig);
  for (std::size_t split = 0; split <= answer.size(); ++split) {
    const std::string extra = ",\"split\":" + std::to_string(split);
    HttpResponse blocked =
        http_request(fixture.port(), "POST", "/v1/chat/completions", request("block", true, extra));
    ASSERT_EQ(200, blocked.status) << blocked.error;
    EXPECT_EQ(kGood, sse_content(blocked.body)) << "split at " << split;
    EXPECT_FALSE(has(blocked.body, "1994")) << "split at " << split;
    EXPECT_FALSE(has(blocked.body, "She")) << "split at " << split;

    HttpResponse rewritten = http_request(fixture.port(), "POST", "/v1/chat/completions",
                                          request("rewrite", true, extra));
    ASSERT_EQ(200, rewritten.status) << rewritten.error;
    EXPECT_EQ(kCorrected, sse_content(rewritten.body)) << "split at " << split;
    EXPECT_EQ("[DONE]", sse_data(rewritten.body).back()) << "split at " << split;
  }
}

TEST(GuardSplits, ABlockCancelsTheUpstreamRequest) {
  std::promise<bool> upstream_saw_close;
  RawUpstream upstream([&](auto& socket, const std::string&) {
    // The contradicted sentence, the start of the next one, and then the answer stalls: no
    // finish, no [DONE].
    const std::string answer =
        "Allie Goertz is an American musician. She was born on March 2, 1994. She";
    std::string stream = split_stream(answer, 10);
    stream.resize(stream.find(R"("delta":{},)"));
    stream.resize(stream.rfind("data: "));
    RawUpstream::send(socket, RawUpstream::sse_header());
    RawUpstream::send(socket, RawUpstream::chunk(stream));
    // The idle timeout is a minute: only a cancel explains a close within seconds.
    upstream_saw_close.set_value(RawUpstream::wait_for_close(socket, 5000));
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(kSplitsConfig);
  HttpResponse r =
      http_request(fixture.port(), "POST", "/v1/chat/completions", request("block", true));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_TRUE(has(r.body, R"("finish_reason":"content_filter")")) << r.body;
  EXPECT_EQ("[DONE]", sse_data(r.body).back());
  EXPECT_TRUE(upstream_saw_close.get_future().get());
}

}  // namespace
}  // namespace groundgate::testing
