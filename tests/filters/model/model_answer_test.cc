// A model's non-streamed answer read as its API's shape: the text and tool calls of a chat
// completion and of a Responses API response. Bodies of the other shape, broken bodies and
// failed responses give a reason, never a guess.
#include "filters/model/model_answer.h"

#include <gtest/gtest.h>

namespace groundgate::filters::model {
namespace {

TEST(ChatAnswer, TheTextAndToolCallsOfTheFirstChoice) {
  std::string error;
  const std::optional<ModelAnswer> answer = chat_answer(
      R"({"choices":[{"message":{"role":"assistant","content":"SUPPORTED","tool_calls":[)"
      R"({"id":"a","type":"function","function":{"name":"f","arguments":"{}"}}]}}]})",
      error);
  ASSERT_TRUE(answer) << error;
  EXPECT_EQ(answer->text, "SUPPORTED");
  ASSERT_EQ(answer->calls.size(), 1u);
  EXPECT_EQ(answer->calls[0].name, "f");
  EXPECT_EQ(answer->calls[0].arguments, "{}");
}

TEST(ResponsesAnswer, TheTextOfItsOutputTextPartsAndItsCalls) {
  std::string error;
  const std::optional<ModelAnswer> answer = responses_answer(
      R"({"object":"response","status":"completed","output":[)"
      R"({"type":"reasoning","id":"rs","summary":[]},)"
      R"({"type":"message","role":"assistant","content":[{"type":"output_text","text":"Here:"},)"
      R"({"type":"refusal","refusal":"no"},{"type":"output_text","text":"```sql\nSELECT 4\n```"}]},)"
      R"({"type":"function_call","call_id":"c","name":"run_query","arguments":"{\"sql\":\"SELECT 5\"}"}]})",
      error);
  ASSERT_TRUE(answer) << error;
  EXPECT_EQ(answer->text, "Here:\n```sql\nSELECT 4\n```");
  ASSERT_EQ(answer->calls.size(), 1u);
  EXPECT_EQ(answer->calls[0].name, "run_query");
  EXPECT_EQ(answer->calls[0].arguments, R"({"sql":"SELECT 5"})");
}

TEST(ModelAnswer, ReadsTheShapeOfTheApiAskedAndSaysWhenItIsAnother) {
  constexpr std::string_view kChat = R"({"choices":[{"message":{"content":"yes"}}]})";
  constexpr std::string_view kResponse =
      R"({"output":[{"type":"message","content":[{"type":"output_text","text":"yes"}]}]})";
  std::string error;
  ASSERT_TRUE(model_answer(Api::kChatCompletions, kChat, error));
  ASSERT_TRUE(model_answer(Api::kResponses, kResponse, error));
  EXPECT_FALSE(model_answer(Api::kChatCompletions, kResponse, error));
  EXPECT_EQ(error, "not a chat completion");
  EXPECT_FALSE(model_answer(Api::kResponses, kChat, error));
  EXPECT_EQ(error, "not a Responses API response");
}

}  // namespace
}  // namespace groundgate::filters::model
