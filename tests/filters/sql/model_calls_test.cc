// Check 5's model calls as bytes, in both API shapes: the app's request with the question
// rewritten (chat completions, Responses API), and the query read back from a non-streamed
// answer. Odd and broken bodies give a reason, never a crash or a guess.
#include <gtest/gtest.h>

#include "filters/sql/answer_query.h"
#include "filters/sql/variant_request.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::string_view kQuestion = "How many rows have a over 3?";
constexpr std::string_view kVariant = "How many rows have a at least 3?";

// Why `build` makes no request of `body` (and that it makes none).
template <typename Build>
std::string skip_reason(Build build, std::string_view body) {
  const VariantRequest out = build(body, kQuestion, kVariant);
  EXPECT_FALSE(out.body) << *out.body;
  return std::string(out.skip_reason);
}

std::string sql_of(model::Api api, std::string_view response, bool whole = false,
                   std::span<const config::SqlToolArgument> tools = {}) {
  std::string error;
  std::optional<std::string> sql = sql_of_response(api, response, whole, tools, error);
  return sql ? *sql : "error: " + error;
}

TEST(ChatVariantRequest, RewritesTheLastUserMessageAndNeitherStreamsNorStores) {
  const std::string body =
      R"({"model":"m","stream":true,"n":2,"store":true,"temperature":0,"messages":[)"
      R"({"role":"system","content":"Schema: CREATE TABLE t (a INT);"},)"
      R"({"role":"user","content":"Earlier question"},{"role":"assistant","content":"x"},)"
      R"({"role":"user","content":[{"type":"text","text":"How many rows have a over 3?"}]}]})";
  const VariantRequest out = chat_variant_request(body, kQuestion, kVariant);
  ASSERT_TRUE(out.body) << out.skip_reason;
  EXPECT_EQ(
      *out.body,
      R"({"model":"m","temperature":0,"messages":[)"
      R"({"role":"system","content":"Schema: CREATE TABLE t (a INT);"},)"
      R"({"role":"user","content":"Earlier question"},{"role":"assistant","content":"x"},)"
      R"({"role":"user","content":[{"type":"text","text":"How many rows have a at least 3?"}]}],)"
      R"("stream":false,"n":1,"store":false})");
}

TEST(ChatVariantRequest, KeepsTheMessagesOtherMembersAndParts) {
  const std::string body =
      R"({"model":"m","messages":[{"role":"user","name":"ann","content":[)"
      R"({"type":"image_url","image_url":{"url":"https://x/y.png"}},)"
      R"({"type":"text","text":"Look: How many rows have a over 3? Thanks"}]}]})";
  const VariantRequest out = chat_variant_request(body, kQuestion, kVariant);
  ASSERT_TRUE(out.body) << out.skip_reason;
  EXPECT_EQ(*out.body,
            R"({"model":"m","messages":[{"role":"user","name":"ann","content":[)"
            R"({"type":"image_url","image_url":{"url":"https://x/y.png"}},)"
            R"({"type":"text","text":"Look: How many rows have a at least 3? Thanks"}]}],)"
            R"("stream":false,"n":1,"store":false})");
}

TEST(ChatVariantRequest, BodiesWithoutTheQuestionSayWhy) {
  const auto reason = [](std::string_view body) { return skip_reason(chat_variant_request, body); };
  EXPECT_EQ(reason("not json"), "request_unreadable");
  EXPECT_EQ(reason(R"(["an array"])"), "request_unreadable");
  EXPECT_EQ(reason(R"({"model":"m"})"), "request_unreadable");
  EXPECT_EQ(reason(R"({"messages":"text"})"), "request_unreadable");
  // A Responses request sent as chat has no messages.
  EXPECT_EQ(reason(R"({"input":"How many rows have a over 3?"})"), "request_unreadable");
  EXPECT_EQ(reason(R"({"messages":[]})"), "question_not_in_request");
  EXPECT_EQ(reason(R"({"messages":[{"role":"user","content":"Something else"}]})"),
            "question_not_in_request");
  EXPECT_EQ(reason(R"({"messages":[{"role":"user","content":null}]})"), "question_not_in_request");
  EXPECT_EQ(reason(R"({"messages":[{"role":"user"}]})"), "question_not_in_request");
  EXPECT_EQ(reason(R"({"messages":[{"role":"user","content":[1,{"text":7}]}]})"),
            "question_not_in_request");
  // The question in an earlier message only: the last user message is the one asked.
  EXPECT_EQ(reason(R"({"messages":[{"role":"user","content":"How many rows have a over 3?"},)"
                   R"({"role":"user","content":"And now?"}]})"),
            "question_not_in_request");
  // Not an empty question (it would match anywhere).
  EXPECT_FALSE(chat_variant_request(R"({"messages":[{"role":"user","content":"x"}]})", "", "y")
                   .body.has_value());
}

TEST(ResponsesVariantRequest, RewritesAStringInputNotStreamedNotStored) {
  const std::string body =
      R"({"model":"m","stream":true,"store":true,"background":false,)"
      R"("stream_options":{"include_obfuscation":false},)"
      R"("instructions":"You write SQLite.","input":"How many rows have a over 3?",)"
      R"("previous_response_id":"resp_1"})";
  const VariantRequest out = responses_variant_request(body, kQuestion, kVariant);
  ASSERT_TRUE(out.body) << out.skip_reason;
  EXPECT_EQ(*out.body,
            R"({"model":"m","instructions":"You write SQLite.",)"
            R"("previous_response_id":"resp_1",)"
            R"("input":"How many rows have a at least 3?","stream":false,"store":false})");
}

TEST(ResponsesVariantRequest, RewritesTheLastUserMessageOfTheItems) {
  const std::string body = R"({"model":"m","input":[)"
                           R"({"role":"developer","content":"Schema: CREATE TABLE t (a INT);"},)"
                           R"({"role":"user","content":"How many rows have a over 3?"},)"
                           R"({"type":"function_call","call_id":"c1","name":"f","arguments":"{}"},)"
                           R"({"type":"function_call_output","call_id":"c1","output":"ok"},)"
                           R"({"type":"message","role":"user","content":[)"
                           R"({"type":"input_image","image_url":"https://x/y.png"},)"
                           R"({"type":"input_text","text":"How many rows have a over 3?"}]}]})";
  const VariantRequest out = variant_request(model::Api::kResponses, body, kQuestion, kVariant);
  ASSERT_TRUE(out.body) << out.skip_reason;
  EXPECT_EQ(*out.body, R"({"model":"m","input":[)"
                       R"({"role":"developer","content":"Schema: CREATE TABLE t (a INT);"},)"
                       R"({"role":"user","content":"How many rows have a over 3?"},)"
                       R"({"type":"function_call","call_id":"c1","name":"f","arguments":"{}"},)"
                       R"({"type":"function_call_output","call_id":"c1","output":"ok"},)"
                       R"({"type":"message","role":"user","content":[)"
                       R"({"type":"input_image","image_url":"https://x/y.png"},)"
                       R"({"type":"input_text","text":"How many rows have a at least 3?"}]}],)"
                       R"("stream":false,"store":false})");
}

TEST(ResponsesVariantRequest, BodiesWithoutTheQuestionSayWhy) {
  const auto reason = [](std::string_view body) {
    return skip_reason(responses_variant_request, body);
  };
  EXPECT_EQ(reason(""), "request_unreadable");
  EXPECT_EQ(reason(R"({"model":"m"})"), "request_unreadable");
  EXPECT_EQ(reason(R"({"input":42})"), "request_unreadable");
  EXPECT_EQ(reason(R"({"input":null})"), "request_unreadable");
  // A chat request sent as Responses has no input.
  EXPECT_EQ(reason(R"({"messages":[{"role":"user","content":"How many rows have a over 3?"}]})"),
            "request_unreadable");
  EXPECT_EQ(reason(R"({"input":"Something else"})"), "question_not_in_request");
  EXPECT_EQ(reason(R"({"input":[]})"), "question_not_in_request");
  EXPECT_EQ(reason(R"({"input":["text",{"type":"message","role":"assistant","content":)"
                   R"("How many rows have a over 3?"}]})"),
            "question_not_in_request");
  // A variant must not join the app's stored conversation.
  EXPECT_EQ(reason(R"({"conversation":"conv_1","input":"How many rows have a over 3?"})"),
            "request_in_conversation");
  EXPECT_TRUE(
      responses_variant_request(R"({"conversation":null,"input":"How many rows have a over 3?"})",
                                kQuestion, kVariant)
          .body);
}

TEST(ChatAnswer, TheQueryOfAReply) {
  constexpr auto kChat = model::Api::kChatCompletions;
  EXPECT_EQ(sql_of(kChat, R"({"choices":[{"message":{"role":"assistant","content":)"
                          R"("Sure:\n```sql\nSELECT 1\n```"}}]})"),
            "SELECT 1");
  EXPECT_EQ(sql_of(kChat, R"({"choices":[{"message":{"content":"SELECT 1;"}}]})", true),
            "SELECT 1;");
  const std::vector<config::SqlToolArgument> tools{{"run_query", "sql"}};
  EXPECT_EQ(sql_of(kChat,
                   R"({"choices":[{"message":{"role":"assistant","content":null,"tool_calls":[)"
                   R"({"id":"a","type":"function","function":{"name":"other","arguments":"{}"}},)"
                   R"({"id":"c","type":"function","function":{"name":"run_query",)"
                   R"("arguments":"{\"sql\":\"SELECT 2\"}"}}]}}]})",
                   false, tools),
            "SELECT 2");
  EXPECT_EQ(sql_of(kChat,
                   R"({"choices":[{"message":{"function_call":{"name":"run_query",)"
                   R"("arguments":"{\"sql\":\"SELECT 3\"}"}}}]})",
                   false, tools),
            "SELECT 3");
  EXPECT_EQ(sql_of(kChat, R"({"choices":[{"message":{"content":"No idea."}}]})"),
            "error: the answer holds no query");
  EXPECT_EQ(sql_of(kChat, R"({"choices":[{"message":{"tool_calls":[7,{"function":1}]}}]})"),
            "error: the answer holds no query");
}

TEST(ChatAnswer, BodiesThatAreNotCompletionsSaySo) {
  for (std::string_view body :
       {"", "{", R"({})", R"({"choices":[]})", R"({"choices":[{"text":"SELECT 1"}]})", "[1]",
        R"({"object":"response","output":[]})"}) {
    EXPECT_EQ(sql_of(model::Api::kChatCompletions, body), "error: not a chat completion") << body;
  }
}

TEST(ResponsesAnswer, TheQueryOfAReply) {
  constexpr auto kResponses = model::Api::kResponses;
  EXPECT_EQ(sql_of(kResponses, R"({"output":[{"type":"message","content":[)"
                               R"({"type":"output_text","text":"```sql\nSELECT 1\n```"}]}]})"),
            "SELECT 1");
  EXPECT_EQ(sql_of(kResponses,
                   R"({"output":[{"type":"message","content":[)"
                   R"({"type":"output_text","text":"SELECT 1"}]}]})",
                   true),
            "SELECT 1");
  const std::vector<config::SqlToolArgument> tools{{"run_query", "sql"}};
  EXPECT_EQ(sql_of(kResponses,
                   R"({"output":[{"type":"function_call","name":"run_query",)"
                   R"("arguments":"{\"sql\":\"SELECT 2\"}"}]})",
                   false, tools),
            "SELECT 2");
  // Odd items and parts are passed over.
  EXPECT_EQ(sql_of(kResponses,
                   R"({"output":[7,{"type":"message"},{"type":"message","content":)"
                   R"([null,{"type":"output_text"},{"text":"SELECT 9"}]},)"
                   R"({"type":"function_call","name":"run_query"}]})",
                   false, tools),
            "error: the answer holds no query");
  EXPECT_EQ(sql_of(kResponses, R"({"status":"incomplete","output":[]})"),
            "error: the answer holds no query");
}

TEST(ResponsesAnswer, FailedAndForeignBodiesSaySo) {
  constexpr auto kResponses = model::Api::kResponses;
  EXPECT_EQ(sql_of(kResponses, R"({"status":"failed","error":{"code":"server_error",)"
                               R"("message":"The model failed."},"output":[]})"),
            "error: the response failed: The model failed.");
  EXPECT_EQ(sql_of(kResponses, R"({"status":"failed","error":null,"output":[]})"),
            "error: the response failed");
  EXPECT_EQ(sql_of(kResponses, R"({"error":{"message":7}})"),
            "error: the response failed: no message");
  for (std::string_view body : {"", "nope", "[]", R"({})", R"({"output":{}})",
                                R"({"choices":[{"message":{"content":"SELECT 1"}}]})"}) {
    EXPECT_EQ(sql_of(kResponses, body), "error: not a Responses API response") << body;
  }
}

}  // namespace
}  // namespace groundgate::filters::sql
