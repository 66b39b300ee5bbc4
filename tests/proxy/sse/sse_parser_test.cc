#include "proxy/sse/sse_parser.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "tests/proxy/sse/recorded_streams.h"

namespace groundgate::proxy::sse {
namespace {

using test_streams::read_file;
using test_streams::stream_files;

std::vector<SseEvent> parse_pieces(const std::vector<std::string_view>& pieces,
                                   std::size_t max = 1 << 20) {
  SseParser parser(max);
  std::vector<SseEvent> events;
  for (std::string_view piece : pieces)
    EXPECT_EQ(SseParser::State::kOk, parser.feed(piece, events));
  parser.finish(events);
  return events;
}

std::vector<SseEvent> parse(std::string_view text) {
  return parse_pieces({text});
}

void expect_same(const std::vector<SseEvent>& expected, const std::vector<SseEvent>& actual,
                 const std::string& where) {
  ASSERT_EQ(expected.size(), actual.size()) << where;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(expected[i].raw, actual[i].raw) << where << " event " << i;
    EXPECT_EQ(expected[i].data, actual[i].data) << where << " event " << i;
    EXPECT_EQ(expected[i].type, actual[i].type) << where << " event " << i;
    EXPECT_EQ(expected[i].id, actual[i].id) << where << " event " << i;
    EXPECT_EQ(expected[i].retry, actual[i].retry) << where << " event " << i;
    EXPECT_EQ(expected[i].has_data, actual[i].has_data) << where << " event " << i;
    EXPECT_EQ(expected[i].terminated, actual[i].terminated) << where << " event " << i;
  }
}

TEST(SseParserTest, FixturesExist) {
  EXPECT_GE(stream_files(GG_STREAMS_DIR).size(), 8u);
}

TEST(SseParserTest, RawBytesOfAllEventsRebuildEachFixture) {
  for (const auto& path : stream_files(GG_STREAMS_DIR)) {
    const std::string text = read_file(path);
    const auto events = parse(text);
    std::string rebuilt;
    for (const auto& event : events)
      rebuilt += event.raw;
    EXPECT_EQ(text, rebuilt) << path;
    ASSERT_FALSE(events.empty()) << path;
    EXPECT_TRUE(events.back().is_done()) << path;
    EXPECT_TRUE(events.back().terminated) << path;
  }
}

TEST(SseParserTest, EverySplitPointGivesTheSameEvents) {
  for (const auto& path : stream_files(GG_STREAMS_DIR)) {
    const std::string text = read_file(path);
    const std::string_view view(text);
    const auto expected = parse(text);
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
      expect_same(expected, parse_pieces({view.substr(0, cut), view.substr(cut)}),
                  path.filename().string() + " cut " + std::to_string(cut));
      if (HasFailure()) return;
    }
  }
}

TEST(SseParserTest, RandomMultiSplitsGiveTheSameEvents) {
  std::mt19937 random(20241122);
  for (const auto& path : stream_files(GG_STREAMS_DIR)) {
    const std::string text = read_file(path);
    const std::string_view view(text);
    const auto expected = parse(text);
    for (int round = 0; round < 200; ++round) {
      std::vector<std::string_view> pieces;
      std::size_t at = 0;
      const std::size_t max_piece = 1 + random() % 40;
      while (at < text.size()) {
        const std::size_t n = std::min<std::size_t>(random() % (max_piece + 1), text.size() - at);
        pieces.push_back(view.substr(at, n));
        at += n;
      }
      expect_same(expected, parse_pieces(pieces), path.filename().string());
      if (HasFailure()) return;
    }
  }
}

TEST(SseParserTest, ByteAtATimeGivesTheSameEvents) {
  for (const auto& path : stream_files(GG_STREAMS_DIR)) {
    const std::string text = read_file(path);
    std::vector<std::string_view> pieces;
    for (std::size_t i = 0; i < text.size(); ++i)
      pieces.push_back(std::string_view(text).substr(i, 1));
    expect_same(parse(text), parse_pieces(pieces), path.filename().string());
  }
}

TEST(SseParserTest, DataFieldsAndLineEnds) {
  const auto events = parse("data: a\r\ndata:b\rdata:  c\ndata\n\n");
  ASSERT_EQ(1u, events.size());
  EXPECT_EQ("a\nb\n c\n", events[0].data);
  EXPECT_TRUE(events[0].has_data);
}

TEST(SseParserTest, EventIdRetryAndUnknownFields) {
  const auto events = parse("event: delta\nid: 7\nretry: 1500\nfoo: bar\ndata: x\n\n");
  ASSERT_EQ(1u, events.size());
  EXPECT_EQ("delta", events[0].type);
  EXPECT_EQ("7", events[0].id);
  EXPECT_EQ(1500u, events[0].retry);
  EXPECT_EQ("x", events[0].data);
}

TEST(SseParserTest, InvalidRetryAndIdWithNulAreIgnored) {
  using namespace std::string_literals;
  const auto events = parse("retry: 15x\nretry: 99999999999999999999999\nid: a\0b\ndata: x\n\n"s);
  ASSERT_EQ(1u, events.size());
  EXPECT_FALSE(events[0].retry.has_value());
  EXPECT_EQ("", events[0].id);
}

TEST(SseParserTest, CommentsAndEmptyBlocksAreKeptAsBlocksWithoutData) {
  const auto events = parse(": OPENROUTER PROCESSING\n\n\ndata: [DONE]\n\n");
  ASSERT_EQ(3u, events.size());
  EXPECT_FALSE(events[0].has_data);
  EXPECT_EQ(": OPENROUTER PROCESSING\n\n", events[0].raw);
  EXPECT_FALSE(events[1].has_data);
  EXPECT_EQ("\n", events[1].raw);
  EXPECT_TRUE(events[2].is_done());
}

TEST(SseParserTest, EmptyDataLineIsAnEventWithEmptyData) {
  const auto events = parse("data:\n\n");
  ASSERT_EQ(1u, events.size());
  EXPECT_TRUE(events[0].has_data);
  EXPECT_EQ("", events[0].data);
  EXPECT_FALSE(events[0].is_done());
}

TEST(SseParserTest, BomIsSkippedOnlyAtTheStreamStart) {
  const auto events = parse(
      "\xEF\xBB\xBF"
      "data: a\n\n\xEF\xBB\xBF"
      "data: b\n\n");
  ASSERT_EQ(2u, events.size());
  EXPECT_EQ("a", events[0].data);
  EXPECT_EQ(
      "\xEF\xBB\xBF"
      "data: a\n\n",
      events[0].raw);
  EXPECT_FALSE(events[1].has_data);  // "\xEF\xBB\xBFdata" is an unknown field name
}

TEST(SseParserTest, BlankLineEndingInCrWaitsForAPossibleLf) {
  SseParser parser(1024);
  std::vector<SseEvent> events;
  parser.feed("data: a\r\n\r", events);
  EXPECT_TRUE(events.empty());
  parser.feed("\ndata: b\r\r", events);
  ASSERT_EQ(1u, events.size());
  EXPECT_EQ("data: a\r\n\r\n", events[0].raw);
  parser.feed("data: c\n\n", events);
  ASSERT_EQ(3u, events.size());
  EXPECT_EQ("data: b\r\r", events[1].raw);
  EXPECT_EQ("c", events[2].data);
}

TEST(SseParserTest, FinishDispatchesABlockWhoseBlankLineEndedInCr) {
  SseParser parser(1024);
  std::vector<SseEvent> events;
  parser.feed("data: a\r\r", events);
  EXPECT_TRUE(events.empty());
  parser.finish(events);
  ASSERT_EQ(1u, events.size());
  EXPECT_TRUE(events[0].terminated);
  EXPECT_EQ("a", events[0].data);
  EXPECT_EQ("data: a\r\r", events[0].raw);
}

TEST(SseParserTest, FinishDispatchesAnUnterminatedBlock) {
  SseParser parser(1024);
  std::vector<SseEvent> events;
  parser.feed("data: a\n\ndata: [DONE]", events);
  ASSERT_EQ(1u, events.size());
  EXPECT_EQ("data: [DONE]", parser.buffered());
  parser.finish(events);
  ASSERT_EQ(2u, events.size());
  EXPECT_FALSE(events[1].terminated);
  EXPECT_TRUE(events[1].is_done());
  EXPECT_EQ("data: [DONE]", events[1].raw);
}

TEST(SseParserTest, EventOverTheLimitIsAnError) {
  SseParser parser(16);
  std::vector<SseEvent> events;
  EXPECT_EQ(SseParser::State::kOk, parser.feed("data: 0123456\n\n", events));  // 15 bytes
  EXPECT_EQ(1u, events.size());
  EXPECT_EQ(SseParser::State::kEventTooLarge, parser.feed("data: 012345678\n\n", events));
  EXPECT_EQ(SseParser::State::kEventTooLarge, parser.state());
  EXPECT_EQ(SseParser::State::kEventTooLarge, parser.feed("data: x\n\n", events));
  EXPECT_EQ(1u, events.size());
  EXPECT_TRUE(parser.buffered().empty());
}

TEST(SseParserTest, LimitCountsTheWholeBlockAcrossFeeds) {
  SseParser parser(33);
  std::vector<SseEvent> events;
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(SseParser::State::kOk, parser.feed("data: 0123\n", events));
  EXPECT_EQ(SseParser::State::kEventTooLarge, parser.feed("data: 0123\n", events));
  EXPECT_TRUE(events.empty());
}

TEST(SseParserTest, HugeFeedWithoutLineEndIsRejectedWithoutBuffering) {
  SseParser parser(64);
  std::vector<SseEvent> events;
  EXPECT_EQ(SseParser::State::kEventTooLarge, parser.feed(std::string(1 << 20, 'x'), events));
  EXPECT_TRUE(parser.buffered().empty());
}

// Recycled events lend their storage to later ones, never their fields: whatever each feed's
// events are handed back after, the parser's events equal those of one parse of the whole.
TEST(SseParserTest, RecycledEventsCarryNothingOver) {
  const std::string big(3000, 'x');  // over the size a spare keeps
  const std::string text =
      "event: a\nid: 7\nretry: 10\ndata: one\ndata: two\n\n"
      ": comment\n\n"
      "data: " +
      big +
      "\n\n"
      "data: plain\n\n"
      "id: 8\n\n"
      "data: x\r\n\r\n"
      "event: b\ndata: last";
  const std::vector<SseEvent> expected = parse(text);
  for (std::size_t stride = 1; stride <= text.size(); ++stride) {
    SseParser parser(1 << 20);
    std::vector<SseEvent> events;
    std::vector<SseEvent> all;
    for (std::size_t at = 0; at < text.size(); at += stride) {
      EXPECT_EQ(SseParser::State::kOk,
                parser.feed(std::string_view(text).substr(at, stride), events));
      all.insert(all.end(), events.begin(), events.end());
      parser.recycle(events);
      EXPECT_TRUE(events.empty());
    }
    parser.finish(events);
    all.insert(all.end(), events.begin(), events.end());
    expect_same(expected, all, "stride " + std::to_string(stride));
  }
}

TEST(SseParserTest, DoneIsExact) {
  EXPECT_TRUE(parse("data: [DONE]\n\n")[0].is_done());
  EXPECT_TRUE(parse("data:[DONE]\n\n")[0].is_done());
  EXPECT_FALSE(parse("data:  [DONE]\n\n")[0].is_done());
  EXPECT_FALSE(parse("data: [DONE] \n\n")[0].is_done());
  EXPECT_FALSE(parse(": [DONE]\n\n")[0].is_done());
}

}  // namespace
}  // namespace groundgate::proxy::sse
