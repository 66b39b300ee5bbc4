// The guard over Responses API requests: context from `input`, parts of it that cannot be
// read, `text.format` JSON answers, background requests, retrieved context the response brings.
#include <gtest/gtest.h>

#include "filters/actions/guard_filter.h"
#include "tests/filters/actions/guard_test_support.h"

namespace groundgate::filters::actions {
namespace {

using config::ActionConfig;
using config::ActionKind;
using namespace testing;

constexpr std::string_view kGood = "Allie Goertz is an American musician.";
constexpr std::string_view kWrongDate = " She was born on March 2, 1994.";
constexpr std::string_view kInvented = " She won three Grammy awards in Toronto.";

std::string responses_request(std::string_view extra_input = "", std::string_view extra = "") {
  return std::string(R"({"model":"m","stream":true,)") + std::string(extra) +
         R"("instructions":"Answer from the tool results.","input":[)"
         R"({"type":"function_call","call_id":"c1","name":"lookup","arguments":"{}"},)"
         R"({"type":"function_call_output","call_id":"c1","output":")" +
         std::string(kGoertzContext) + R"("},)" + std::string(extra_input) +
         R"({"role":"user","content":[{"type":"input_text","text":"Who is Allie Goertz?"}]}]})";
}

TEST(GuardResponses, FunctionCallOutputsAreTheContext) {
  config::PolicyConfig p = sentence_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kBlock};
  GuardRun r = run(p, responses_request(), split(std::string(kGood) + std::string(kWrongDate), 7));
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ("guard.contradicted", r.stop_reason);
  EXPECT_EQ(kGood, r.text);
}

TEST(GuardResponses, UnsupportedOverAnUnreadablePartIsUnverifiedAndOnErrorDecides) {
  // A file the request attaches may hold what the function output does not.
  const std::string body =
      responses_request(R"({"role":"user","content":[{"type":"input_file","file_id":"file-1"}]},)");
  config::PolicyConfig p = sentence_policy();
  p.actions.unsupported = ActionConfig{ActionKind::kBlock};
  p.on_error = config::OnError::kOpen;
  const std::string text = std::string(kGood) + std::string(kInvented);
  GuardRun open = run(p, body, split(text, 5));
  EXPECT_FALSE(open.stopped);
  EXPECT_EQ(text, open.text);
  ASSERT_EQ(2u, open.annotations.size());
  EXPECT_TRUE(contains(open.annotations[0], R"("label":"unverified","action":"annotate")"))
      << open.annotations[0];
  EXPECT_TRUE(contains(open.annotations[0], R"("error":"context_unreadable")"));
  EXPECT_TRUE(contains(open.annotations[1], R"("context_unreadable":true)")) << open.annotations[1];
  EXPECT_EQ("a content part of type `input_file`",
            field_of(open.report, "guard.context_unreadable"));

  p.on_error = config::OnError::kClosed;
  GuardRun closed = run(p, body, split(text, 5));
  EXPECT_TRUE(closed.stopped);
  EXPECT_EQ("guard.unverified", closed.stop_reason);
  EXPECT_EQ(kGood, closed.text);  // supported by what could be read
  // A contradiction found in what could be read stands.
  p.actions.contradicted = ActionConfig{ActionKind::kBlock};
  GuardRun contradicted = run(p, body, split(std::string(kGood) + std::string(kWrongDate), 5));
  EXPECT_EQ("guard.contradicted", contradicted.stop_reason);
}

TEST(GuardResponses, NoReadableContextButAStoredConversationIsUnverifiedNotNoContext) {
  const std::string body =
      R"({"model":"m","previous_response_id":"resp_1","input":"And when was she born?"})";
  config::PolicyConfig p = sentence_policy();
  p.on_error = config::OnError::kClosed;
  GuardRun r = run(p, body, split(std::string(kGood), 4));
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ("guard.unverified", r.stop_reason);
  EXPECT_EQ("", r.text);
  ASSERT_FALSE(r.annotations.empty());
  EXPECT_TRUE(contains(r.annotations.back(), R"("verdict":"unverified")")) << r.annotations.back();
  p.on_error = config::OnError::kOpen;
  GuardRun open = run(p, body, split(std::string(kGood), 4));
  EXPECT_EQ(kGood, open.text);
  EXPECT_TRUE(contains(open.annotations.back(), R"("verdict":"unverified")"));
  EXPECT_EQ(1u, count_of(open.report, "verdicts.unverified"));
}

TEST(GuardResponses, TextFormatJsonAnswersAndBackgroundRequestsAreUnchecked) {
  config::PolicyConfig p = sentence_policy();
  const std::string json =
      responses_request("", R"("text":{"format":{"type":"json_schema","name":"x","schema":{}}},)");
  GuardRun r = run(p, json, {R"({"born": 1994})"});
  EXPECT_TRUE(contains(r.annotations.back(), R"("unchecked_reason":"json_response")"));
  const std::string text_format = responses_request("", R"("text":{"format":{"type":"text"}},)");
  EXPECT_FALSE(
      contains(run(p, text_format, {std::string(kGood)}).annotations.back(), "unchecked_reason"));
  const std::string background = R"({"model":"m","background":true,"input":"Hi"})";
  EXPECT_TRUE(
      contains(run(p, background, {}).annotations.back(), R"("unchecked_reason":"background")"));
  // Streamed, a background response's answer comes in this stream: it is checked.
  const std::string streamed = R"({"model":"m","background":true,"stream":true,"input":"Hi"})";
  EXPECT_FALSE(contains(run(p, streamed, {}).annotations.back(), "background"));
}

TEST(GuardResponses, ContextTheResponseBringsGroundsTheTextAfterIt) {
  config::PolicyConfig p = sentence_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kBlock};
  const std::string body = R"({"model":"m","input":"Who is Allie Goertz?"})";
  stream::FilterChain chain = guard_chain(p, body);
  chain.prepare();
  chain.on_context({{std::string(kGoertzContext), "goertz.md", "file-1"}});
  std::string text;
  for (const std::string& delta : split(std::string(kGood) + std::string(kWrongDate), 6)) {
    text += chain.on_delta(0, delta).text;
    if (chain.stopped()) break;
  }
  EXPECT_TRUE(chain.stopped());
  EXPECT_EQ("guard.contradicted", chain.stop_reason());
  EXPECT_EQ(kGood, text);
  EXPECT_EQ("1", field_of(chain.report(), "guard.context_passages"));
}

}  // namespace
}  // namespace groundgate::filters::actions
