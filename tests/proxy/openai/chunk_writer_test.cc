#include "proxy/openai/chunk_writer.h"

#include <gtest/gtest.h>

namespace groundgate::proxy::openai {
namespace {

const std::string kChunk =
    R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1731800512,)"
    R"("model":"gpt-4o-mini","system_fingerprint":"fp_1","choices":[{"index":0,)"
    R"("delta":{"content":"caf\u00e9"},"logprobs":{"content":[{"token":"caf\u00e9"}]},)"
    R"("finish_reason":null}],"usage":null})";

DecodedChunk decode(std::string_view json) {
  ChunkDecoder decoder;
  DecodedChunk chunk;
  EXPECT_TRUE(decoder.decode(json, chunk).ok) << json;
  return chunk;
}

TEST(ChunkWriterTest, SpliceKeepsEveryOtherByte) {
  const auto chunk = decode(kChunk);
  const std::string out =
      ChunkWriter::splice(kChunk, {Edit::text(chunk.choices[0].text_range, "CAF\xC3\x89 \"x\"")});
  std::string expected = kChunk;
  expected.replace(kChunk.find(R"("caf\u00e9"})"), 11, "\"CAF\xC3\x89 \\\"x\\\"\"");
  EXPECT_EQ(expected, out);
  const auto again = decode(out);
  EXPECT_EQ("CAF\xC3\x89 \"x\"", again.choices[0].text);
  EXPECT_EQ(chunk.header.id, again.header.id);
  EXPECT_EQ(chunk.header.created, again.header.created);
}

TEST(ChunkWriterTest, SpliceSeveralEditsInAnyOrder) {
  const std::string json =
      R"({"choices":[{"index":0,"delta":{"content":"a"},"finish_reason":null},)"
      R"({"index":1,"delta":{"content":"b"},"finish_reason":"stop"}]})";
  const auto chunk = decode(json);
  const std::string out =
      ChunkWriter::splice(json, {Edit{chunk.choices[1].finish_reason_range, R"("content_filter")"},
                                 Edit::text(chunk.choices[1].text_range, "B"),
                                 Edit::text(chunk.choices[0].text_range, "")});
  EXPECT_EQ(R"({"choices":[{"index":0,"delta":{"content":""},"finish_reason":null},)"
            R"({"index":1,"delta":{"content":"B"},"finish_reason":"content_filter"}]})",
            out);
}

TEST(ChunkWriterTest, SpliceSkipsOverlappingOrOutOfRangeEdits) {
  EXPECT_EQ("xbcd",
            ChunkWriter::splice("abcd", {Edit{{0, 1}, "x"}, Edit{{0, 2}, "y"}, Edit{{3, 9}, "z"}}));
  EXPECT_EQ("abcd", ChunkWriter::splice("abcd", {}));
}

TEST(ChunkWriterTest, AddAnnotations) {
  std::string json = "{\"a\":1}\n";
  ASSERT_TRUE(ChunkWriter::add_annotations(json, {R"({"k":1})", R"({"k":2})"}));
  EXPECT_EQ("{\"a\":1,\"groundgate\":[{\"k\":1},{\"k\":2}]}\n", json);
  std::string empty = "{ }";
  ASSERT_TRUE(ChunkWriter::add_annotations(empty, {R"({"k":1})"}));
  EXPECT_EQ(R"({"groundgate":[{"k":1}] })", empty);
  std::string unchanged = "{\"a\":1}";
  ASSERT_TRUE(ChunkWriter::add_annotations(unchanged, {}));
  EXPECT_EQ("{\"a\":1}", unchanged);
  std::string not_object = "[1]";
  EXPECT_FALSE(ChunkWriter::add_annotations(not_object, {R"({"k":1})"}));
  EXPECT_EQ("[1]", not_object);
  std::string blank = "  ";
  EXPECT_FALSE(ChunkWriter::add_annotations(blank, {R"({"k":1})"}));
}

TEST(ChunkWriterTest, LastAnnotationsKeepsTheLatestThatFit) {
  const std::vector<std::string> annotations{R"({"k":1})", R"({"k":2})", R"({"k":3})"};
  EXPECT_EQ(annotations, ChunkWriter::last_annotations(annotations, 24));
  EXPECT_EQ((std::vector<std::string>{R"({"k":2})", R"({"k":3})"}),
            ChunkWriter::last_annotations(annotations, 23));
  EXPECT_EQ(std::vector<std::string>{}, ChunkWriter::last_annotations(annotations, 7));
}

TEST(ChunkWriterTest, SynthesisedContentChunkRepeatsTheUpstreamHeader) {
  const auto upstream = decode(kChunk);
  const std::string out =
      ChunkWriter::content_chunk(upstream.header, false, 2, "held \"text\"", {R"({"v":"ok"})"});
  EXPECT_EQ(R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1731800512,)"
            R"("model":"gpt-4o-mini","system_fingerprint":"fp_1","choices":[{"index":2,)"
            R"("delta":{"content":"held \"text\""},"logprobs":null,"finish_reason":null}],)"
            R"("groundgate":[{"v":"ok"}]})",
            out);
  const auto chunk = decode(out);
  EXPECT_EQ(upstream.id, chunk.id);
  EXPECT_EQ("held \"text\"", chunk.choices[0].text);
}

TEST(ChunkWriterTest, SynthesisedLegacyChunk) {
  const auto upstream =
      decode(R"({"id":"cmpl-1","object":"text_completion","created":5,"model":"m","choices":[]})");
  EXPECT_EQ(R"({"id":"cmpl-1","object":"text_completion","created":5,"model":"m","choices":[)"
            R"({"index":0,"text":"x","logprobs":null,"finish_reason":null}]})",
            ChunkWriter::content_chunk(upstream.header, true, 0, "x", {}));
}

TEST(ChunkWriterTest, ChunkWithoutHeaderStillValid) {
  EXPECT_EQ(R"({"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"x"},)"
            R"("logprobs":null,"finish_reason":null}]})",
            ChunkWriter::content_chunk(ChunkHeader{}, false, 0, "x", {}));
}

TEST(ChunkWriterTest, StopChunkEndsEveryOpenChoice) {
  const auto upstream = decode(kChunk);
  const std::string out =
      ChunkWriter::stop_chunk(upstream.header, false, {0, 1},
                              {R"({"n":1})", ChunkWriter::stopped_annotation("redact.phrase")});
  EXPECT_EQ(R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1731800512,)"
            R"("model":"gpt-4o-mini","system_fingerprint":"fp_1","choices":[)"
            R"({"index":0,"delta":{},"logprobs":null,"finish_reason":"content_filter"},)"
            R"({"index":1,"delta":{},"logprobs":null,"finish_reason":"content_filter"}],)"
            R"("groundgate":[{"n":1},{"type":"stopped","reason":"redact.phrase"}]})",
            out);
  const auto chunk = decode(out);
  ASSERT_EQ(2u, chunk.choices.size());
  EXPECT_EQ("content_filter", chunk.choices[1].finish_reason);
}

TEST(ChunkWriterTest, LegacyStopChunk) {
  EXPECT_EQ(R"({"object":"text_completion","choices":[{"index":0,"text":"","logprobs":null,)"
            R"("finish_reason":"content_filter"}]})",
            ChunkWriter::stop_chunk(ChunkHeader{}, true, {0}, {}));
}

TEST(ChunkWriterTest, AnnotationChunkHasNoChoices) {
  const auto upstream = decode(kChunk);
  EXPECT_EQ(R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1731800512,)"
            R"("model":"gpt-4o-mini","system_fingerprint":"fp_1","choices":[],)"
            R"("groundgate":[{"type":"summary"}]})",
            ChunkWriter::annotation_chunk(upstream.header, false, {R"({"type":"summary"})"}));
}

}  // namespace
}  // namespace groundgate::proxy::openai
