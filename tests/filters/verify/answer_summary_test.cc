#include "filters/verify/answer_summary.h"

#include <gtest/gtest.h>

#include <vector>

namespace groundgate::filters::verify {
namespace {

SentenceVerdict sentence(Label label, double score, bool claims = true) {
  SentenceVerdict v;
  v.label = label;
  v.score = score;
  v.claims = claims;
  return v;
}

// The rule on the engines' counts (no scorer).
AnswerRule counts_rule(bool flag_contradicted, double max_unsupported_share) {
  AnswerRule rule;
  rule.counts.flag_contradicted = flag_contradicted;
  rule.counts.max_unsupported_share = max_unsupported_share;
  return rule;
}

TEST(AnswerSummary, CountsCheckedSentencesByLabel) {
  std::vector<SentenceVerdict> v{sentence(Label::kSupported, 1),
                                 sentence(Label::kSupported, 1, false),
                                 sentence(Label::kUnsupported, 0.5)};
  v.push_back(sentence(Label::kSupported, 1));
  v.back().error = VerifyError::kOverBudget;
  AnswerSummary s = summarize(v, AnswerRule{});
  EXPECT_EQ(s.sentences, 4u);
  EXPECT_EQ(s.checked, 2u);
  EXPECT_EQ(s.supported, 1u);
  EXPECT_EQ(s.unsupported, 1u);
  EXPECT_EQ(s.errors, 1u);
  EXPECT_TRUE(s.hallucinated);
  EXPECT_DOUBLE_EQ(s.hallucination_score, 0.5);
}

TEST(AnswerSummary, UnsupportedShareThreshold) {
  std::vector<SentenceVerdict> v{sentence(Label::kSupported, 1), sentence(Label::kSupported, 1),
                                 sentence(Label::kUnsupported, 0.5)};
  EXPECT_FALSE(summarize(v, counts_rule(true, 0.5)).hallucinated);
  EXPECT_TRUE(summarize(v, counts_rule(true, 0.2)).hallucinated);
}

TEST(AnswerSummary, ContradictionFlagsUnlessTurnedOff) {
  std::vector<SentenceVerdict> v{sentence(Label::kContradicted, 0)};
  EXPECT_TRUE(summarize(v, AnswerRule{}).hallucinated);
  EXPECT_DOUBLE_EQ(summarize(v, AnswerRule{}).hallucination_score, 1.0);
  EXPECT_FALSE(summarize(v, counts_rule(false, 0)).hallucinated);
}

TEST(AnswerSummary, NothingCheckedIsNotHallucinated) {
  std::vector<SentenceVerdict> v{sentence(Label::kSupported, 1, false)};
  AnswerSummary s = summarize(v, AnswerRule{});
  EXPECT_FALSE(s.hallucinated);
  EXPECT_EQ(s.checked, 0u);
}

}  // namespace
}  // namespace groundgate::filters::verify
