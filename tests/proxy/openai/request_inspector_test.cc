#include "proxy/openai/request_inspector.h"

#include <gtest/gtest.h>

namespace groundgate::proxy::openai {
namespace {

TEST(RequestInspectorTest, KindFromPath) {
  EXPECT_EQ(EndpointKind::kChatCompletions, RequestInspector::kind_of("/v1/chat/completions"));
  EXPECT_EQ(EndpointKind::kChatCompletions,
            RequestInspector::kind_of("/openai/deployments/gpt4/chat/completions?api-version=1"));
  EXPECT_EQ(EndpointKind::kChatCompletions, RequestInspector::kind_of("/v1/chat/completions/"));
  EXPECT_EQ(EndpointKind::kCompletions, RequestInspector::kind_of("/v1/completions"));
  EXPECT_EQ(EndpointKind::kResponses, RequestInspector::kind_of("/v1/responses"));
  EXPECT_EQ(EndpointKind::kResponses, RequestInspector::kind_of("/openai/v1/responses/?x=1"));
  EXPECT_EQ(EndpointKind::kOther, RequestInspector::kind_of("/v1/responses/resp_1"));
  EXPECT_EQ(EndpointKind::kOther, RequestInspector::kind_of("/v1/responses/resp_1/input_items"));
  EXPECT_EQ(EndpointKind::kOther, RequestInspector::kind_of("/v1/responses/resp_1/cancel"));
  EXPECT_EQ(EndpointKind::kOther, RequestInspector::kind_of("/v1/embeddings"));
  EXPECT_EQ(EndpointKind::kOther, RequestInspector::kind_of("/v1/models?x=/completions"));
  EXPECT_EQ(EndpointKind::kOther, RequestInspector::kind_of(""));
  // Spellings a server may read as the same path (http1::normalized_path).
  EXPECT_EQ(EndpointKind::kChatCompletions, RequestInspector::kind_of("/v1/Chat/Completions"));
  EXPECT_EQ(EndpointKind::kChatCompletions, RequestInspector::kind_of("/v1/chat/completions;x"));
  EXPECT_EQ(EndpointKind::kCompletions, RequestInspector::kind_of("/v1/%63ompletions"));
}

TEST(RequestInspectorTest, StreamingChatRequest) {
  RequestInspector inspector;
  const auto info = inspector.inspect("/v1/chat/completions", R"({
    "model": "gpt-4o-mini", "stream": true, "n": 2,
    "stream_options": {"include_usage": true},
    "messages": [{"role": "user", "content": "hi \ud83d\ude00"}],
    "tools": [{"type": "function", "function": {"name": "f"}}],
    "response_format": {"type": "json_object"}})");
  EXPECT_TRUE(info.valid_json) << info.error;
  EXPECT_EQ(EndpointKind::kChatCompletions, info.kind);
  EXPECT_TRUE(info.stream);
  EXPECT_EQ("gpt-4o-mini", info.model);
  EXPECT_EQ(2, info.n);
  EXPECT_TRUE(info.include_usage);
  EXPECT_TRUE(info.has_tools);
  EXPECT_FALSE(info.has_functions);
  EXPECT_TRUE(info.has_response_format);
}

TEST(RequestInspectorTest, DefaultsWhenFieldsAreMissing) {
  RequestInspector inspector;
  const auto info = inspector.inspect("/v1/completions", R"({"prompt": "x"})");
  EXPECT_TRUE(info.valid_json);
  EXPECT_EQ(EndpointKind::kCompletions, info.kind);
  EXPECT_FALSE(info.stream);
  EXPECT_EQ("", info.model);
  EXPECT_EQ(1, info.n);
  EXPECT_FALSE(info.include_usage);
  EXPECT_FALSE(info.has_tools);
  EXPECT_FALSE(info.has_response_format);
}

TEST(RequestInspectorTest, WrongTypesAndNullsAreNotTakenAtFaceValue) {
  RequestInspector inspector;
  const auto info = inspector.inspect("/v1/chat/completions",
                                      R"({"model": 5, "stream": "true", "n": 1.5,
                                          "stream_options": null, "tools": null,
                                          "functions": [], "response_format": null})");
  EXPECT_TRUE(info.valid_json);
  EXPECT_FALSE(info.stream);
  EXPECT_EQ("", info.model);
  EXPECT_EQ(1, info.n);
  EXPECT_FALSE(info.include_usage);
  EXPECT_FALSE(info.has_tools);
  EXPECT_TRUE(info.has_functions);
  EXPECT_FALSE(info.has_response_format);
}

TEST(RequestInspectorTest, BadJsonIsReportedNotFatal) {
  RequestInspector inspector;
  for (std::string_view body : {"", "{", "{\"stream\": tru}", "[1,2]", "\"x\"", "{} trailing",
                                "{\"a\":\"\\ud800\"}", "\xff\xfe"}) {
    const auto info = inspector.inspect("/v1/chat/completions", body);
    EXPECT_FALSE(info.valid_json) << body;
    EXPECT_FALSE(info.error.empty()) << body;
    EXPECT_FALSE(info.stream);
  }
}

TEST(RequestInspectorTest, InspectorIsReusable) {
  RequestInspector inspector;
  EXPECT_FALSE(inspector.inspect("/v1/completions", "nope").valid_json);
  EXPECT_TRUE(inspector.inspect("/v1/completions", R"({"stream":true})").stream);
}

}  // namespace
}  // namespace groundgate::proxy::openai
