#include "filters/text/incremental_segmenter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "filters/text/segment_scanner.h"
#include "filters/text/sentence_segmenter.h"

namespace groundgate::filters::text {
namespace {

std::vector<Sentence> streamed(std::string_view text, const std::vector<std::size_t>& cuts) {
  IncrementalSegmenter seg;
  std::vector<Sentence> out;
  std::size_t prev = 0;
  auto take = [&](std::vector<StreamSentence> got) {
    for (auto& s : got) {
      EXPECT_EQ(s.text, text.substr(s.span.begin, s.span.end - s.span.begin));
      out.push_back(s.span);
    }
  };
  for (std::size_t cut : cuts) {
    take(seg.feed(text.substr(prev, cut - prev)));
    prev = cut;
  }
  take(seg.feed(text.substr(prev)));
  take(seg.finish());
  return out;
}

const std::vector<std::string> kTexts = {
    "One. Two! Three? Four",
    "Mr. Smith met Dr. Jones in the U.S. The weather is fine. Apple Inc. He left.",
    "in the 19th century.First for Women is a magazine. U.S.A. and 3.6 and v1.2.3 stay.",
    "He said “Stop.” Then he went… Really? \"Yes.\" (Aside.) End",
    "Key points:\n\n1. Rupert is CEO. He is old.\n2. James\nis young.\n- item\n• bullet\n",
    "# Title\nText here.\n| a | b |\n```py\nx = 1. Y\n```\nAfter.   \n\n  Tail",
    "J. R. R. Tolkien wrote it. Plan B. The end. No. 5 won. Born Jan. 5.",
    "Sky plc. . Rupert Murdoch . Café Über. \xFF\xFE bad. \xE2\x80 half.",
};

TEST(IncrementalSegmenter, EverySingleSplitPointMatchesWholeText) {
  for (const auto& text : kTexts) {
    const auto whole = SentenceSegmenter::split(text);
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
      EXPECT_EQ(streamed(text, {cut}), whole) << "cut at " << cut << " in: " << text;
    }
  }
}

// The segmenter as it was before it skipped scans: every delta rescans the unfinished text.
class RescanningSegmenter {
 public:
  std::vector<Sentence> feed(std::string_view delta, bool at_end) {
    buffer_.append(delta);
    std::vector<Sentence> out;
    const std::size_t consumed = scan_sentences(buffer_, base_, at_end, state_, out);
    buffer_.erase(0, consumed);
    base_ += consumed;
    return out;
  }

 private:
  std::string buffer_;
  std::size_t base_ = 0;
  ScanState state_;
};

// Skipping the scans that would decide nothing changes no sentence and no moment: each feed
// reports what a full rescan reports there (a guard annotates the chunk a sentence ends in).
TEST(IncrementalSegmenter, ReportsEachSentenceAtTheSameFeedAsARescan) {
  std::vector<std::string> texts = kTexts;
  texts.push_back(std::string(5000, 'a') + " tail. Next one");  // over the length limit
  texts.push_back("Dr. Who is here. Mr. Smith\nand Mrs. Jones. 3.5 is a number. Go!");
  for (const auto& text : texts) {
    for (std::size_t stride = 1; stride <= 7; ++stride) {
      IncrementalSegmenter seg;
      RescanningSegmenter reference;
      for (std::size_t at = 0; at < text.size(); at += stride) {
        const std::string_view delta = std::string_view(text).substr(at, stride);
        std::vector<Sentence> got;
        for (const auto& s : seg.feed(delta))
          got.push_back(s.span);
        ASSERT_EQ(reference.feed(delta, false), got) << "stride " << stride << " at " << at;
      }
      std::vector<Sentence> rest;
      for (const auto& s : seg.finish())
        rest.push_back(s.span);
      ASSERT_EQ(reference.feed({}, true), rest) << "stride " << stride;
    }
  }
}

TEST(IncrementalSegmenter, ByteByByteMatchesWholeText) {
  for (const auto& text : kTexts) {
    std::vector<std::size_t> cuts;
    for (std::size_t i = 1; i < text.size(); ++i)
      cuts.push_back(i);
    EXPECT_EQ(streamed(text, cuts), SentenceSegmenter::split(text)) << text;
  }
}

TEST(IncrementalSegmenter, EmitsOnlyOnceTheNextWordDecides) {
  IncrementalSegmenter seg;
  EXPECT_TRUE(seg.feed("He lives in the U.S.").empty());
  EXPECT_TRUE(seg.feed(" Th").empty());  // "The" or "Thomas"? not decided yet
  const auto got = seg.feed("e weather");
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].text, "He lives in the U.S.");
  EXPECT_EQ(got[0].span.begin, 0u);
  const auto rest = seg.finish();
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest[0].text, "The weather");
  EXPECT_EQ(rest[0].span.begin, 21u);
}

TEST(IncrementalSegmenter, BufferHoldsOnlyTheUnfinishedSentence) {
  IncrementalSegmenter seg;
  std::size_t emitted = 0;
  for (int i = 0; i < 2000; ++i) {
    emitted += seg.feed("This is sentence number " + std::to_string(i) + ". ").size();
    EXPECT_LT(seg.buffered_bytes(), 64u);
  }
  for (int i = 0; i < 5000; ++i) {
    emitted += seg.feed("word ").size();
    EXPECT_LE(seg.buffered_bytes(), kMaxSentenceBytes + 8);
  }
  emitted += seg.finish().size();
  EXPECT_GE(emitted, 2000u + 5u);
}

TEST(IncrementalSegmenter, LongRunsOfMarksAndSpacesStayBounded) {
  for (const std::string unit : {".", ")", "?\"", " ", "\n", "#", "- ", "```", "\xE2\x80\xA6"}) {
    IncrementalSegmenter seg;
    std::string all;
    std::vector<Sentence> spans;
    for (int i = 0; i < 9000; ++i) {
      for (auto& s : seg.feed(unit))
        spans.push_back(s.span);
      all += unit;
      ASSERT_LE(seg.buffered_bytes(), kMaxSentenceBytes + 160) << unit;
    }
    for (auto& s : seg.finish())
      spans.push_back(s.span);
    EXPECT_EQ(spans, SentenceSegmenter::split(all)) << unit;
  }
}

}  // namespace
}  // namespace groundgate::filters::text
