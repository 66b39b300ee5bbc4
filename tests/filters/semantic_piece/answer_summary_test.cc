#include "filters/semantic_piece/answer_summary.h"

#include <gtest/gtest.h>

#include <vector>

namespace groundgate::filters::semantic_piece {
namespace {

Verdict with(Label label, double score) {
  Verdict v;
  v.label = label;
  v.score = score;
  return v;
}

TEST(AnswerSummaryTest, AnyContradictionFlagsByDefault) {
  std::vector<Verdict> v = {with(Label::kSupported, 1), with(Label::kContradicted, 0)};
  AnswerSummary s = summarize(v, AnswerRule{});
  EXPECT_TRUE(s.hallucinated);
  EXPECT_EQ(s.contradicted, 1u);
  EXPECT_EQ(s.hallucination_score, 1.0);
  AnswerRule lenient;
  lenient.flag_contradicted = false;
  lenient.max_unsupported_share = 1;
  EXPECT_FALSE(summarize(v, lenient).hallucinated);
}

TEST(AnswerSummaryTest, UnsupportedShareAgainstThreshold) {
  std::vector<Verdict> v = {with(Label::kSupported, 1), with(Label::kSupported, 1),
                            with(Label::kSupported, 1), with(Label::kUnsupported, 0.5)};
  AnswerRule rule;
  rule.max_unsupported_share = 0;
  EXPECT_TRUE(summarize(v, rule).hallucinated);
  rule.max_unsupported_share = 0.25;  // share is exactly 0.25: not above
  EXPECT_FALSE(summarize(v, rule).hallucinated);
  rule.max_unsupported_share = 0.2;
  AnswerSummary s = summarize(v, rule);
  EXPECT_TRUE(s.hallucinated);
  EXPECT_EQ(s.pieces, 4u);
  EXPECT_EQ(s.supported, 3u);
  EXPECT_EQ(s.unsupported, 1u);
  EXPECT_GT(s.hallucination_score, 0.0);
  EXPECT_LT(s.hallucination_score, 1.0);
}

TEST(AnswerSummaryTest, NoPiecesIsNotHallucinated) {
  AnswerSummary s = summarize({}, AnswerRule{});
  EXPECT_FALSE(s.hallucinated);
  EXPECT_EQ(s.hallucination_score, 0.0);
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
