#include "proxy/mock/completion_writer.h"

#include <gtest/gtest.h>

#include <string>

namespace groundgate::proxy::mock {
namespace {

ResponseIdentity chat_identity(bool include_usage) {
  return {.api = Api::kChat,
          .id = "chatcmpl-1",
          .created = 1700000000,
          .model = "gpt-\"4\"",
          .fingerprint = "fp_0123456789",
          .include_usage = include_usage};
}

constexpr std::string_view kChatHead =
    R"(data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1700000000,)"
    R"("model":"gpt-\"4\"","system_fingerprint":"fp_0123456789","choices":[)";

TEST(CompletionWriterTest, ChatEventsHaveOpenAIsShape) {
  const CompletionWriter writer(chat_identity(false));
  std::string out;
  writer.role_event(out, 0);
  EXPECT_EQ(std::string(kChatHead) +
                R"({"index":0,"delta":{"role":"assistant","content":"","refusal":null},)"
                R"("logprobs":null,"finish_reason":null}]})" +
                "\n\n",
            out);
  out.clear();
  writer.content_event(out, 1, " line\n\"two\"");
  EXPECT_EQ(std::string(kChatHead) +
                R"({"index":1,"delta":{"content":" line\n\"two\""},"logprobs":null,)"
                R"("finish_reason":null}]})" +
                "\n\n",
            out);
  out.clear();
  writer.finish_event(out, 0, "length");
  EXPECT_EQ(std::string(kChatHead) +
                R"({"index":0,"delta":{},"logprobs":null,"finish_reason":"length"}]})" + "\n\n",
            out);
  out.clear();
  CompletionWriter::done_event(out);
  EXPECT_EQ("data: [DONE]\n\n", out);
}

TEST(CompletionWriterTest, IncludeUsageAddsNullUsageAndAUsageChunk) {
  const CompletionWriter writer(chat_identity(true));
  std::string out;
  writer.content_event(out, 0, "x");
  EXPECT_NE(std::string::npos, out.find(R"(}],"usage":null})"
                                        "\n\n"));
  out.clear();
  writer.usage_event(out, {.prompt_tokens = 5, .completion_tokens = 7});
  EXPECT_EQ(std::string(kChatHead) +
                R"(],"usage":{"prompt_tokens":5,"completion_tokens":7,"total_tokens":12}})" +
                "\n\n",
            out);
}

TEST(CompletionWriterTest, ToolCallEvents) {
  const CompletionWriter writer(chat_identity(false));
  std::string out;
  writer.tool_call_start_event(out, 0, "call_1", "get_weather");
  EXPECT_NE(std::string::npos,
            out.find(R"("delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,)"
                     R"("id":"call_1","type":"function","function":{"name":"get_weather",)"
                     R"("arguments":""}}],"refusal":null})"));
  out.clear();
  writer.tool_arguments_event(out, 0, R"({"city")");
  EXPECT_NE(
      std::string::npos,
      out.find(R"("delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\""}}]})"));
}

TEST(CompletionWriterTest, LegacyCompletionChunksAndWholeBody) {
  ResponseIdentity identity = chat_identity(false);
  identity.api = Api::kCompletion;
  identity.id = "cmpl-1";
  const CompletionWriter writer(identity);
  std::string out;
  writer.content_event(out, 0, "Hi");
  EXPECT_NE(std::string::npos, out.find(R"("object":"text_completion")"));
  EXPECT_NE(
      std::string::npos,
      out.find(R"("choices":[{"text":"Hi","index":0,"logprobs":null,"finish_reason":null}])"));
  out.clear();
  FullChoice choices[1];
  choices[0].content = "Hi there";
  choices[0].finish_reason = "stop";
  writer.full_response(out, choices, {.prompt_tokens = 2, .completion_tokens = 2});
  EXPECT_EQ(R"({"id":"cmpl-1","object":"text_completion","created":1700000000,"model":"gpt-\"4\"",)"
            R"("system_fingerprint":"fp_0123456789","choices":[{"text":"Hi there","index":0,)"
            R"("logprobs":null,"finish_reason":"stop"}],"usage":{"prompt_tokens":2,)"
            R"("completion_tokens":2,"total_tokens":4}})",
            out);
}

TEST(CompletionWriterTest, WholeChatBodyWithToolCall) {
  const CompletionWriter writer(chat_identity(false));
  std::string out;
  const FullChoice choices[] = {{.content = R"({"a":1})",
                                 .finish_reason = "tool_calls",
                                 .tool_call_id = "call_1",
                                 .tool_name = "f"}};
  writer.full_response(out, choices, {.prompt_tokens = 1, .completion_tokens = 3});
  EXPECT_NE(std::string::npos, out.find(R"("object":"chat.completion",)"));
  EXPECT_NE(std::string::npos,
            out.find(R"("message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1",)"
                     R"("type":"function","function":{"name":"f","arguments":"{\"a\":1}"}}],)"
                     R"("refusal":null},"logprobs":null,"finish_reason":"tool_calls"})"));
}

TEST(CompletionWriterTest, StampPutsSteadyClockNanosecondsInTheFingerprint) {
  ResponseIdentity identity = chat_identity(false);
  identity.stamp = true;
  const CompletionWriter writer(identity);
  std::string out;
  const auto before = std::chrono::steady_clock::now().time_since_epoch().count();
  writer.content_event(out, 0, "x");
  const auto after = std::chrono::steady_clock::now().time_since_epoch().count();
  const size_t at = out.find("\"gg-ts-");
  ASSERT_NE(std::string::npos, at);
  const int64_t stamp = std::stoll(out.substr(at + 7));
  EXPECT_LE(before, stamp);
  EXPECT_GE(after, stamp);
}

}  // namespace
}  // namespace groundgate::proxy::mock
