// The filter chain on live traffic: the built-in phrase redactor rewrites streamed and
// non-streamed answers, and every re-emitted chunk is a valid OpenAI chunk.
#include <gtest/gtest.h>

#include <simdjson.h>

#include <fstream>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"

namespace groundgate::testing {
namespace {

const char* kRedactConfig = R"(
upstreams:
  mock: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
  redact:
    redact: {phrases: ["internal use only", "do not distribute"], replacement: "[redacted]"}
routes:
  - {name: guarded, match: {path_prefix: /v1}, upstream: mock, policy: redact, allow_policy_header: true}
logging: {access_log: false}
)";

const char* kScript = R"(
- match: "internal"
  answer: "The roadmap is marked Internal Use Only. It ships in March. Do not distribute it."
)";

struct StreamText {
  std::string content;
  std::set<std::string> ids;
  bool all_valid = true;
  std::string finish_reason;
};

StreamText collect(const std::string& body) {
  StreamText out;
  simdjson::dom::parser parser;
  for (const auto& data : sse_data(body)) {
    if (data == "[DONE]") continue;
    simdjson::dom::element chunk;
    if (parser.parse(data).get(chunk) != simdjson::SUCCESS) {
      out.all_valid = false;
      continue;
    }
    std::string_view id, object;
    if (chunk["id"].get(id) || chunk["object"].get(object) || object != "chat.completion.chunk") {
      out.all_valid = false;
    }
    out.ids.insert(std::string(id));
    simdjson::dom::array choices;
    if (chunk["choices"].get(choices)) continue;
    for (auto choice : choices) {
      std::string_view text;
      if (!choice["delta"]["content"].get(text)) out.content += text;
      std::string_view finish;
      if (!choice["finish_reason"].get(finish)) out.finish_reason = finish;
    }
  }
  return out;
}

class FilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fixture_.start_scripted_mock(kScript);
    fixture_.start_proxy(kRedactConfig);
  }
  ProxyFixture fixture_;
};

TEST_F(FilterTest, StreamedPhrasesAreReplacedAcrossTokenBoundaries) {
  auto response = http_request(
      fixture_.port(), "POST", "/v1/chat/completions",
      R"({"model":"m","stream":true,"messages":[{"role":"user","content":"internal?"}]})");
  ASSERT_EQ(response.status, 200) << response.error;
  auto text = collect(response.body);
  EXPECT_TRUE(text.all_valid) << response.body;
  EXPECT_EQ(text.ids.size(), 1u) << "re-emitted chunks keep the upstream's id";
  EXPECT_EQ(text.content, "The roadmap is marked [redacted]. It ships in March. [redacted] it.");
  EXPECT_EQ(text.finish_reason, "stop");
  EXPECT_EQ(sse_data(response.body).back(), "[DONE]");
}

TEST_F(FilterTest, NonStreamedAnswerIsRewritten) {
  auto response =
      http_request(fixture_.port(), "POST", "/v1/chat/completions",
                   R"({"model":"m","messages":[{"role":"user","content":"internal?"}]})");
  ASSERT_EQ(response.status, 200) << response.error;
  EXPECT_NE(response.body.find("marked [redacted]."), std::string::npos) << response.body;
  EXPECT_EQ(response.body.find("Internal Use Only"), std::string::npos);
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  EXPECT_EQ(parser.parse(response.body).get(doc), simdjson::SUCCESS);
}

}  // namespace
}  // namespace groundgate::testing
