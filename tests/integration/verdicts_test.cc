// Verdicts for clients that do not read the inline annotations: every guarded answer carries
// x-groundgate-id, GET /verdicts/{id} on the admin listener returns what the answer's
// annotations said (streamed or not), and the verdict webhook posts each flagged answer's
// summary to a local receiver (no answer text), retried when the receiver fails for a while.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <string>
#include <vector>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/recording_server.h"

namespace groundgate::testing {
namespace {

// The engines' own labels (scorer off): a wrong year contradicts, the colour is supported.
const char* kScript = R"(
- match: "bridge"
  answer: "The bridge opened in 1937. It is painted grey."
- match: "colour"
  answer: "The bridge is painted grey."
)";

std::string request(const std::string& question, bool stream) {
  return std::string(R"({"model":"m",)") + (stream ? R"("stream":true,)" : "") +
         R"("context":"The bridge opened in 1932 and is painted grey.",)"
         R"("messages":[{"role":"user","content":")" +
         question + R"("}]})";
}

class VerdictsTest : public ::testing::Test {
 protected:
  void start(const std::string& extra = {}) {
    fixture_.start_scripted_mock(kScript);
    fixture_.start_proxy(
        "upstreams:\n  llm: {url: \"http://127.0.0.1:${MOCK_PORT}\"}\n"
        "policies:\n"
        "  grounded:\n"
        "    verifiers: [semantic_pieces]\n"
        "    scorer: {model: \"off\"}\n"
        "    actions: {supported: annotate, unsupported: annotate, contradicted: annotate}\n"
        "routes:\n  - {name: chat, match: {path_prefix: /v1}, upstream: llm, policy: grounded}\n"
        "logging: {access_log: false}\n" +
        extra);
  }
  // The look-up's document for `id`, parsed; fails the test unless it answers 200.
  simdjson::dom::element lookup(const std::string& id) {
    const HttpResponse found = http_request(fixture_.admin_port(), "GET", "/verdicts/" + id);
    EXPECT_EQ(200, found.status) << found.body;
    EXPECT_EQ("application/json", std::string(found.headers["content-type"]));
    documents_.push_back(found.body);
    simdjson::dom::element root;
    EXPECT_EQ(simdjson::SUCCESS, parser_.parse(documents_.back()).get(root)) << found.body;
    return root;
  }
  ProxyFixture fixture_;
  simdjson::dom::parser parser_;
  std::vector<std::string> documents_;
};

// The `groundgate` objects of an SSE body's chunks, in order, serialised.
std::vector<std::string> inline_annotations(const std::string& body) {
  std::vector<std::string> out;
  simdjson::dom::parser parser;
  for (const std::string& data : sse_data(body)) {
    simdjson::dom::element chunk;
    simdjson::dom::array notes;
    if (parser.parse(data).get(chunk) != simdjson::SUCCESS) continue;
    if (chunk["groundgate"].get(notes) != simdjson::SUCCESS) continue;
    for (auto note : notes)
      out.push_back(simdjson::minify(note));
  }
  return out;
}

TEST_F(VerdictsTest, AStreamedAnswersVerdictsAreLookedUpByTheIdInItsHeader) {
  start();
  const HttpResponse answer =
      http_request(fixture_.port(), "POST", "/v1/chat/completions", request("bridge?", true));
  ASSERT_EQ(200, answer.status);
  const std::string id(answer.headers["x-groundgate-id"]);
  ASSERT_TRUE(id.starts_with("gg-")) << id;

  simdjson::dom::element doc = lookup(id);
  EXPECT_EQ(id, std::string_view(doc["id"]));
  EXPECT_EQ("chat", std::string_view(doc["route"]));
  EXPECT_EQ("grounded", std::string_view(doc["policy"]));
  EXPECT_EQ("m", std::string_view(doc["model"]));
  EXPECT_EQ("hallucinated", std::string_view(doc["verdict"]));
  EXPECT_TRUE(doc["stopped"].is_null());
  // The same objects, in the same order, as the client's stream carried.
  std::vector<std::string> kept;
  for (auto note : doc["groundgate"].get_array())
    kept.push_back(simdjson::minify(note));
  EXPECT_EQ(inline_annotations(answer.body), kept);
  ASSERT_FALSE(kept.empty());
  EXPECT_TRUE(kept.back().starts_with(R"({"type":"summary")")) << kept.back();
  EXPECT_EQ(0, int64_t(doc["annotations_dropped"]));

  // The upstream's own id (what an SDK shows as the completion's id) finds the same document.
  simdjson::dom::parser chunk_parser;
  const std::string first = sse_data(answer.body).front();
  const std::string upstream_id(std::string_view(chunk_parser.parse(first)["id"]));
  ASSERT_FALSE(upstream_id.empty());
  EXPECT_EQ(upstream_id, std::string_view(doc["response_id"]));
  EXPECT_EQ(documents_.back(),
            http_request(fixture_.admin_port(), "GET", "/verdicts/" + upstream_id).body);
}

TEST_F(VerdictsTest, AWholeAnswerHasItsIdAndVerdictsToo) {
  start();
  const HttpResponse answer =
      http_request(fixture_.port(), "POST", "/v1/chat/completions", request("colour?", false));
  ASSERT_EQ(200, answer.status);
  const std::string id(answer.headers["x-groundgate-id"]);
  ASSERT_FALSE(id.empty());
  simdjson::dom::element doc = lookup(id);
  EXPECT_EQ(std::string(answer.headers["x-groundgate-verdict"]), std::string_view(doc["verdict"]));
}

TEST_F(VerdictsTest, UnknownIdsAndUnguardedRoutesHaveNone) {
  start();
  EXPECT_EQ(404, http_request(fixture_.admin_port(), "GET", "/verdicts/gg-nothing").status);
  const HttpResponse models = http_request(fixture_.port(), "GET", "/v1/models");
  EXPECT_EQ("", std::string(models.headers["x-groundgate-id"]));
}

TEST_F(VerdictsTest, NothingIsKeptWhenTheConfigSaysSo) {
  start("verdicts: {keep: 0s}\n");
  const HttpResponse answer =
      http_request(fixture_.port(), "POST", "/v1/chat/completions", request("bridge?", true));
  const std::string id(answer.headers["x-groundgate-id"]);
  ASSERT_FALSE(id.empty());
  EXPECT_EQ(404, http_request(fixture_.admin_port(), "GET", "/verdicts/" + id).status);
}

TEST_F(VerdictsTest, TheWebhookPostsFlaggedAnswersSummariesOnly) {
  RecordingServer receiver;
  start("verdict_webhook:\n  url: http://127.0.0.1:" + std::to_string(receiver.port()) +
        "/hooks/groundgate\n  on: [hallucinated, blocked]\n  headers: {x-hook-key: k1}\n");
  // Grounded first: not posted. Then a hallucinated one: posted.
  const HttpResponse grounded =
      http_request(fixture_.port(), "POST", "/v1/chat/completions", request("colour?", true));
  ASSERT_EQ(200, grounded.status);
  ASSERT_TRUE(has(grounded.body, R"("verdict":"grounded")")) << grounded.body;
  const HttpResponse flagged =
      http_request(fixture_.port(), "POST", "/v1/chat/completions", request("bridge?", true));
  const std::string id(flagged.headers["x-groundgate-id"]);
  const std::string metrics = metrics_with(
      fixture_.admin_port(), "groundgate_verdict_webhook_posts_total{result=\"sent\"} 1\n");
  ASSERT_TRUE(has(metrics, "groundgate_verdict_webhook_posts_total{result=\"sent\"} 1\n"))
      << metrics;
  const std::vector<std::string> posts = receiver.requests(1);
  ASSERT_EQ(1u, posts.size());
  EXPECT_TRUE(posts[0].starts_with("POST /hooks/groundgate HTTP/1.1\r\n")) << posts[0];
  EXPECT_EQ("application/json", header_value(posts[0], "Content-Type"));
  EXPECT_EQ("k1", header_value(posts[0], "x-hook-key"));
  const std::string body = body_of(posts[0]);
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(simdjson::SUCCESS, parser.parse(body).get(doc)) << body;
  EXPECT_EQ(id, std::string_view(doc["id"]));
  EXPECT_EQ("hallucinated", std::string_view(doc["verdict"]));
  EXPECT_EQ("summary", std::string_view(doc["summary"]["type"]));
  EXPECT_EQ(2, int64_t(doc["summary"]["sentences"]));
  // No text of the answer, the question or the context.
  for (const char* text : {"1937", "bridge", "grey", "1932"})
    EXPECT_FALSE(has(body, text)) << text << " in " << body;
}

TEST_F(VerdictsTest, TheWebhookRetriesAReceiverThatFailsForAWhile) {
  RecordingServer receiver(200, /*fail_first=*/2);
  start("verdict_webhook:\n  url: http://127.0.0.1:" + std::to_string(receiver.port()) +
        "\n  attempts: 3\n  retry_after: 20ms\n");
  http_request(fixture_.port(), "POST", "/v1/chat/completions", request("bridge?", true));
  const std::string metrics = metrics_with(
      fixture_.admin_port(), "groundgate_verdict_webhook_posts_total{result=\"sent\"} 1\n");
  EXPECT_TRUE(has(metrics, "groundgate_verdict_webhook_posts_total{result=\"sent\"} 1\n"))
      << metrics;
  EXPECT_TRUE(has(metrics, "groundgate_verdict_webhook_posts_total{result=\"failed\"} 0\n"));
  const std::vector<std::string> posts = receiver.requests(3);
  ASSERT_EQ(3u, posts.size());
  EXPECT_EQ(body_of(posts[0]), body_of(posts[2]));
}

TEST_F(VerdictsTest, APostEveryAttemptOfWhichFailsIsCountedFailed) {
  RecordingServer receiver(503);
  start("verdict_webhook:\n  url: http://127.0.0.1:" + std::to_string(receiver.port()) +
        "\n  attempts: 2\n  retry_after: 20ms\n");
  http_request(fixture_.port(), "POST", "/v1/chat/completions", request("bridge?", true));
  const std::string metrics = metrics_with(
      fixture_.admin_port(), "groundgate_verdict_webhook_posts_total{result=\"failed\"} 1\n");
  EXPECT_TRUE(has(metrics, "groundgate_verdict_webhook_posts_total{result=\"failed\"} 1\n"))
      << metrics;
  EXPECT_EQ(2u, receiver.requests(2).size());
}

}  // namespace
}  // namespace groundgate::testing
