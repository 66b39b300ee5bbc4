// What the proxy writes and reads for the filters' model calls, in both API shapes: the app's
// request with the question rewritten (check 5's variants), the proxy's own request (the
// judge's), the forwarded request without the members the filters keep, and a non-streamed
// answer read back (its text, its calls, its query). Odd and broken bodies give a reason, never
// a crash or a guess; every byte of the app's request that is not changed stays as it came.
#include <gtest/gtest.h>

#include <simdjson.h>

#include "filters/sql/answer_query.h"
#include "proxy/openai/model_answer_reader.h"
#include "proxy/openai/model_calls.h"
#include "proxy/openai/request_decoder.h"
#include "proxy/openai/request_writer.h"

namespace groundgate::proxy::openai {
namespace {

constexpr std::string_view kQuestion = "How many rows have a over 3?";
constexpr std::string_view kVariant = "How many rows have a at least 3?";

// `body` of endpoint `api` asked again with the question rewritten.
filters::model::RequestBody variant(EndpointKind api, std::string_view body,
                                    std::string_view question = kQuestion) {
  const DecodedRequest decoded = decode_request(body, api);
  return question_variant(api, body, decoded.layout, question, kVariant);
}

// Why no variant of `body` is made (and that none is).
std::string skip_reason(EndpointKind api, std::string_view body) {
  const filters::model::RequestBody out = variant(api, body);
  EXPECT_FALSE(out.body) << *out.body;
  return std::string(out.skip_reason);
}

// `body` without the members `names` names.
std::string stripped(std::string_view body, std::vector<std::string> names) {
  RequestLayout layout = decode_request(body).layout;
  return without_members(body, names, layout).value_or("(unchanged)");
}

std::string sql_of(EndpointKind api, std::string_view response, bool whole = false,
                   std::span<const config::QueryToolArgument> tools = {}) {
  std::string error;
  std::optional<filters::model::ModelAnswer> answer =
      model_calls(api, {}, {})->read_answer(response, error);
  std::optional<std::string> sql =
      answer ? filters::sql::sql_of_answer(*answer, whole, tools, error) : std::nullopt;
  return sql ? *sql : "error: " + error;
}

TEST(QuestionVariant, ChatRewritesTheLastUserMessageAndNeitherStreamsNorStores) {
  const std::string body =
      R"({"model":"m","stream":true,"n":2,"store":true,"temperature":0,"messages":[)"
      R"({"role":"system","content":"Schema: CREATE TABLE t (a INT);"},)"
      R"({"role":"user","content":"Earlier question"},{"role":"assistant","content":"x"},)"
      R"({"role":"user","content":[{"type":"text","text":"How many rows have a over 3?"}]}]})";
  const filters::model::RequestBody out = variant(EndpointKind::kChatCompletions, body);
  ASSERT_TRUE(out.body) << out.skip_reason;
  EXPECT_EQ(
      *out.body,
      R"({"model":"m","temperature":0,"messages":[)"
      R"({"role":"system","content":"Schema: CREATE TABLE t (a INT);"},)"
      R"({"role":"user","content":"Earlier question"},{"role":"assistant","content":"x"},)"
      R"({"role":"user","content":[{"type":"text","text":"How many rows have a at least 3?"}]}],)"
      R"("stream":false,"n":1,"store":false})");
}

TEST(QuestionVariant, ChatKeepsTheMessagesOtherMembersAndPartsAsTheyCame) {
  const std::string body =
      "{\"model\": \"m\",\n \"messages\": "
      "[{\"role\":\"user\",\"name\":\"ann\",\"c\\u006fntent\":[\n"
      "  {\"type\":\"image_url\",\"image_url\":{\"url\":\"https://x/y.png\"}},\n"
      "  {\"t\\u0065xt\": \"Look: How many rows have a over 3? Thanks\", \"type\":\"text\"}]}] }";
  const filters::model::RequestBody out = variant(EndpointKind::kChatCompletions, body);
  ASSERT_TRUE(out.body) << out.skip_reason;
  EXPECT_EQ(
      *out.body,
      "{\"model\": \"m\",\n \"messages\": "
      "[{\"role\":\"user\",\"name\":\"ann\",\"c\\u006fntent\":[\n"
      "  {\"type\":\"image_url\",\"image_url\":{\"url\":\"https://x/y.png\"}},\n"
      "  {\"t\\u0065xt\": \"Look: How many rows have a at least 3? Thanks\", \"type\":\"text\"}]}] "
      ",\"stream\":false,\"n\":1,\"store\":false}");
  simdjson::dom::parser parser;
  EXPECT_EQ(parser.parse(*out.body).error(), simdjson::SUCCESS);
}

TEST(QuestionVariant, ChatBodiesWithoutTheQuestionSayWhy) {
  const auto reason = [](std::string_view body) {
    return skip_reason(EndpointKind::kChatCompletions, body);
  };
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
  EXPECT_FALSE(
      variant(EndpointKind::kChatCompletions, R"({"messages":[{"role":"user","content":"x"}]})", "")
          .body.has_value());
}

TEST(QuestionVariant, ResponsesRewritesAStringInputNotStreamedNotStored) {
  const std::string body =
      R"({"model":"m","stream":true,"store":true,"background":false,)"
      R"("stream_options":{"include_obfuscation":false},)"
      R"("instructions":"You write SQLite.","input":"How many rows have a over 3?",)"
      R"("previous_response_id":"resp_1"})";
  const filters::model::RequestBody out = variant(EndpointKind::kResponses, body);
  ASSERT_TRUE(out.body) << out.skip_reason;
  EXPECT_EQ(*out.body,
            R"({"model":"m","instructions":"You write SQLite.",)"
            R"("input":"How many rows have a at least 3?","previous_response_id":"resp_1",)"
            R"("stream":false,"store":false})");
}

TEST(QuestionVariant, ResponsesRewritesTheLastUserMessageOfTheItems) {
  const std::string body = R"({"model":"m","input":[)"
                           R"({"role":"developer","content":"Schema: CREATE TABLE t (a INT);"},)"
                           R"({"role":"user","content":"How many rows have a over 3?"},)"
                           R"({"type":"function_call","call_id":"c1","name":"f","arguments":"{}"},)"
                           R"({"type":"function_call_output","call_id":"c1","output":"ok"},)"
                           R"({"type":"message","role":"user","content":[)"
                           R"({"type":"input_image","image_url":"https://x/y.png"},)"
                           R"({"type":"input_text","text":"How many rows have a over 3?"}]}]})";
  const filters::model::RequestBody out = variant(EndpointKind::kResponses, body);
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

TEST(QuestionVariant, ResponsesBodiesWithoutTheQuestionSayWhy) {
  const auto reason = [](std::string_view body) {
    return skip_reason(EndpointKind::kResponses, body);
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
  EXPECT_TRUE(variant(EndpointKind::kResponses,
                      R"({"conversation":null,"input":"How many rows have a over 3?"})")
                  .body);
}

TEST(OwnRequest, TheJudgesRequestInEitherShape) {
  EXPECT_EQ(own_request(EndpointKind::kChatCompletions, "judge-1", "Say yes.", "Is it?"),
            R"({"model":"judge-1","messages":[{"role":"system","content":"Say yes."},)"
            R"({"role":"user","content":"Is it?"}],"stream":false,"n":1,"temperature":0})");
  EXPECT_EQ(own_request(EndpointKind::kResponses, "judge-1", "Say \"yes\".", "Is it?"),
            R"({"model":"judge-1","instructions":"Say \"yes\".","input":"Is it?",)"
            R"("stream":false,"store":false,"temperature":0})");
}

TEST(OwnRequest, CarriesTheMethodsTemperatureAndTokenBound) {
  EXPECT_EQ(own_request(EndpointKind::kChatCompletions, "j", "S", "U", {0.5, 400}),
            R"({"model":"j","messages":[{"role":"system","content":"S"},)"
            R"({"role":"user","content":"U"}],"stream":false,"n":1,"max_tokens":400,)"
            R"("temperature":0.5})");
  EXPECT_EQ(own_request(EndpointKind::kResponses, "j", "S", "U", {0.5, 400}),
            R"({"model":"j","instructions":"S","input":"U","stream":false,"store":false,)"
            R"("max_output_tokens":400,"temperature":0.5})");
}

TEST(ModelCallsForPath, AResponsesPathSpeaksResponsesAnyOtherChat) {
  const auto calls = model_calls(EndpointKind::kChatCompletions, "{}", {});
  ASSERT_TRUE(calls);
  const std::string responses = calls->for_path("/v1/responses")->ask("j", "S", "U", {});
  EXPECT_TRUE(responses.find(R"("instructions":"S")") != std::string::npos) << responses;
  const std::string chat = calls->for_path("/judge/v1/generate")->ask("j", "S", "U", {});
  EXPECT_TRUE(chat.find(R"("messages":[)") != std::string::npos) << chat;
}

TEST(ModelAnswer, ReadsTheTokensTheAnswerSaysItUsed) {
  std::string error;
  auto chat = chat_answer(
      R"({"choices":[{"message":{"content":"ok"}}],"usage":{"prompt_tokens":12,"completion_tokens":3}})",
      error);
  ASSERT_TRUE(chat) << error;
  EXPECT_EQ(chat->usage.input_tokens, 12u);
  EXPECT_EQ(chat->usage.output_tokens, 3u);
  auto responses = responses_answer(
      R"({"output":[{"type":"message","content":[{"type":"output_text","text":"ok"}]}],)"
      R"("usage":{"input_tokens":20,"output_tokens":5}})",
      error);
  ASSERT_TRUE(responses) << error;
  EXPECT_EQ(responses->usage.input_tokens, 20u);
  EXPECT_EQ(responses->usage.output_tokens, 5u);
  // No usage: zero, not an error.
  auto bare = chat_answer(R"({"choices":[{"message":{"content":"ok"}}]})", error);
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->usage.input_tokens, 0u);
}

TEST(WithoutMembers, RemovalKeepsEveryOtherByte) {
  // Odd spacing, escapes, nested objects and a "context" key below the top level stay as sent.
  const std::string body =
      "{\n  \"documents\" : [ {\"text\": \"d\"} ],\n  \"model\": \"gpt-4o\",\n  \"metadata\": "
      "{\"context\": \"nested, not ours\", \"s\": \"a}\\\"b\"},\n  \"context\": \"c\"\n}\n";
  EXPECT_EQ(stripped(body, {"context", "documents"}),
            "{\n  \"model\": \"gpt-4o\",\n  \"metadata\": "
            "{\"context\": \"nested, not ours\", \"s\": \"a}\\\"b\"}\n}\n");
  EXPECT_EQ(stripped(R"({"context":"a","documents":["b"]})", {"context", "documents"}), "{}");
  EXPECT_EQ(stripped(R"({"a":1,"context":"x","documents":[],"b":2})", {"context", "documents"}),
            R"({"a":1,"b":2})");
  EXPECT_EQ(stripped(R"({"model":"m", "context": ["First."],"messages":[],"stream":true})",
                     {"context", "documents"}),
            R"({"model":"m", "messages":[],"stream":true})");
  // Keys as the parser reads them: an escaped spelling is the same member.
  EXPECT_EQ(stripped(R"({"sch\u0065ma":"CREATE TABLE t (a INT);","model":"m"})", {"schema"}),
            R"({"model":"m"})");
  EXPECT_EQ(stripped(R"({"model":"m"})", {"context"}), "(unchanged)");
  // Context and schema in one pass, as two passes would leave it.
  EXPECT_EQ(stripped(R"({"a":1 , "context":2, "schema":3 })", {"context", "documents", "schema"}),
            R"({"a":1 })");
}

TEST(WithoutMembers, AnUnreadableBodyIsLeftAlone) {
  // Nothing is read of a body a key given twice makes unreadable: nothing is taken out either.
  EXPECT_EQ(stripped(R"({"context":"a","context":"b"})", {"context"}), "(unchanged)");
  EXPECT_EQ(stripped("not json", {"context"}), "(unchanged)");
}

TEST(ChatAnswer, TheTextAndToolCallsOfTheFirstChoice) {
  std::string error;
  const std::optional<filters::model::ModelAnswer> answer = chat_answer(
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
  const std::optional<filters::model::ModelAnswer> answer = responses_answer(
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

TEST(ModelCalls, ReadTheShapeOfTheApiAskedAndSayWhenItIsAnother) {
  constexpr std::string_view kChat = R"({"choices":[{"message":{"content":"yes"}}]})";
  constexpr std::string_view kResponse =
      R"({"output":[{"type":"message","content":[{"type":"output_text","text":"yes"}]}]})";
  const auto chat = model_calls(EndpointKind::kChatCompletions, {}, {});
  const auto responses = model_calls(EndpointKind::kResponses, {}, {});
  std::string error;
  ASSERT_TRUE(chat->read_answer(kChat, error));
  ASSERT_TRUE(responses->read_answer(kResponse, error));
  EXPECT_FALSE(chat->read_answer(kResponse, error));
  EXPECT_EQ(error, "not a chat completion");
  EXPECT_FALSE(responses->read_answer(kChat, error));
  EXPECT_EQ(error, "not a Responses API response");
}

TEST(ChatAnswer, TheQueryOfAReply) {
  constexpr auto kChat = EndpointKind::kChatCompletions;
  EXPECT_EQ(sql_of(kChat, R"({"choices":[{"message":{"role":"assistant","content":)"
                          R"("Sure:\n```sql\nSELECT 1\n```"}}]})"),
            "SELECT 1");
  EXPECT_EQ(sql_of(kChat, R"({"choices":[{"message":{"content":"SELECT 1;"}}]})", true),
            "SELECT 1;");
  const std::vector<config::QueryToolArgument> tools{{"run_query", "sql"}};
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
    EXPECT_EQ(sql_of(EndpointKind::kChatCompletions, body), "error: not a chat completion") << body;
  }
}

TEST(ResponsesAnswer, TheQueryOfAReply) {
  constexpr auto kResponses = EndpointKind::kResponses;
  EXPECT_EQ(sql_of(kResponses, R"({"output":[{"type":"message","content":[)"
                               R"({"type":"output_text","text":"```sql\nSELECT 1\n```"}]}]})"),
            "SELECT 1");
  EXPECT_EQ(sql_of(kResponses,
                   R"({"output":[{"type":"message","content":[)"
                   R"({"type":"output_text","text":"SELECT 1"}]}]})",
                   true),
            "SELECT 1");
  const std::vector<config::QueryToolArgument> tools{{"run_query", "sql"}};
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
  constexpr auto kResponses = EndpointKind::kResponses;
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
}  // namespace groundgate::proxy::openai
