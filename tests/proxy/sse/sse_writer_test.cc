#include "proxy/sse/sse_writer.h"

#include <gtest/gtest.h>

#include "proxy/sse/sse_parser.h"

namespace groundgate::proxy::sse {
namespace {

std::vector<SseEvent> parse(std::string_view text) {
  SseParser parser(1 << 16);
  std::vector<SseEvent> events;
  parser.feed(text, events);
  parser.finish(events);
  return events;
}

TEST(SseWriterTest, DataEvent) {
  std::string out;
  SseWriter::append_data(out, R"({"a":1})");
  EXPECT_EQ("data: {\"a\":1}\n\n", out);
}

TEST(SseWriterTest, MultiLinePayloadRoundTrips) {
  std::string out;
  SseWriter::append_data(out, "one\ntwo\r\nthree\rfour", "delta", "42");
  EXPECT_EQ("event: delta\nid: 42\ndata: one\ndata: two\ndata: three\ndata: four\n\n", out);
  const auto events = parse(out);
  ASSERT_EQ(1u, events.size());
  EXPECT_EQ("one\ntwo\nthree\nfour", events[0].data);
  EXPECT_EQ("delta", events[0].type);
  EXPECT_EQ("42", events[0].id);
}

TEST(SseWriterTest, EmptyPayloadIsStillAnEvent) {
  std::string out;
  SseWriter::append_data(out, "");
  const auto events = parse(out);
  ASSERT_EQ(1u, events.size());
  EXPECT_TRUE(events[0].has_data);
  EXPECT_EQ("", events[0].data);
}

TEST(SseWriterTest, LineBreaksInEventNameCannotInjectFields) {
  std::string out;
  SseWriter::append_data(out, "x", "a\ndata: injected");
  const auto events = parse(out);
  ASSERT_EQ(1u, events.size());
  EXPECT_EQ("x", events[0].data);
  EXPECT_EQ("adata: injected", events[0].type);
}

TEST(SseWriterTest, CommentLines) {
  std::string out;
  SseWriter::append_comment(out, "keep-alive\nsecond");
  EXPECT_EQ(": keep-alive\n: second\n\n", out);
  const auto events = parse(out);
  ASSERT_EQ(1u, events.size());
  EXPECT_FALSE(events[0].has_data);
}

TEST(SseWriterTest, ErrorIsAnUnnamedDataEvent) {
  std::string out;
  SseWriter::append_error(out, R"({"error":{"message":"m"}})");
  EXPECT_EQ("data: {\"error\":{\"message\":\"m\"}}\n\n", out);
}

TEST(SseWriterTest, Done) {
  std::string out;
  SseWriter::append_done(out);
  EXPECT_TRUE(parse(out).at(0).is_done());
}

}  // namespace
}  // namespace groundgate::proxy::sse
