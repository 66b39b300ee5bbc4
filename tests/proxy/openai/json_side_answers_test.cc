// The whole-body (JSON) transforms and side requests: text a filter holds for its side answers
// joins its choice once they are in, and the body is written after them, with their verdict:
// annotated, or stopped from the choice that waited on (content_filter; Responses: incomplete,
// later items dropped). Answers that never come end the held choices as stopped, never as if
// the held text were checked.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <memory>
#include <string>
#include <vector>

#include "proxy/openai/json_transform.h"
#include "proxy/openai/responses_json_transform.h"
#include "tests/proxy/openai/asks_filter.h"

namespace groundgate::proxy::openai {
namespace {

using filters::stream::FilterChain;
using filters::stream::SideBatch;
using filters::stream::StreamFilter;
using testing::Asks;
using testing::chain_of;

std::string completion(const std::vector<std::string>& contents) {
  std::string out = R"({"id":"c","object":"chat.completion","choices":[)";
  for (std::size_t i = 0; i < contents.size(); ++i) {
    if (i > 0) out += ',';
    out += R"({"index":)" + std::to_string(i) + R"(,"message":{"role":"assistant","content":")" +
           contents[i] + R"("},"finish_reason":"stop"})";
  }
  return out + "]}";
}

const std::string kResponse =
    R"({"id":"resp_1","object":"response","status":"completed","error":null,)"
    R"("incomplete_details":null,"model":"m","output":[)"
    R"({"id":"msg_1","type":"message","status":"completed","role":"assistant","content":[)"
    R"({"type":"output_text","annotations":[],"text":"Why? Because."}]},)"
    R"({"id":"fc_1","type":"function_call","status":"completed","arguments":"{}",)"
    R"("call_id":"call_1","name":"book_table"}]})";

// Runs `transform` with the chain's batch answered by `body` (or never, when `answer` is false).
JsonTransformResult run(JsonTransform& transform, FilterChain& chain, const std::string& body,
                        bool answer = true) {
  transform.start();
  EXPECT_TRUE(transform.waiting());
  std::vector<SideBatch> batches = chain.take_side_requests();
  EXPECT_EQ(batches.size(), 1u);
  if (answer && !batches.empty()) {
    transform.answer(batches[0].filter, {{1, 200, body, ""}});
    EXPECT_FALSE(transform.waiting());
  }
  return transform.finish();
}

struct Choice {
  std::string content;
  std::string finish_reason;
};

std::vector<Choice> choices_of(const std::string& body) {
  simdjson::dom::parser parser;
  std::vector<Choice> out;
  simdjson::dom::array choices;
  EXPECT_EQ(simdjson::SUCCESS, parser.parse(body)["choices"].get_array().get(choices)) << body;
  for (simdjson::dom::element c : choices) {
    std::string_view content, finish;
    if (c["message"]["content"].get_string().get(content) != simdjson::SUCCESS) content = "";
    if (c["finish_reason"].get_string().get(finish) != simdjson::SUCCESS) finish = "";
    out.push_back({std::string(content), std::string(finish)});
  }
  return out;
}

TEST(JsonSideAnswers, HeldTextJoinsItsChoiceOnceTheAnswersAreIn) {
  FilterChain chain = chain_of(true);
  const std::string body = completion({"Why? Because.", "Fine."});
  std::unique_ptr<JsonTransform> transform = completion_json_transform(body, &chain);
  const JsonTransformResult result = run(*transform, chain, "ok");
  EXPECT_FALSE(result.stopped);
  const std::vector<Choice> choices = choices_of(result.body);
  ASSERT_EQ(choices.size(), 2u) << result.body;
  // Both choices waited (the filter held), both went on whole.
  EXPECT_EQ(choices[0].content, "Why? Because.");
  EXPECT_EQ(choices[1].content, "Fine.");
  EXPECT_EQ(choices[0].finish_reason, "stop");
  EXPECT_EQ(choices[1].finish_reason, "stop");
  EXPECT_NE(result.body.find(R"("groundgate":[{"answered":true}])"), std::string::npos)
      << result.body;
}

TEST(JsonSideAnswers, AStopFromTheAnswersEndsTheChoicesThatWaited) {
  FilterChain chain = chain_of(true);
  const std::string body = completion({"Sure. Why? Because.", "Fine."});
  std::unique_ptr<JsonTransform> transform = completion_json_transform(body, &chain);
  const JsonTransformResult result = run(*transform, chain, "block");
  EXPECT_TRUE(result.stopped);
  const std::vector<Choice> choices = choices_of(result.body);
  ASSERT_EQ(choices.size(), 2u) << result.body;
  EXPECT_EQ(choices[0].content, "");  // the filter kept all of it
  EXPECT_EQ(choices[1].content, "");
  EXPECT_EQ(choices[0].finish_reason, "content_filter");
  EXPECT_EQ(choices[1].finish_reason, "content_filter");
  EXPECT_NE(result.body.find(R"({"type":"stopped","reason":"asks.blocked"})"), std::string::npos)
      << result.body;
}

TEST(JsonSideAnswers, AReportingFiltersStopFromTheAnswersEndsTheChoiceThatAsked) {
  FilterChain chain = chain_of(false);
  const std::string body = completion({"Fine.", "Why? Because."});
  std::unique_ptr<JsonTransform> transform = completion_json_transform(body, &chain);
  const JsonTransformResult result = run(*transform, chain, "block");
  EXPECT_TRUE(result.stopped);
  const std::vector<Choice> choices = choices_of(result.body);
  ASSERT_EQ(choices.size(), 2u) << result.body;
  EXPECT_EQ(choices[0].finish_reason, "stop");  // before the question: not its verdict's
  EXPECT_EQ(choices[1].finish_reason, "content_filter");
  EXPECT_EQ(choices[1].content, "Why? Because.");  // it went through the filter unchanged
}

TEST(JsonSideAnswers, AnswersThatNeverComeLeaveTheHeldChoiceStoppedNotChecked) {
  FilterChain chain = chain_of(true);
  const std::string body = completion({"Why? Because."});
  std::unique_ptr<JsonTransform> transform = completion_json_transform(body, &chain);
  const JsonTransformResult result = run(*transform, chain, "", /*answer=*/false);
  EXPECT_TRUE(result.stopped);
  const std::vector<Choice> choices = choices_of(result.body);
  ASSERT_EQ(choices.size(), 1u) << result.body;
  EXPECT_EQ(choices[0].content, "");
  EXPECT_EQ(choices[0].finish_reason, "content_filter");
  EXPECT_NE(result.body.find(R"("reason":"side_answers_missing")"), std::string::npos)
      << result.body;
}

TEST(JsonSideAnswers, AResponsesBodyWaitsForTheAnswersToo) {
  FilterChain chain = chain_of(true);
  std::unique_ptr<JsonTransform> transform = responses_json_transform(kResponse, &chain);
  const JsonTransformResult result = run(*transform, chain, "ok");
  EXPECT_FALSE(result.stopped);
  std::string expected = kResponse;
  expected.insert(expected.size() - 1, R"(,"groundgate":[{"answered":true}])");
  EXPECT_EQ(expected, result.body);
}

TEST(JsonSideAnswers, AResponsesBodyStoppedByTheAnswersIsIncompleteWithoutItsLaterCalls) {
  FilterChain chain = chain_of(true);
  std::unique_ptr<JsonTransform> transform = responses_json_transform(kResponse, &chain);
  const JsonTransformResult result = run(*transform, chain, "block");
  EXPECT_TRUE(result.stopped);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(simdjson::SUCCESS, parser.parse(result.body).get(root)) << result.body;
  EXPECT_EQ("incomplete", std::string_view(root["status"]));
  EXPECT_EQ("content_filter", std::string_view(root["incomplete_details"]["reason"]));
  simdjson::dom::array output = root["output"].get_array();
  ASSERT_EQ(1u, output.size()) << result.body;  // the function call after the stop is dropped
  EXPECT_EQ("incomplete", std::string_view(output.at(0)["status"]));
  EXPECT_EQ("", std::string_view(output.at(0)["content"].at(0)["text"]));
}

TEST(JsonSideAnswers, WithoutServedSideRequestsTheBodyGoesAtOnce) {
  std::vector<std::unique_ptr<StreamFilter>> filters;
  filters.push_back(std::make_unique<Asks>(true));
  FilterChain chain(std::move(filters));  // never served: the filter asks nothing
  const std::string body = completion({"Why? Because."});
  const JsonTransformResult result = transform_completion_json(body, &chain);
  EXPECT_FALSE(result.stopped);
  EXPECT_EQ(body, result.body);
}

}  // namespace
}  // namespace groundgate::proxy::openai
