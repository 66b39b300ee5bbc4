#include "proxy/openai/json_transform.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include "tests/proxy/openai/test_filters.h"
#include "tests/proxy/openai/unreadable_answers.h"

namespace groundgate::proxy::openai {
namespace {

using namespace test_filters;

const std::string kChat =
    R"({"id":"chatcmpl-9","object":"chat.completion","created":1731800900,"model":"gpt-4o",)"
    R"("choices":[{"index":0,"message":{"role":"assistant","content":"Caf\u00e9 in Paris.",)"
    R"("refusal":null},"logprobs":null,"finish_reason":"stop"},{"index":1,"message":)"
    R"({"role":"assistant","content":"Second answer."},"logprobs":null,"finish_reason":"length"}],)"
    R"("usage":{"prompt_tokens":5,"completion_tokens":7,"total_tokens":12},)"
    R"("system_fingerprint":"fp_9"})";

bool valid_json(std::string_view text) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  return parser.parse(text.data(), text.size()).get(root) == simdjson::SUCCESS;
}

TEST(JsonTransformTest, NoChainOrNoChangeReturnsTheOriginalBytes) {
  EXPECT_EQ(kChat, transform_completion_json(kChat, nullptr).body);
  filters::stream::FilterChain empty;
  EXPECT_FALSE(transform_completion_json(kChat, &empty).changed);
  auto chain = make_chain(std::make_unique<filters::stream::StreamFilter>());
  const auto result = transform_completion_json(kChat, chain.get());
  EXPECT_FALSE(result.changed);
  EXPECT_TRUE(result.status.ok);
  EXPECT_EQ(kChat, result.body);
}

TEST(JsonTransformTest, RewritesContentAndKeepsEverythingElse) {
  auto chain = make_chain(std::make_unique<UppercaseFilter>());
  const auto result = transform_completion_json(kChat, chain.get());
  EXPECT_TRUE(result.changed);
  EXPECT_FALSE(result.stopped);
  std::string expected = kChat;
  expected.replace(expected.find(R"("Caf\u00e9 in Paris.")"), 21, "\"CAF\xC3\xA9 IN PARIS.\"");
  expected.replace(expected.find(R"("Second answer.")"), 16, R"("SECOND ANSWER.")");
  EXPECT_EQ(expected, result.body);
}

const std::string kRefusal =
    R"({"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant",)"
    R"("content":null,"refusal":"i cannot.","reasoning_content":"think."},"finish_reason":"stop"}]})";

TEST(JsonTransformTest, ARefusalIsTheChoicesTextAndReasoningIsCountedOrRead) {
  auto unread = make_chain(std::make_unique<TextKindsFilter>(false, true));
  const auto counted = transform_completion_json(kRefusal, unread.get());
  EXPECT_NE(std::string::npos, counted.body.find(R"("refusal":"I CANNOT.")")) << counted.body;
  EXPECT_NE(std::string::npos, counted.body.find(R"("reasoning_content":"think.")"));
  EXPECT_NE(std::string::npos, counted.body.find(R"("reasoning_bytes":6,"read":false)"));
  auto read = make_chain(std::make_unique<TextKindsFilter>(true, true));
  const auto checked = transform_completion_json(kRefusal, read.get());
  EXPECT_NE(std::string::npos, checked.body.find(R"("reasoning_content":"THINK.")"))
      << checked.body;
  EXPECT_TRUE(valid_json(checked.body));
}

TEST(JsonTransformTest, ARefusalTheChainCannotReadIsUnverified) {
  // Open: it stays as it came, said to be unverified.
  auto open = make_chain(std::make_unique<TextKindsFilter>(false, false, false));
  const auto kept = transform_completion_json(kRefusal, open.get());
  EXPECT_FALSE(kept.stopped);
  EXPECT_NE(std::string::npos, kept.body.find(R"("refusal":"i cannot.")")) << kept.body;
  EXPECT_NE(std::string::npos, kept.body.find(R"({"unverified":"refusal"})")) << kept.body;
  // Closed: the choice stops there, and the refusal never reaches the client.
  auto closed = make_chain(std::make_unique<TextKindsFilter>(false, false, true));
  const auto stopped = transform_completion_json(kRefusal, closed.get());
  EXPECT_TRUE(stopped.stopped);
  EXPECT_EQ(std::string::npos, stopped.body.find("cannot")) << stopped.body;
  EXPECT_NE(std::string::npos, stopped.body.find(R"("finish_reason":"content_filter")"));
}

TEST(JsonTransformTest, ASpokenAnswerIsUnverified) {
  const std::string audio =
      R"({"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant",)"
      R"("content":null,"audio":{"id":"a1","transcript":"30 days.","data":"AAAA"}},)"
      R"("finish_reason":"stop"}]})";
  auto closed = make_chain(std::make_unique<HoldingVerifier>(true));
  const auto refused = transform_completion_json(audio, closed.get());
  EXPECT_TRUE(refused.refused);
  EXPECT_TRUE(refused.body.empty());
  auto open = make_chain(std::make_unique<HoldingVerifier>(false));
  const auto kept = transform_completion_json(audio, open.get());
  EXPECT_FALSE(kept.refused);
  EXPECT_NE(std::string::npos, kept.body.find(R"({"unverified":"audio_output")")) << kept.body;
}

TEST(JsonTransformTest, HeldTextIsReleasedAtTheEndOfEachChoice) {
  auto chain = make_chain(std::make_unique<HoldFilter>());
  const auto result = transform_completion_json(kChat, chain.get());
  EXPECT_FALSE(result.changed);
  EXPECT_EQ(kChat, result.body);
}

TEST(JsonTransformTest, AnnotationsGoToATopLevelArray) {
  auto chain = make_chain(std::make_unique<AnnotateFilter>());
  const auto result = transform_completion_json(kChat, chain.get());
  EXPECT_TRUE(result.changed);
  EXPECT_TRUE(result.body.ends_with(
      R"("system_fingerprint":"fp_9","groundgate":[{"choice":0,"offset":0},{"choice":1,"offset":0}]})"));
  EXPECT_TRUE(valid_json(result.body));
}

TEST(JsonTransformTest, StopBlanksTheStoppedChoicesAndMarksThemContentFilter) {
  auto chain = make_chain(std::make_unique<StopFilter>("Second"));
  const auto result = transform_completion_json(kChat, chain.get());
  EXPECT_TRUE(result.stopped);
  EXPECT_TRUE(result.changed);
  EXPECT_TRUE(valid_json(result.body));
  EXPECT_NE(std::string::npos, result.body.find(R"("content":"Caf\u00e9 in Paris.")"));
  EXPECT_NE(std::string::npos, result.body.find(R"("finish_reason":"stop")"));
  EXPECT_NE(std::string::npos,
            result.body.find(R"("content":""},"logprobs":null,"finish_reason":"content_filter")"));
  EXPECT_TRUE(result.body.ends_with(R"("groundgate":[{"type":"stopped","reason":"test.stop"}]})"));
  // For an error in place of the body.
  EXPECT_EQ(std::vector<std::string>{R"({"type":"stopped","reason":"test.stop"})"},
            result.annotations);
}

TEST(JsonTransformTest, LegacyTextCompletion) {
  const std::string body =
      R"({"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":[)"
      R"({"text":"once upon","index":0,"logprobs":null,"finish_reason":"length"}]})";
  auto chain = make_chain(std::make_unique<UppercaseFilter>());
  const auto result = transform_completion_json(body, chain.get());
  std::string expected = body;
  expected.replace(expected.find("once upon"), 9, "ONCE UPON");
  EXPECT_EQ(expected, result.body);
}

TEST(JsonTransformTest, ToolCallResponseWithNullContentIsUnchanged) {
  const std::string body =
      R"({"choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[]},)"
      R"("finish_reason":"tool_calls"}]})";
  auto chain = make_chain(std::make_unique<UppercaseFilter>());
  const auto result = transform_completion_json(body, chain.get());
  EXPECT_FALSE(result.changed);
  EXPECT_EQ(body, result.body);
}

constexpr std::string_view kToolCallResponse =
    R"({"choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[)"
    R"({"id":"call_1","type":"function","function":{"name":"get_weather",)"
    R"("arguments":"{\"city\":\"Paris\"}"}}]},"finish_reason":"tool_calls"}]})";

TEST(JsonTransformTest, ToolCallsAreSeenByTheFiltersThatAskForThem) {
  using filters::stream::ToolCallInterest;
  auto chain = make_chain(std::make_unique<ToolCallFilter>(ToolCallInterest::kInspect));
  const auto result = transform_completion_json(kToolCallResponse, chain.get());
  EXPECT_TRUE(result.changed);
  EXPECT_FALSE(result.stopped);
  EXPECT_NE(std::string::npos,
            result.body.find(R"("groundgate":[{"choice":0,"call":0,"name":"get_weather",)"
                             R"("arguments":"{\"city\":\"Paris\"}"}])"))
      << result.body;
  EXPECT_NE(std::string::npos, result.body.find(R"("finish_reason":"tool_calls")"));
}

TEST(JsonTransformTest, AStoppedToolCallIsTakenOutOfTheResponse) {
  using filters::stream::ToolCallInterest;
  auto chain = make_chain(std::make_unique<ToolCallFilter>(ToolCallInterest::kHold, "get_weather"));
  const auto result = transform_completion_json(kToolCallResponse, chain.get());
  EXPECT_TRUE(result.stopped);
  EXPECT_NE(std::string::npos,
            result.body.find(R"("tool_calls":[]},"finish_reason":"content_filter")"))
      << result.body;
  EXPECT_EQ(std::string::npos, result.body.find("Paris"));
  // The legacy function_call becomes null.
  const std::string legacy =
      R"({"choices":[{"index":0,"message":{"role":"assistant","content":null,"function_call":)"
      R"({"name":"get_weather","arguments":"{}"}},"finish_reason":"function_call"}]})";
  auto again = make_chain(std::make_unique<ToolCallFilter>(ToolCallInterest::kHold, "get_weather"));
  EXPECT_NE(std::string::npos,
            transform_completion_json(legacy, again.get()).body.find(R"("function_call":null)"));
}

TEST(JsonTransformTest, BadJsonIsReturnedAsIsWithAnError) {
  auto chain = make_chain(std::make_unique<UppercaseFilter>());
  for (std::string_view body :
       {"", "{", "not json", "{\"choices\":[{\"message\":{\"content\":1}}]}"}) {
    const auto result = transform_completion_json(body, chain.get());
    EXPECT_FALSE(result.status.ok) << body;
    EXPECT_FALSE(result.changed);
    EXPECT_EQ(body, result.body);
  }
}

TEST(JsonTransformTest, AnUnreadableAnswerIsRefusedByAClosedVerifier) {
  for (std::string_view body :
       {R"({"choices":[{"index":0,"message":{"content":"cut \ud83d"}}]})",
        "{\"choices\":[{\"index\":0,\"message\":{\"content\":\"bad \xC3\x28\"}}]}",
        R"({"choices":[{"index":-1,"message":{"content":"30 days"}}]})",
        R"({"choices":[{"index":1000000,"message":{"content":"30 days"}}]})",
        R"({"choices":[{"index":0,"message":{"content":"30 days"}},)"
        R"({"index":0,"message":{"content":"60 days"}}]})",
        R"({"error":{"message":"x"},"choices":[{"index":0,"message":{"content":"30 days"}}]})"}) {
    expect_unreadable_answer_handled(transform_completion_json, body);
  }
}

TEST(JsonTransformTest, UpstreamErrorBodyIsUnchanged) {
  const std::string body = R"({"error":{"message":"bad","type":"invalid_request_error"}})";
  auto chain = make_chain(std::make_unique<UppercaseFilter>());
  EXPECT_EQ(body, transform_completion_json(body, chain.get()).body);
}

TEST(JsonTransformTest, LogProbabilitiesOfChangedTextAreEmptied) {
  const std::string body =
      R"({"choices":[{"index":0,"message":{"role":"assistant","content":"hi"},)"
      R"("logprobs":{"content":[{"token":"hi","logprob":-1}]},"finish_reason":"stop"}]})";
  auto chain = make_chain(std::make_unique<UppercaseFilter>());
  EXPECT_EQ(R"({"choices":[{"index":0,"message":{"role":"assistant","content":"HI"},)"
            R"("logprobs":null,"finish_reason":"stop"}]})",
            transform_completion_json(body, chain.get()).body);
}

}  // namespace
}  // namespace groundgate::proxy::openai
