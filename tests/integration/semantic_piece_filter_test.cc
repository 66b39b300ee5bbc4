// The semantic-piece verifier on live traffic, in stream_first hold: a streamed RAG answer
// through a real ProxyServer yields verdict counts in the access log (the audit record) and in
// /metrics, the client's chunks stay byte-identical with comment annotations, and the context
// extension fields are not forwarded.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {
namespace {

const char* kGroundedConfig = R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
  grounded:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: stream_first
routes:
  - {name: grounded, match: {path_prefix: /v1}, upstream: up, policy: grounded}
logging:
  access_log_path: ${DIR}/access.log
)";

// One supported sentence, then one with a changed date (1994 for 1991).
const char* kScript = R"(
- match: "Goertz"
  answer: "Allie Goertz is an American musician. She was born on March 2, 1994."
)";

const char* kContext =
    R"(Allison Beth \"Allie\" Goertz (born March 2, 1991) is an American musician. Goertz is )"
    R"(known for her satirical songs based on various pop culture topics.)";

std::string with_context_field() {
  return std::string(R"({"model":"m","stream":true,"context":")") + kContext +
         R"(","messages":[{"role":"user","content":"Who is Allie Goertz?"}]})";
}

std::string with_tool_message() {
  return std::string(R"({"model":"m","stream":true,"messages":[)") +
         R"({"role":"user","content":"Who is Allie Goertz?"},)" +
         R"({"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function",)" +
         R"("function":{"name":"search","arguments":"{}"}}]},)" +
         R"({"role":"tool","tool_call_id":"c1","content":")" + kContext + R"("},)" +
         R"({"role":"user","content":"So, Goertz?"}]})";
}

class SemanticPieceFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fixture_.start_scripted_mock(kScript);
    fixture_.start_proxy(kGroundedConfig);
  }

  HttpResponse chat(const std::string& body) {
    return http_request(fixture_.port(), "POST", "/v1/chat/completions", body);
  }

  ProxyFixture fixture_;
};

TEST_F(SemanticPieceFilterTest, VerdictsReachTheAccessLogAndMetricsPerRouteAndLabel) {
  auto from_field = chat(with_context_field());
  ASSERT_EQ(from_field.status, 200) << from_field.error;
  EXPECT_EQ(sse_content(from_field.body),
            "Allie Goertz is an American musician. She was born on March 2, 1994.")
      << "stream_first changes no text";
  EXPECT_EQ(sse_data(from_field.body).back(), "[DONE]");
  auto from_tool = chat(with_tool_message());
  ASSERT_EQ(from_tool.status, 200) << from_tool.error;
  auto no_context = chat(R"({"model":"m","stream":true,"messages":[)"
                         R"({"role":"user","content":"Who is Allie Goertz?"}]})");
  ASSERT_EQ(no_context.status, 200) << no_context.error;

  // Each exchange reports after its client has the whole answer: wait for every series.
  for (const char* series : {
           R"(groundgate_verdicts_total{route="grounded",label="supported"} 2)",
           R"(groundgate_verdicts_total{route="grounded",label="contradicted"} 2)",
           R"(groundgate_verdicts_total{route="grounded",label="unsupported"} 0)",
           R"(groundgate_verdicts_total{route="grounded",label="no_context"} 2)",
       }) {
    const std::string metrics = metrics_with(fixture_.admin_port(), series);
    EXPECT_TRUE(has(metrics, series)) << series << "\n" << metrics;
  }

  std::vector<std::string> lines = fixture_.access_log_lines(3);
  // Lines come in the order the exchanges ended; the requests' order is their request_id.
  auto request_id = [](const std::string& line) {
    const std::size_t at = line.find(R"("request_id":")");
    return at == std::string::npos ? 0ul : std::strtoul(line.c_str() + at + 14, nullptr, 10);
  };
  std::sort(lines.begin(), lines.end(), [&](const std::string& a, const std::string& b) {
    return request_id(a) < request_id(b);
  });
  ASSERT_EQ(lines.size(), 3u);
  for (int i : {0, 1}) {
    const std::string& line = lines[i];
    EXPECT_TRUE(has(line, R"("route":"grounded")")) << line;
    EXPECT_TRUE(has(line, R"("policy":"grounded")")) << line;
    EXPECT_TRUE(has(line, R"("verdicts.supported":"1")")) << line;
    EXPECT_TRUE(has(line, R"("verdicts.contradicted":"1")")) << line;
    EXPECT_TRUE(has(line, R"("verdicts.no_context":"0")")) << line;
    EXPECT_TRUE(has(line, R"("actions.annotate":"1")")) << line;
    EXPECT_TRUE(has(line, R"("guard.verdict":"hallucinated")")) << line;
    EXPECT_TRUE(has(line, R"("guard.context_passages":"1")")) << line;
    EXPECT_TRUE(has(line, R"("guard.context_truncated":"false")")) << line;
    EXPECT_TRUE(has(line, R"("guard.verify_ms":")")) << line;
    EXPECT_FALSE(has(line, "musician")) << "the log never carries content: " << line;
  }
  EXPECT_TRUE(has(lines[2], R"("verdicts.no_context":"2")")) << lines[2];
  EXPECT_TRUE(has(lines[2], R"("guard.verdict":"no_context")")) << lines[2];
}

TEST(SemanticPieceFilterAudit, LogContentPutsTheActedOnSentencesInTheAuditRecord) {
  ProxyFixture fixture;
  fixture.start_scripted_mock(kScript);
  std::string config = kGroundedConfig;
  config += "  log_content: true\n";
  fixture.start_proxy(config);
  auto response =
      http_request(fixture.port(), "POST", "/v1/chat/completions", with_context_field());
  ASSERT_EQ(response.status, 200) << response.error;
  const std::vector<std::string> lines = fixture.access_log_lines(1);
  ASSERT_EQ(lines.size(), 1u);
  // Only the sentence acted on (annotated as contradicted), not the supported one.
  EXPECT_TRUE(has(lines[0], R"("guard.flagged":"contradicted: She was born on March 2, 1994.")"))
      << lines[0];
  EXPECT_FALSE(has(lines[0], "American musician")) << lines[0];
}

// A recorded upstream stream, answer split mid-word and mid-sentence.
const std::string kRecordedStream =
    "data: {\"id\":\"chatcmpl-7\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
    "\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\","
    "\"content\":\"\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n"
    "data: {\"id\":\"chatcmpl-7\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
    "\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Allie Goertz is "
    "an Amer\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n"
    "data: {\"id\":\"chatcmpl-7\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
    "\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ican musician. "
    "She was born on March 2, 1994.\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n"
    "data: {\"id\":\"chatcmpl-7\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
    "\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":{},\"logprobs\":null,"
    "\"finish_reason\":\"stop\"}]}\n\n"
    "data: [DONE]\n\n";

// The client's stream without the comment blocks the guard adds.
std::string without_comments(const std::string& body) {
  std::string out;
  std::size_t at = 0;
  while (at < body.size()) {
    const std::size_t end = body.find("\n\n", at);
    const std::size_t stop = end == std::string::npos ? body.size() : end + 2;
    if (body.compare(at, 2, ": ") != 0) out += body.substr(at, stop - at);
    at = stop;
  }
  return out;
}

TEST(SemanticPieceFilterRaw, ChunksAreByteIdenticalAndContextIsNotForwarded) {
  RawUpstream upstream([](auto& socket, const std::string&) {
    RawUpstream::send(socket, RawUpstream::sse_header());
    for (std::size_t i = 0; i < kRecordedStream.size(); i += 37) {
      RawUpstream::send(socket, RawUpstream::chunk(kRecordedStream.substr(i, 37)));
    }
    RawUpstream::send(socket, "0\r\n\r\n");
  });
  ProxyFixture fixture;
  fixture.set_upstream_port(upstream.port());
  fixture.start_proxy(R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}"}
policies:
  grounded: {verifiers: [semantic_pieces], scorer: {model: "off"}, annotations: comment}
routes:
  - {name: rag, match: {path_prefix: /v1}, upstream: up, policy: grounded}
logging: {access_log: false}
)");
  auto response =
      http_request(fixture.port(), "POST", "/v1/chat/completions", with_context_field());
  ASSERT_EQ(response.status, 200) << response.error;
  EXPECT_EQ(without_comments(response.body), kRecordedStream);
  EXPECT_TRUE(has(response.body, ": groundgate {\"type\":\"summary\"")) << response.body;

  const std::string seen = upstream.last_request();
  EXPECT_FALSE(has(seen, R"("context")")) << "extension field stripped: " << seen;
  EXPECT_FALSE(has(seen, "satirical")) << seen;
  EXPECT_TRUE(has(seen, "Who is Allie Goertz?")) << seen;

  const std::string metrics = metrics_with(
      fixture.admin_port(), R"(groundgate_verdicts_total{route="rag",label="contradicted"} 1)");
  EXPECT_TRUE(has(metrics, R"(groundgate_verdicts_total{route="rag",label="supported"} 1)"))
      << metrics;
  EXPECT_TRUE(has(metrics, R"(groundgate_verdicts_total{route="rag",label="contradicted"} 1)"))
      << metrics;
}

}  // namespace
}  // namespace groundgate::testing
