// A guarded request decoded once and strictly into the filters' view: each API shape's
// conversation as turns, the endpoint deciding the shape, and a key given twice in any object
// the view reads refusing the request (the guard would check a request the upstream reads
// otherwise).
#include "proxy/openai/request_decoder.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "proxy/openai/request_inspector.h"

namespace groundgate::proxy::openai {
namespace {

using filters::request::AnswerFormat;
using filters::request::ApiShape;
using filters::request::RequestView;
using filters::request::Role;

RequestView chat(std::string_view body) {
  return decode_request(body, EndpointKind::kChatCompletions).view;
}
RequestView responses(std::string_view body) {
  return decode_request(body, EndpointKind::kResponses).view;
}

std::vector<std::string> texts(const RequestView& view) {
  std::vector<std::string> out;
  for (const filters::request::Turn& turn : view.turns)
    out.push_back(turn.text);
  return out;
}

TEST(RequestDecoder, ChatMessagesAreTurnsWithTheirRoles) {
  const RequestView view = chat(R"({"model":"m","stream":true,"messages":[
    {"role":"system","content":"S"},{"role":"developer","content":[{"type":"text","text":"D"}]},
    {"role":"user","content":"Q1"},{"role":"assistant","content":"A"},
    {"role":"tool","tool_call_id":"c1","content":"T"},{"role":"critic","content":"O"},
    {"role":"user","content":"Q2"}]})");
  ASSERT_TRUE(view.readable) << view.error;
  EXPECT_EQ(view.shape, ApiShape::kChatCompletions);
  EXPECT_EQ(view.model, "m");
  EXPECT_TRUE(view.stream);
  ASSERT_EQ(view.turns.size(), 7u);
  const std::vector<Role> roles{Role::kSystem, Role::kDeveloper, Role::kUser, Role::kAssistant,
                                Role::kTool,   Role::kOther,     Role::kUser};
  for (std::size_t i = 0; i < roles.size(); ++i)
    EXPECT_EQ(view.turns[i].role, roles[i]) << i;
  EXPECT_EQ(view.turns[4].id, "c1");
  EXPECT_EQ(view.question(), "Q2");
}

TEST(RequestDecoder, ResponsesInstructionsComeFirstAndTheInputStringIsTheQuestion) {
  const RequestView view = responses(R"({"input":"Q","model":"m","instructions":"I"})");
  ASSERT_TRUE(view.readable) << view.error;
  EXPECT_EQ(view.shape, ApiShape::kResponses);
  EXPECT_EQ(texts(view), (std::vector<std::string>{"I", "Q"}));
  EXPECT_EQ(view.turns[0].role, Role::kSystem);
  EXPECT_EQ(view.question(), "Q");
}

TEST(RequestDecoder, TheEndpointTellsTheShape) {
  // What an endpoint's upstream does not read is not read here either.
  EXPECT_TRUE(chat(R"({"prompt":"<context>A.</context>"})").turns.empty());
  EXPECT_TRUE(responses(R"({"messages":[{"role":"tool","content":"A."}]})").turns.empty());
  EXPECT_TRUE(
      decode_request(R"({"messages":[{"role":"tool","content":"A."}]})", EndpointKind::kCompletions)
          .view.turns.empty());
  // Without an endpoint the members tell.
  EXPECT_EQ(decode_request(R"({"prompt":"P"})").view.shape, ApiShape::kCompletions);
  EXPECT_EQ(decode_request(R"({"input":"Q"})").view.shape, ApiShape::kResponses);
  EXPECT_EQ(decode_request(R"({"messages":[]})").view.shape, ApiShape::kChatCompletions);
}

TEST(RequestDecoder, AJsonAnswerOrABackgroundRunIsReadOnlyWhereTheShapeHasIt) {
  EXPECT_EQ(chat(R"({"response_format":{"type":"json_object"},"messages":[]})").answer_format,
            AnswerFormat::kJsonObject);
  EXPECT_EQ(responses(R"({"text":{"format":{"type":"json_schema"}},"input":"Q"})").answer_format,
            AnswerFormat::kJsonSchema);
  // A chat upstream ignores the Responses API's members, and the other way round: the answer
  // is prose all the same, and is checked.
  EXPECT_EQ(chat(R"({"text":{"format":{"type":"json_object"}},"messages":[]})").answer_format,
            AnswerFormat::kText);
  EXPECT_FALSE(chat(R"({"background":true,"messages":[]})").background);
  EXPECT_TRUE(responses(R"({"background":true,"input":"Q"})").background);
  EXPECT_EQ(responses(R"({"response_format":{"type":"json_object"},"input":"Q"})").answer_format,
            AnswerFormat::kText);
}

TEST(RequestDecoder, ContextFieldsToolsAndExtensions) {
  const RequestView view = chat(R"({"messages":[],
    "context":"C","documents":[{"title":"T","id":7,"text":"D"},{"url":"u"}],
    "tools":[{"type":"function","function":{"name":"f","parameters":{"properties":{
      "carrier":{"enum":["UPS",3]},"unit":{"const":"km","default":"m"}}}}},
      {"type":"function","name":"g","parameters":{"properties":{"x":{"enum":["y"]}}}}],
    "functions":[{"name":"legacy","parameters":{"default":"z"}}],
    "schema":"CREATE TABLE t (a INT);","spl_metadata":{"indexes":["main"]},"temperature":0})");
  ASSERT_TRUE(view.readable) << view.error;
  ASSERT_EQ(view.context_fields.size(), 2u);
  EXPECT_EQ(view.context_fields[0].documents.at(0).text, "C");
  EXPECT_EQ(view.context_fields[1].documents.at(0).id, "7");
  EXPECT_EQ(view.context_fields[1].without_text, 1u);
  ASSERT_EQ(view.tools.size(), 3u);
  EXPECT_EQ(view.tools[0].name, "f");
  EXPECT_EQ(view.tools[0].offered_values, (std::vector<std::string>{"UPS", "3", "km", "m"}));
  EXPECT_EQ(view.tools[1].name, "g");
  EXPECT_EQ(view.tools[2].offered_values, std::vector<std::string>{"z"});
  ASSERT_NE(view.extension("schema"), nullptr);
  EXPECT_TRUE(view.extension("schema")->string);
  EXPECT_EQ(view.extension("schema")->value, "CREATE TABLE t (a INT);");
  ASSERT_NE(view.extension("spl_metadata"), nullptr);
  EXPECT_EQ(view.extension("spl_metadata")->value, R"({"indexes":["main"]})");
  EXPECT_EQ(view.extension("context"), nullptr);  // decoded by the view itself
}

// Each body holds one member twice, in an object the view reads.
TEST(RequestDecoder, AKeyGivenTwiceInAnObjectTheViewReadsRefusesTheRequest) {
  const std::vector<std::pair<EndpointKind, std::string>> bodies{
      {EndpointKind::kChatCompletions,
       R"({"messages":[{"role":"user","content":"Q","content":"<context>X</context>"}]})"},
      {EndpointKind::kChatCompletions,
       R"({"messages":[{"role":"user","role":"tool","content":"X"}]})"},
      {EndpointKind::kResponses, R"({"input":"Q","input":[{"role":"developer","content":"X"}]})"},
      {EndpointKind::kChatCompletions,
       R"({"model":"m","model":"n","messages":[{"role":"user","content":"Q"}]})"},
      {EndpointKind::kChatCompletions,
       R"({"messages":[{"role":"user","content":[{"type":"text","text":"a","text":"b"}]}]})"},
      {EndpointKind::kChatCompletions, R"({"documents":[{"text":"a","text":"b"}],"messages":[]})"},
      {EndpointKind::kChatCompletions,
       R"({"response_format":{"type":"text","type":"json_object"},"messages":[]})"},
      {EndpointKind::kChatCompletions,
       R"({"tools":[{"type":"function","function":{"name":"f","name":"g","parameters":{}}}],)"
       R"("messages":[]})"},
      {EndpointKind::kChatCompletions,
       R"({"tools":[{"function":{"name":"f","parameters":{"enum":["a"],"enum":["b"]}}}],)"
       R"("messages":[]})"},
      {EndpointKind::kResponses,
       R"({"input":[{"type":"function_call_output","call_id":"c","output":"a","output":"b"}]})"},
      {EndpointKind::kResponses,
       R"({"text":{"format":{"type":"json_object"},"format":{}},"input":"Q"})"},
      {EndpointKind::kResponses,
       R"({"input":[{"type":"file_search_call","results":[{"text":"a","text":"b"}]}]})"},
  };
  for (const auto& [kind, body] : bodies) {
    const RequestView view = decode_request(body, kind).view;
    EXPECT_FALSE(view.readable) << body;
    EXPECT_NE(view.error.find("given twice"), std::string::npos) << body << ": " << view.error;
    EXPECT_TRUE(view.turns.empty() && view.context_fields.empty() && view.tools.empty()) << body;
  }
  // A member the view does not read may repeat inside an object it does not read.
  EXPECT_TRUE(chat(R"({"metadata":{"a":1,"a":2},"messages":[]})").readable);
}

TEST(RequestDecoder, BothShapesConversationsInOneBodyAreRefused) {
  for (const EndpointKind kind : {EndpointKind::kChatCompletions, EndpointKind::kResponses,
                                  EndpointKind::kCompletions, EndpointKind::kOther}) {
    const RequestView view =
        decode_request(R"({"messages":[{"role":"user","content":"Q"}],"input":"Q"})", kind).view;
    EXPECT_FALSE(view.readable);
    EXPECT_NE(view.error.find("both"), std::string::npos) << view.error;
  }
  // A null one is not there.
  EXPECT_TRUE(chat(R"({"messages":[{"role":"user","content":"Q"}],"input":null})").readable);
}

TEST(RequestDecoder, WhatCannotBeReadSaysWhy) {
  EXPECT_EQ(chat("not json").error.substr(0, 30), "request body is not valid JSON");
  EXPECT_EQ(chat("[1]").error, "request body is not a JSON object");
  const RequestView repaired = chat("{\"messages\":[{\"role\":\"tool\",\"content\":\"caf\xC3\"}]}");
  ASSERT_TRUE(repaired.readable);
  EXPECT_EQ(repaired.turns.at(0).text, "caf\xEF\xBF\xBD");
  EXPECT_EQ(repaired.warnings.size(), 1u);
}

TEST(RequestInspector, OneParseServesRoutingAndTheView) {
  RequestInspector inspector;
  const std::uint64_t before = RequestInspector::parses();
  const RequestInfo info = inspector.inspect(
      "/v1/chat/completions", R"({"model":"m","messages":[{"role":"user","content":"Q"}]})");
  EXPECT_EQ(info.model, "m");
  const DecodedRequest decoded = inspector.decode();
  EXPECT_EQ(decoded.view.question(), "Q");
  EXPECT_EQ(decoded.layout.members, (std::vector<std::string>{"model", "messages"}));
  EXPECT_EQ(RequestInspector::parses(), before + 1);
}

}  // namespace
}  // namespace groundgate::proxy::openai
