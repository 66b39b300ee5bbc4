#include "proxy/mock/mock_request.h"

#include <gtest/gtest.h>

namespace groundgate::proxy::mock {
namespace {

TEST(MockRequestTest, ReadsAChatRequest) {
  const RequestParse parsed = parse_request(Api::kChat, R"({
    "model": "gpt-4o-mini", "stream": true, "n": 2, "max_tokens": 7,
    "stream_options": {"include_usage": true},
    "messages": [
      {"role": "system", "content": "Answer from the context."},
      {"role": "user", "content": "first question"},
      {"role": "assistant", "content": null},
      {"role": "user", "content": [{"type": "text", "text": "What is"},
                                   {"type": "image_url", "image_url": {"url": "x"}},
                                   {"type": "text", "text": "the refund policy?"}]}]})");
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  const MockRequest& request = parsed.request;
  EXPECT_EQ("gpt-4o-mini", request.model);
  EXPECT_TRUE(request.stream);
  EXPECT_TRUE(request.include_usage);
  EXPECT_EQ(2u, request.n);
  EXPECT_EQ(7u, request.max_tokens.value());
  EXPECT_EQ("What is\nthe refund policy?", request.last_user_text);
  EXPECT_EQ(5u + 2u + 7u, request.prompt_tokens);
}

TEST(MockRequestTest, ReadsACompletionPrompt) {
  RequestParse parsed =
      parse_request(Api::kCompletion, R"({"model":"m","prompt":["a b",[1,2],"last one"]})");
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_EQ("last one", parsed.request.last_user_text);
  EXPECT_FALSE(parsed.request.stream);
  EXPECT_EQ(1u, parsed.request.n);

  parsed = parse_request(Api::kCompletion,
                         R"({"model":"m","prompt":"Say hi","max_completion_tokens":3})");
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_EQ("Say hi", parsed.request.last_user_text);
  EXPECT_EQ(3u, parsed.request.max_tokens.value());
}

TEST(MockRequestTest, RejectsBadRequestsWithTheParameter) {
  struct Case {
    Api api;
    const char* body;
    const char* param;
  } cases[] = {
      {Api::kChat, "{not json", ""},
      {Api::kChat, "[1,2]", ""},
      {Api::kChat, R"({"messages":[{"role":"user","content":"x"}]})", "model"},
      {Api::kChat, R"({"model":"m"})", "messages"},
      {Api::kChat, R"({"model":"m","messages":[]})", "messages"},
      {Api::kChat, R"({"model":"m","messages":[{"content":"x"}]})", "messages"},
      {Api::kChat, R"({"model":"m","stream":"yes","messages":[{"role":"user","content":"x"}]})",
       "stream"},
      {Api::kChat, R"({"model":"m","n":0,"messages":[{"role":"user","content":"x"}]})", "n"},
      {Api::kChat, R"({"model":"m","n":129,"messages":[{"role":"user","content":"x"}]})", "n"},
      {Api::kChat, R"({"model":"m","max_tokens":-1,"messages":[{"role":"user","content":"x"}]})",
       "max_tokens"},
      {Api::kCompletion, R"({"model":"m","prompt":5})", "prompt"},
  };
  for (const Case& c : cases) {
    const RequestParse parsed = parse_request(c.api, c.body);
    EXPECT_FALSE(parsed.ok()) << c.body;
    EXPECT_EQ(c.param, parsed.param) << c.body;
  }
}

}  // namespace
}  // namespace groundgate::proxy::mock
