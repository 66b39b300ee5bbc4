#include "filters/text/sentence_segmenter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace groundgate::filters::text {
namespace {

std::vector<std::string> texts(std::string_view text) {
  std::vector<std::string> out;
  for (const Sentence& s : SentenceSegmenter::split(text)) {
    out.emplace_back(text.substr(s.begin, s.end - s.begin));
  }
  return out;
}

struct Case {
  std::string text;
  std::vector<std::string> want;
};

class SegmenterCases : public ::testing::TestWithParam<Case> {};

TEST_P(SegmenterCases, SplitsAsExpected) {
  EXPECT_EQ(texts(GetParam().text), GetParam().want) << GetParam().text;
}

INSTANTIATE_TEST_SUITE_P(
    HardCases, SegmenterCases,
    ::testing::Values(
        Case{"One. Two! Three? Four", {"One.", "Two!", "Three?", "Four"}},
        Case{"Mr. Smith met Dr. Jones. They talked.", {"Mr. Smith met Dr. Jones.", "They talked."}},
        Case{"He moved to the U.S. in 1990. It was cold.",
             {"He moved to the U.S. in 1990.", "It was cold."}},
        Case{"He lives in the U.S. The weather is fine.",
             {"He lives in the U.S.", "The weather is fine."}},
        Case{"The U.S. President spoke.", {"The U.S. President spoke."}},
        Case{"Tools, e.g. Hammers, help. I.e. Nails.",
             {"Tools, e.g. Hammers, help.", "I.e. Nails."}},
        Case{"Apple Inc. He left.", {"Apple Inc.", "He left."}},
        Case{"Apple Inc. Chief Tim Cook spoke.", {"Apple Inc. Chief Tim Cook spoke."}},
        Case{"St. Louis is big. Main St. The end.", {"St. Louis is big.", "Main St.", "The end."}},
        Case{"See vs. Them. No. 5 won.", {"See vs. Them.", "No. 5 won."}},
        Case{"It rose 3.6 percent. Version v1.2.3 shipped.",
             {"It rose 3.6 percent.", "Version v1.2.3 shipped."}},
        Case{"J. R. R. Tolkien wrote it. Plan B. The end.",
             {"J. R. R. Tolkien wrote it.", "Plan B.", "The end."}},
        Case{"George W. Bush won.", {"George W. Bush won."}},
        Case{"Born Jan. 5 in town. Done etc. and more.",
             {"Born Jan. 5 in town.", "Done etc. and more."}},
        Case{"in the 19th century.First for Women is a magazine.",
             {"in the 19th century.", "First for Women is a magazine."}},
        Case{"It is in the U.S.A. and Ph.D. holders use example.com daily.",
             {"It is in the U.S.A. and Ph.D. holders use example.com daily."}},
        Case{"name of Cossbysweater.Milhouse Mussolini van Houten is a character.",
             {"name of Cossbysweater.", "Milhouse Mussolini van Houten is a character."}},
        Case{"the series \"The Simpsons\".Milhouse is",
             {"the series \"The Simpsons\".", "Milhouse is"}},
        Case{"He said \"Go home.\" Then he left.", {"He said \"Go home.\"", "Then he left."}},
        Case{"(This is an aside.) Then more.", {"(This is an aside.)", "Then more."}},
        Case{"\"Why?\" he asked. She smiled.", {"\"Why?\" he asked.", "She smiled."}},
        Case{"Wait... what happened? Nothing…  Really.",
             {"Wait... what happened?", "Nothing…", "Really."}},
        Case{"He said “Stop.” Then he went.", {"He said “Stop.”", "Then he went."}},
        Case{"Poseidon (film) . Poseidon grossed $ 181,674,817 .",
             {"Poseidon (film) .", "Poseidon grossed $ 181,674,817 ."}},
        Case{"In 1990. 2000 was later.", {"In 1990.", "2000 was later."}},
        Case{"his new artwork . conor mcgregor reveals it . the end",
             {"his new artwork .", "conor mcgregor reveals it .", "the end"}},
        Case{"see p. and also approx. ten", {"see p. and also approx. ten"}},
        Case{"by their lifestyle choices.BUST is a magazine.",
             {"by their lifestyle choices.", "BUST is a magazine."}},
        Case{"Made in the U.S.A.NASA agreed.", {"Made in the U.S.A.NASA agreed."}},
        Case{"First line\nSecond line", {"First line", "Second line"}},
        Case{"a wrapped\nline continues. Next.", {"a wrapped\nline continues.", "Next."}},
        Case{"Para one\n\npara two", {"Para one", "para two"}},
        Case{"Key points:\n1. Rupert is CEO. He is old.\n2. James is young.\n- item\n* star "
             "item\n• bullet",
             {"Key points:", "Rupert is CEO.", "He is old.", "James is young.", "item", "star item",
              "bullet"}},
        Case{"# Title\nText here. More.\n## Sub. Heading\nEnd",
             {"Title", "Text here.", "More.", "Sub. Heading", "End"}},
        Case{"| a | b |\n|---|---|\n| 1. x | 2 |\nAfter.",
             {"| a | b |", "|---|---|", "| 1. x | 2 |", "After."}},
        Case{"Intro.\n```python\nx = 1. y = 2\n\nz = 3\n```\nAfter code.",
             {"Intro.", "```python\nx = 1. y = 2\n\nz = 3\n```", "After code."}},
        Case{"1990 was a year.\n-5 degrees. #hashtag here.",
             {"1990 was a year.", "-5 degrees.", "#hashtag here."}},
        Case{"", {}}, Case{"   \n\n  ", {}}, Case{"No terminal", {"No terminal"}},
        Case{"Sky plc. . Rupert Murdoch .", {"Sky plc. .", "Rupert Murdoch ."}}));

TEST(SentenceSegmenter, SpansAreTrimmedByteOffsets) {
  const std::string text = "  Café opened.  Über Mr. X. \n";
  const auto spans = SentenceSegmenter::split(text);
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[0], (Sentence{2, 15, SentenceKind::kProse}));
  EXPECT_EQ(text.substr(spans[1].begin, spans[1].end - spans[1].begin), "Über Mr. X.");
}

TEST(SentenceSegmenter, KindsOfMarkdownUnits) {
  const auto spans = SentenceSegmenter::split("# H\n- item\n| r |\n```\ncode\n```\nText.");
  std::vector<SentenceKind> kinds;
  for (const auto& s : spans)
    kinds.push_back(s.kind);
  EXPECT_EQ(kinds, (std::vector<SentenceKind>{SentenceKind::kHeading, SentenceKind::kListItem,
                                              SentenceKind::kTableRow, SentenceKind::kCodeBlock,
                                              SentenceKind::kProse}));
}

TEST(SentenceSegmenter, LongRunIsCutAtASpaceWithinTheLimit) {
  std::string text;
  while (text.size() < 3 * kMaxSentenceBytes)
    text += "word ";
  const auto spans = SentenceSegmenter::split(text);
  ASSERT_GE(spans.size(), 3u);
  for (const auto& s : spans) {
    EXPECT_LE(s.end - s.begin, kMaxSentenceBytes);
    EXPECT_EQ(text[s.end - 1], 'd');
  }
}

TEST(SentenceSegmenter, InvalidUtf8NeverBreaksSpans) {
  const std::string text = "Bad \xFF\xFE bytes. Next \xE2\x80 half. \xC3";
  const auto spans = SentenceSegmenter::split(text);
  ASSERT_EQ(spans.size(), 3u);
  for (const auto& s : spans)
    EXPECT_LE(s.end, text.size());
}

}  // namespace
}  // namespace groundgate::filters::text
