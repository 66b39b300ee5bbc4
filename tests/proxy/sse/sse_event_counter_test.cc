#include "proxy/sse/sse_event_counter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "proxy/sse/sse_parser.h"
#include "tests/proxy/sse/recorded_streams.h"

namespace groundgate::proxy::sse {
namespace {

// What the pass-through path needs to know after a stream, computed by the counter.
struct Tally {
  std::uint64_t events = 0;
  bool done = false;
  bool inside_block = false;  // the input ended inside a block (or counting stopped)
  bool overflowed = false;
  bool operator==(const Tally&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Tally& t) {
  return out << "{events " << t.events << ", done " << t.done << ", inside " << t.inside_block
             << ", overflowed " << t.overflowed << "}";
}

Tally count_pieces(const std::vector<std::string_view>& pieces, std::size_t max) {
  SseEventCounter counter(max);
  for (std::string_view piece : pieces)
    counter.feed(piece);
  Tally tally;
  tally.inside_block = counter.finish();
  tally.events = counter.events();
  tally.done = counter.done_seen();
  tally.overflowed = counter.overflowed();
  return tally;
}

Tally count(std::string_view text, std::size_t max = 1 << 20) {
  return count_pieces({text}, max);
}

// The same facts from the full parser: the reference the counter must agree with.
Tally parse_pieces(const std::vector<std::string_view>& pieces, std::size_t max) {
  SseParser parser(max);
  std::vector<SseEvent> events;
  Tally tally;
  for (std::string_view piece : pieces) {
    if (parser.state() == SseParser::State::kOk &&
        parser.feed(piece, events) != SseParser::State::kOk) {
      tally.overflowed = true;
    }
  }
  tally.inside_block = !parser.buffered().empty() || parser.state() != SseParser::State::kOk;
  parser.finish(events);
  for (const SseEvent& event : events) {
    if (!event.has_data) continue;
    ++tally.events;
    if (event.is_done()) tally.done = true;
  }
  return tally;
}

std::vector<std::string_view> split_at_random(std::string_view text, std::mt19937& rng) {
  std::vector<std::string_view> pieces;
  while (!text.empty()) {
    std::size_t n =
        std::uniform_int_distribution<std::size_t>(1, std::min<std::size_t>(text.size(), 40))(rng);
    pieces.push_back(text.substr(0, n));
    text.remove_prefix(n);
  }
  return pieces;
}

TEST(SseEventCounterTest, CountsDataBlocksAndSeesDone) {
  Tally t =
      count("data: {\"a\":1}\n\n: comment\n\nevent: ping\n\ndata: x\ndata: y\n\ndata: [DONE]\n\n");
  EXPECT_EQ(3u, t.events);
  EXPECT_TRUE(t.done);
  EXPECT_FALSE(t.inside_block);
}

TEST(SseEventCounterTest, DoneNeedsExactlyOneDataLineSayingDone) {
  EXPECT_TRUE(count("data:[DONE]\n\n").done);
  EXPECT_TRUE(count("data: [DONE]\r\n\r\n").done);
  EXPECT_FALSE(count("data:  [DONE]\n\n").done);  // only one space is dropped
  EXPECT_FALSE(count("data: [DONE]x\n\n").done);
  EXPECT_FALSE(count("data: [DONE]\ndata: more\n\n").done);
  EXPECT_FALSE(count("data\ndata: [DONE]\n\n").done);
  EXPECT_FALSE(count("datum: [DONE]\n\n").done);
  EXPECT_TRUE(count("\xEF\xBB\xBF"
                    "data: [DONE]\n\n")
                  .done);  // a BOM on the first line
  EXPECT_FALSE(count("\n\xEF\xBB\xBF"
                     "data: [DONE]\n\n")
                   .done);  // only there
}

TEST(SseEventCounterTest, FieldNamedDataAloneIsAnEvent) {
  EXPECT_EQ(1u, count("data\n\n").events);
  EXPECT_EQ(0u, count("database: 1\n\n").events);
  EXPECT_EQ(0u, count(":data: 1\n\n").events);
}

TEST(SseEventCounterTest, BlockOpenAtTheEndStillCountsAndIsReported) {
  Tally t = count("data: a\n\ndata: [DONE]");
  EXPECT_EQ(2u, t.events);
  EXPECT_TRUE(t.done);
  EXPECT_TRUE(t.inside_block);
  EXPECT_TRUE(count("data: a\n").inside_block);
  EXPECT_FALSE(count("data: a\n\n").inside_block);
}

TEST(SseEventCounterTest, OversizedEventStopsCounting) {
  Tally t = count("data: a\n\ndata: " + std::string(100, 'x') + "\n\ndata: [DONE]\n\n", 64);
  EXPECT_EQ(1u, t.events);
  EXPECT_FALSE(t.done);
  EXPECT_TRUE(t.overflowed);
  EXPECT_TRUE(t.inside_block);
}

TEST(SseEventCounterTest, AgreesWithTheParserAtTheSizeBoundForEverySplit) {
  // A CRLF split between two feeds counts its LF without a bound check in SseParser: every
  // bound near the events' sizes and every pair of split points.
  const std::vector<std::string> texts = {"data: 12\r\n\r\ndata: [DONE]\r\n\r\n",
                                          "data: 1\r\r: c\r\n\ndata: 22\n\n", "data\r\n\r\n\r\n"};
  for (const std::string& text : texts) {
    for (std::size_t max = 4; max <= 16; ++max) {
      for (std::size_t a = 0; a <= text.size(); ++a) {
        for (std::size_t b = a; b <= text.size(); ++b) {
          const std::string_view all(text);
          const std::vector<std::string_view> pieces = {all.substr(0, a), all.substr(a, b - a),
                                                        all.substr(b)};
          EXPECT_EQ(parse_pieces(pieces, max), count_pieces(pieces, max))
              << testing::PrintToString(text) << " max " << max << " split " << a << "," << b;
        }
      }
    }
  }
}

TEST(SseEventCounterTest, AgreesWithTheParserOnFixturesSplitAnywhere) {
  std::mt19937 rng(7);
  int files = 0;
  for (const std::filesystem::path& path : test_streams::stream_files(GG_STREAMS_DIR)) {
    ++files;
    const std::string text = test_streams::read_file(path);
    const Tally expected = parse_pieces({text}, 1 << 20);
    EXPECT_GT(expected.events, 0u) << path;
    EXPECT_EQ(expected, count(text)) << path;
    for (int round = 0; round < 50; ++round) {
      EXPECT_EQ(expected, count_pieces(split_at_random(text, rng), 1 << 20))
          << path << " round " << round;
    }
  }
  EXPECT_GE(files, 8);
}

TEST(SseEventCounterTest, AgreesWithTheParserOnRandomStreams) {
  // Line pieces chosen to hit every rule: line ends of every kind, blank lines, BOMs, comments,
  // fields near "data", values near "[DONE]", long lines for the size bound.
  const std::vector<std::string> parts = {"data: [DONE]",
                                          "data:[DONE]",
                                          "data:  [DONE]",
                                          "data: [DONE] ",
                                          "data",
                                          "data:",
                                          "data: x",
                                          "datax: 1",
                                          "dat",
                                          "a: [DONE]",
                                          ": c",
                                          ":",
                                          "event: e",
                                          "id: 1",
                                          "retry: 5",
                                          "\xEF\xBB\xBF",
                                          "\xEF\xBB\xBF"
                                          "data: [DONE]",
                                          "[DONE]",
                                          " ",
                                          "\n",
                                          "\r",
                                          "\r\n",
                                          "\n\n",
                                          "\r\r",
                                          "\r\n\r\n",
                                          std::string(40, 'y'),
                                          "data: " + std::string(30, 'z')};
  std::mt19937 rng(11);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    const int n = std::uniform_int_distribution<int>(0, 24)(rng);
    for (int i = 0; i < n; ++i)
      text += parts[std::uniform_int_distribution<std::size_t>(0, parts.size() - 1)(rng)];
    const std::size_t max = round % 3 == 0 ? 48 : 1 << 20;
    const std::vector<std::string_view> pieces = split_at_random(text, rng);
    EXPECT_EQ(parse_pieces(pieces, max), count_pieces(pieces, max))
        << "round " << round << " max " << max << " text: " << testing::PrintToString(text);
  }
}

}  // namespace
}  // namespace groundgate::proxy::sse
