#include "proxy/openai/chunk_decoder.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "proxy/sse/sse_parser.h"
#include "tests/proxy/sse/recorded_streams.h"

namespace groundgate::proxy::openai {
namespace {

std::string_view at(std::string_view json, ByteRange range) {
  return json.substr(range.begin, range.end - range.begin);
}

DecodedChunk decode_ok(std::string_view json) {
  ChunkDecoder decoder;
  DecodedChunk chunk;
  const Status status = decoder.decode(json, chunk);
  EXPECT_TRUE(status.ok) << status.message << " in " << json;
  return chunk;
}

TEST(ChunkDecoderTest, ChatContentChunk) {
  const std::string json =
      R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1731800512,)"
      R"("model":"gpt-4o-mini","system_fingerprint":"fp_1","choices":[{"index":0,)"
      R"("delta":{"content":" Eiffel"},"logprobs":null,"finish_reason":null}],"usage":null})";
  const auto chunk = decode_ok(json);
  EXPECT_EQ("chatcmpl-1", chunk.id);
  EXPECT_EQ("chat.completion.chunk", chunk.object);
  EXPECT_EQ(1731800512, chunk.created);
  EXPECT_EQ("gpt-4o-mini", chunk.model);
  EXPECT_EQ("fp_1", chunk.system_fingerprint);
  EXPECT_EQ(R"("chatcmpl-1")", chunk.header.id);
  EXPECT_EQ("1731800512", chunk.header.created);
  EXPECT_FALSE(chunk.has_usage);
  EXPECT_FALSE(chunk.legacy());
  ASSERT_EQ(1u, chunk.choices.size());
  const auto& choice = chunk.choices[0];
  EXPECT_EQ(0, choice.index);
  EXPECT_TRUE(choice.has_text);
  EXPECT_EQ(" Eiffel", choice.text);
  EXPECT_EQ(R"(" Eiffel")", at(json, choice.text_range));
  EXPECT_FALSE(choice.finish_reason.has_value());
  EXPECT_EQ("null", at(json, choice.finish_reason_range));
  EXPECT_FALSE(choice.has_logprobs);
  EXPECT_FALSE(choice.has_tool_calls);
}

TEST(ChunkDecoderTest, UnicodeEscapesAreUnescapedAndTheRangeKeepsTheRawToken) {
  const std::string json =
      R"({"choices":[{"index":0,"delta":{"content":"caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \n"}}]})";
  const auto chunk = decode_ok(json);
  ASSERT_EQ(1u, chunk.choices.size());
  EXPECT_EQ("caf\xC3\xA9 \xF0\x9F\x98\x80 \"q\" \\ / \n", chunk.choices[0].text);
  EXPECT_EQ(R"("caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \n")", at(json, chunk.choices[0].text_range));
}

TEST(ChunkDecoderTest, RangesExcludeSurroundingWhitespace) {
  const std::string json =
      "{ \"choices\" : [ { \"delta\" : { \"content\" : \"x\" \n } , \"finish_reason\" : \"stop\"\t"
      "} ] , \"id\" : \"a\"  }  \n";
  const auto chunk = decode_ok(json);
  ASSERT_EQ(1u, chunk.choices.size());
  EXPECT_EQ("\"x\"", at(json, chunk.choices[0].text_range));
  EXPECT_EQ("\"stop\"", at(json, chunk.choices[0].finish_reason_range));
  EXPECT_EQ("stop", chunk.choices[0].finish_reason);
  EXPECT_EQ("\"a\"", chunk.header.id);
}

TEST(ChunkDecoderTest, RoleToolCallsLogprobsAndMissingIndex) {
  const auto chunk = decode_ok(
      R"({"choices":[{"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0}]},)"
      R"("logprobs":{"content":[]}},{"index":3,"delta":{"function_call":{"name":"f"}}}]})");
  ASSERT_EQ(2u, chunk.choices.size());
  EXPECT_EQ(0, chunk.choices[0].index);  // no index: the position
  EXPECT_EQ("assistant", chunk.choices[0].role);
  EXPECT_FALSE(chunk.choices[0].has_text);
  EXPECT_TRUE(chunk.choices[0].has_tool_calls);
  EXPECT_TRUE(chunk.choices[0].has_logprobs);
  EXPECT_EQ(3, chunk.choices[1].index);
  EXPECT_TRUE(chunk.choices[1].has_tool_calls);
  EXPECT_TRUE(chunk.choices[1].finish_reason_range.empty());
}

TEST(ChunkDecoderTest, RefusalAndReasoningAreTextsWithTheirPlaces) {
  const std::string json =
      R"({"choices":[{"index":1,"delta":{"refusal":"No.","reasoning_content":"Hm.",)"
      R"("reasoning":"Hm."}}]})";
  const DecodedChunk chunk = decode_ok(json);
  ASSERT_EQ(1u, chunk.choices.size());
  const ChoiceDelta& choice = chunk.choices[0];
  EXPECT_EQ(1, choice.index);
  EXPECT_FALSE(choice.has_text);
  EXPECT_EQ("No.", choice.refusal.text);
  EXPECT_EQ(R"("No.")", at(json, choice.refusal.range));
  EXPECT_EQ("Hm.", choice.reasoning.text);
  EXPECT_EQ(R"("Hm.")", at(json, choice.reasoning.range));
  EXPECT_LT(choice.reasoning.range.end, choice.reasoning_repeat.begin);  // the second name
  // Null is none; a message's refusal reads the same way.
  EXPECT_FALSE(decode_ok(R"({"choices":[{"delta":{"refusal":null}}]})").choices[0].refusal.present);
  EXPECT_EQ("x", decode_ok(R"({"choices":[{"message":{"content":null,"refusal":"x"}}]})")
                     .choices[0]
                     .refusal.text);
}

TEST(ChunkDecoderTest, ARefusalOrReasoningAClientCouldReadTwoWaysDoesNotDecode) {
  ChunkDecoder decoder;
  DecodedChunk chunk;
  for (const char* json : {R"({"choices":[{"delta":{"refusal":"a"},"message":{"refusal":"b"}}]})",
                           R"({"choices":[{"delta":{"reasoning":"a","reasoning_content":"b"}}]})",
                           R"({"choices":[{"delta":{"reasoning":"a","reasoning_content":"a"},)"
                           R"("message":{"reasoning":"a"}}]})",
                           R"({"choices":[{"delta":{"refusal":["a"]}}]})",
                           R"({"choices":[{"delta":{"reasoning_content":{"text":"a"}}}]})"}) {
    EXPECT_FALSE(decoder.decode(json, chunk).ok) << json;
  }
}

TEST(ChunkDecoderTest, UsageChunkWithNoChoices) {
  const auto chunk = decode_ok(
      R"({"id":"x","object":"chat.completion.chunk","choices":[],"usage":{"total_tokens":3}})");
  EXPECT_TRUE(chunk.choices.empty());
  EXPECT_TRUE(chunk.has_usage);
}

TEST(ChunkDecoderTest, LegacyTextCompletion) {
  const std::string json =
      R"({"id":"cmpl-1","object":"text_completion","created":1,"choices":[{"text":" the end.",)"
      R"("index":0,"logprobs":null,"finish_reason":"length"}],"model":"gpt-3.5-turbo-instruct"})";
  const auto chunk = decode_ok(json);
  EXPECT_TRUE(chunk.legacy());
  ASSERT_EQ(1u, chunk.choices.size());
  EXPECT_TRUE(chunk.choices[0].legacy_text);
  EXPECT_EQ(" the end.", chunk.choices[0].text);
  EXPECT_EQ(R"(" the end.")", at(json, chunk.choices[0].text_range));
  EXPECT_EQ("length", chunk.choices[0].finish_reason);
}

TEST(ChunkDecoderTest, NonStreamedChatCompletionMessage) {
  const std::string json =
      R"({"id":"chatcmpl-2","object":"chat.completion","created":2,"model":"m","choices":[)"
      R"({"index":0,"message":{"role":"assistant","content":"Hello.","refusal":null},)"
      R"("logprobs":null,"finish_reason":"stop"}],"usage":{"total_tokens":9}})";
  const auto chunk = decode_ok(json);
  ASSERT_EQ(1u, chunk.choices.size());
  EXPECT_EQ("Hello.", chunk.choices[0].text);
  EXPECT_EQ("\"Hello.\"", at(json, chunk.choices[0].text_range));
  EXPECT_EQ("\"stop\"", at(json, chunk.choices[0].finish_reason_range));
}

TEST(ChunkDecoderTest, UpstreamError) {
  const auto chunk =
      decode_ok(R"({"error":{"message":"Rate limit reached","type":"requests","code":"429"}})");
  EXPECT_TRUE(chunk.has_error);
  EXPECT_EQ("Rate limit reached", chunk.error_message);
}

TEST(ChunkDecoderTest, HeaderOfOddTypesIsLeftOutAndNullFingerprintKept) {
  const auto chunk =
      decode_ok(R"({"id":7,"model":null,"created":1.5e9,"system_fingerprint":null,"choices":[]})");
  EXPECT_EQ("", chunk.header.id);
  EXPECT_EQ("null", chunk.header.model);
  EXPECT_EQ("1.5e9", chunk.header.created);
  EXPECT_EQ(1500000000, chunk.created);
  EXPECT_EQ("null", chunk.header.system_fingerprint);
}

TEST(ChunkDecoderTest, BadChunksAreErrorsNotCrashes) {
  ChunkDecoder decoder;
  DecodedChunk chunk;
  for (std::string_view json :
       {"", "{", "[]", "\"x\"", "null", "{\"choices\":[{\"delta\":{\"content\":\"a\"}}]",
        "{\"choices\":{}}", "{\"choices\":[1]}", "{\"choices\":[{\"index\":-1}]}",
        "{\"choices\":[{\"index\":99999}]}", "{\"choices\":[{\"index\":\"0\"}]}",
        "{\"choices\":[{\"delta\":{\"content\":\"\\ud800\"}}]}",
        "{\"choices\":[{\"delta\":{\"content\":\"a\",\"content\":\"b\"}}]}",
        "{\"choices\":[{\"text\":\"a\",\"delta\":{\"content\":\"b\"}}]}",
        // Not JSON in a member the decoder does not read: a client drops or rejects the chunk
        // the filters took as read.
        "{\"choices\":[{\"delta\":{\"content\":\"a\"}}],\"x\":0dx}",
        "{\"choices\":[{\"delta\":{\"content\":\"a\",\"y\":tru}}]}",
        // A member read twice (readers keep the first or the last).
        "{\"choices\":[{\"index\":0,\"index\":1,\"text\":\"a\"}]}",
        "{\"choices\":[],\"choices\":[{\"text\":\"a\"}]}",
        "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,"
        "\"function\":{\"name\":\"f\",\"arguments\":\"{}\","
        "\"arguments\":\"{\\\"x\\\":1}\"}}]}}]}",
        "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,"
        "\"index\":1,\"function\":{\"name\":\"f\"}}]}}]}",
        "{\"choices\":[{\"delta\":{\"function_call\":{\"name\":"
        "\"f\",\"name\":\"g\"}}}]}",
        "{\"choices\":[{\"delta\":{\"content\":\"a\"}}]} {}", "{\"id\":\"a\"}x",
        "{\"choices\":[{\"delta\":{\"content\":\"\xff\"}}]}", "{\"created\":-}",
        "{\"created\":1e300}", "{\"choices\":[{\"finish_reason\":tru}]}"}) {
    const Status status = decoder.decode(json, chunk);
    EXPECT_FALSE(status.ok) << json;
    EXPECT_FALSE(status.message.empty()) << json;
  }
}

TEST(ChunkDecoderTest, DecoderIsReusableAfterAnError) {
  ChunkDecoder decoder;
  DecodedChunk chunk;
  EXPECT_FALSE(decoder.decode("{\"choices\":[", chunk).ok);
  ASSERT_TRUE(decoder.decode(R"({"choices":[{"index":1,"delta":{"content":"b"}}]})", chunk).ok);
  ASSERT_EQ(1u, chunk.choices.size());
  EXPECT_EQ("b", chunk.choices[0].text);
  EXPECT_EQ(1, chunk.choices[0].index);
}

TEST(ChunkDecoderTest, EveryFixtureChunkDecodes) {
  ChunkDecoder decoder;
  for (const std::filesystem::path& path : sse::test_streams::stream_files(GG_STREAMS_DIR)) {
    sse::SseParser parser(1 << 20);
    std::vector<sse::SseEvent> events;
    parser.feed(sse::test_streams::read_file(path), events);
    int decoded = 0;
    for (const auto& event : events) {
      if (!event.has_data || event.is_done()) continue;
      DecodedChunk chunk;
      const Status status = decoder.decode(event.data, chunk);
      EXPECT_TRUE(status.ok) << path << ": " << status.message;
      for (const auto& choice : chunk.choices) {
        if (choice.has_text) {
          EXPECT_EQ('"', event.data[choice.text_range.begin]);
          EXPECT_EQ('"', event.data[choice.text_range.end - 1]);
        }
      }
      ++decoded;
    }
    EXPECT_GT(decoded, 2) << path;
  }
}

TEST(ChunkDecoderTest, ToolCallPiecesAndTheirRange) {
  const std::string json =
      R"({"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_1","type":"function",)"
      R"("function":{"name":"get_weather","arguments":"{\"ci"}},{"index":2,"function":)"
      R"({"arguments":{"city":"Paris"}}},{"index":3}]},"finish_reason":null},)"
      R"({"index":1,"delta":{"function_call":{"name":"f","arguments":"{}"}}}]})";
  ChunkDecoder decoder;
  DecodedChunk chunk;
  ASSERT_TRUE(decoder.decode(json, chunk).ok);
  ASSERT_EQ(2u, chunk.choices.size());
  const ChoiceDelta& a = chunk.choices[0];
  ASSERT_EQ(3u, a.tool_calls.size());
  EXPECT_EQ(1, a.tool_calls[0].call);
  EXPECT_EQ("get_weather", a.tool_calls[0].name);
  EXPECT_EQ(R"({"ci)", a.tool_calls[0].arguments);
  EXPECT_EQ(R"({"city":"Paris"})", a.tool_calls[1].arguments);  // an object, as its JSON
  EXPECT_EQ(3, a.tool_calls[2].call);
  EXPECT_FALSE(a.function_call);
  const std::string_view range = std::string_view(json).substr(
      a.tool_calls_range.begin, a.tool_calls_range.end - a.tool_calls_range.begin);
  EXPECT_TRUE(range.starts_with("[{\"index\":1")) << range;
  EXPECT_TRUE(range.ends_with("{\"index\":3}]")) << range;
  const ChoiceDelta& b = chunk.choices[1];
  EXPECT_TRUE(b.function_call);
  ASSERT_EQ(1u, b.tool_calls.size());
  EXPECT_EQ("f", b.tool_calls[0].name);
  EXPECT_EQ("{}", b.tool_calls[0].arguments);
  // An index out of range is refused, as a choice index is.
  EXPECT_FALSE(
      decoder.decode(R"({"choices":[{"delta":{"tool_calls":[{"index":5000}]}}]})", chunk).ok);
}

}  // namespace
}  // namespace groundgate::proxy::openai
