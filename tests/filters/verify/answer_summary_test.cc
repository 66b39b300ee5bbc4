#include "filters/verify/answer_summary.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "filters/verify/combine.h"

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

// A sentence the scorer gave `unfaithful`; `rule` the engines' label before it.
SentenceVerdict scored(double unfaithful, Label rule = Label::kSupported) {
  SentenceVerdict v =
      sentence(unfaithful >= 0.5 ? Label::kUnsupported : Label::kSupported, 1 - unfaithful);
  v.unfaithful = unfaithful;
  v.features[static_cast<std::size_t>(SentenceFeature::k_rule_label)] =
      static_cast<float>(severity(rule));
  return v;
}

float at(const AnswerFeatures& f, AnswerFeature which) {
  return f[static_cast<std::size_t>(which)];
}

TEST(AnswerAggregate, ReducesTheSentencesScores) {
  AnswerAggregate a;
  a.add(scored(0.2));
  a.add(scored(0.7, Label::kContradicted));
  a.add(sentence(Label::kSupported, 1, false));
  a.add(scored(0.4));
  const AnswerFeatures f = a.features();
  EXPECT_EQ(a.checked(), 3u);
  EXPECT_FLOAT_EQ(at(f, AnswerFeature::k_p_max), 0.7f);
  EXPECT_FLOAT_EQ(at(f, AnswerFeature::k_p_mean), static_cast<float>((0.2 + 0.7 + 0.4) / 3));
  EXPECT_FLOAT_EQ(at(f, AnswerFeature::k_p_top2), 0.55f);
  EXPECT_FLOAT_EQ(at(f, AnswerFeature::k_p_min), 0.2f);
  EXPECT_EQ(at(f, AnswerFeature::k_over_half), 1);
  EXPECT_FLOAT_EQ(at(f, AnswerFeature::k_over_half_share), 1.0f / 3);
  EXPECT_FLOAT_EQ(at(f, AnswerFeature::k_noisy_or), static_cast<float>(1 - 0.8 * 0.3 * 0.6));
  EXPECT_EQ(at(f, AnswerFeature::k_rule_worst), 2);
  EXPECT_DOUBLE_EQ(a.weakest(), 1 - 0.7);
}

TEST(AnswerAggregate, TheAnswersKindIsNoFeature) {
  // The length of an answer, a question, a JSON context: none reaches the answer model.
  for (std::string_view name : answer_feature_names()) {
    for (std::string_view kind : {"checked", "no_claim", "has_question", "structured_context"})
      EXPECT_NE(name, kind);
  }
}

TEST(AnswerAggregate, WithoutAScorerMissingSupportIsTheProbability) {
  AnswerAggregate a;
  a.add(sentence(Label::kUnsupported, 0.25));
  const AnswerFeatures f = a.features();
  EXPECT_FLOAT_EQ(at(f, AnswerFeature::k_p_max), 0.75f);
  EXPECT_FLOAT_EQ(at(f, AnswerFeature::k_p_top2), 0.75f);  // one sentence: its own
  EXPECT_FLOAT_EQ(at(f, AnswerFeature::k_p_min), 0.75f);
}

TEST(AnswerAggregate, NothingCheckedGivesZeros) {
  AnswerAggregate a;
  a.add(sentence(Label::kSupported, 1, false));
  const AnswerFeatures f = a.features();
  EXPECT_EQ(a.checked(), 0u);
  for (AnswerFeature which :
       {AnswerFeature::k_p_max, AnswerFeature::k_p_mean, AnswerFeature::k_p_min,
        AnswerFeature::k_noisy_or, AnswerFeature::k_over_half, AnswerFeature::k_over_half_share}) {
    EXPECT_EQ(at(f, which), 0);
  }
}

// A scorer whose answer model reads p_max: margin -2 below 0.5, +2 from it; no calibration.
std::shared_ptr<const score::ScorerModel> p_max_scorer() {
  const std::string json =
      R"({"format":"groundgate-scorer/1",)"
      R"("sentence":{"features":["tokens"],"base_margin":0,"calibration":[1,0],"trees":[]},)"
      R"("answer":{"features":["p_max"],"base_margin":0,"calibration":[1,0],)"
      R"("trees":[[[0,0.5,1,2],[-2],[2]]]},)"
      R"("thresholds":{"unsupported":0.5,"contradicted":0.9,"contradicted_clean":0.9,)"
      R"("contradicted_polarity":0.9,"answer":0.5}})";
  std::string error;
  auto model =
      score::ScorerModel::parse(json, sentence_feature_names(), answer_feature_names(), error);
  EXPECT_TRUE(model) << error;
  return model;
}

AnswerRule scorer_rule(double answer_at) {
  AnswerRule rule;
  rule.scorer = p_max_scorer();
  rule.answer_at = answer_at;
  // The engines' counts would flag every answer below; the scorer decides instead.
  rule.counts.max_unsupported_share = 0;
  return rule;
}

TEST(AnswerSummary, WithAScorerItsAnswerModelDecides) {
  const double low = 1 / (1 + std::exp(2.0));
  const double high = 1 / (1 + std::exp(-2.0));
  const std::vector<SentenceVerdict> faithful{scored(0.1), scored(0.3)};
  AnswerSummary s = summarize(faithful, scorer_rule(0.5));
  EXPECT_DOUBLE_EQ(s.hallucination_score, low);
  EXPECT_FALSE(s.hallucinated);

  std::vector<SentenceVerdict> doubtful{scored(0.4), scored(0.6)};
  for (SentenceVerdict& v : doubtful)
    v.label = Label::kDoubtful;  // doubt alone flags nothing
  s = summarize(doubtful, scorer_rule(0.5));
  EXPECT_DOUBLE_EQ(s.hallucination_score, high);
  EXPECT_TRUE(s.hallucinated);
  // The answer's threshold is the rule's, not the model's.
  EXPECT_FALSE(summarize(doubtful, scorer_rule(0.9)).hallucinated);
  EXPECT_TRUE(summarize(doubtful, scorer_rule(0.1)).hallucinated);
}

// A likely answer is flagged only where a sentence is in doubt, so that a flagged answer
// always points at a sentence: the same probability over sentences that each clear the doubt
// band leaves the answer grounded.
TEST(AnswerSummary, WithAScorerALikelyAnswerWithoutADoubtfulSentenceIsNotFlagged) {
  std::vector<SentenceVerdict> supported{scored(0.1), scored(0.6)};
  supported[1].label = Label::kSupported;  // the rules settled it above the doubt band
  const AnswerSummary s = summarize(supported, scorer_rule(0.5));
  EXPECT_GT(s.hallucination_score, 0.5);
  EXPECT_EQ(s.doubtful, 0u);
  EXPECT_FALSE(s.hallucinated);
  EXPECT_FALSE(summarize(supported, scorer_rule(0.1)).hallucinated);
}

// A likely answer with a supported sentence is not flagged on the answer model's word: the
// doubt stays on its doubtful sentences, which are marked.
TEST(AnswerSummary, WithAScorerALikelyAnswerWithASupportedSentenceIsNotFlagged) {
  std::vector<SentenceVerdict> partly{scored(0.1), scored(0.6)};
  partly[1].label = Label::kDoubtful;
  const AnswerSummary s = summarize(partly, scorer_rule(0.1));
  EXPECT_GT(s.hallucination_score, 0.5);
  EXPECT_EQ(s.doubtful, 1u);
  EXPECT_EQ(s.supported, 1u);
  EXPECT_FALSE(s.hallucinated);
}

// The summary never calls an answer grounded that holds a sentence the actions flag.
TEST(AnswerSummary, WithAScorerAnUnsupportedSentenceFlagsWhateverTheScore) {
  std::vector<SentenceVerdict> v{scored(0.1), scored(0.3)};
  v[1].label = Label::kUnsupported;
  const AnswerSummary s = summarize(v, scorer_rule(0.5));
  EXPECT_EQ(s.unsupported, 1u);
  EXPECT_LT(s.hallucination_score, 0.5);
  EXPECT_TRUE(s.hallucinated);
}

TEST(AnswerSummary, WithAScorerAContradictedSentenceStillFlags) {
  std::vector<SentenceVerdict> v{scored(0.1), scored(0.2)};
  v[1].label = Label::kContradicted;
  const AnswerSummary s = summarize(v, scorer_rule(0.5));
  EXPECT_EQ(s.contradicted, 1u);
  EXPECT_LT(s.hallucination_score, 0.5);
  EXPECT_TRUE(s.hallucinated);
}

TEST(AnswerSummary, WithAScorerNothingCheckedIsNotHallucinated) {
  std::vector<SentenceVerdict> v{sentence(Label::kSupported, 1, false)};
  v.push_back(scored(0.9));
  v.back().error = VerifyError::kTooLong;
  const AnswerSummary s = summarize(v, scorer_rule(0.0));
  EXPECT_EQ(s.checked, 0u);
  EXPECT_EQ(s.errors, 1u);
  EXPECT_FALSE(s.hallucinated);
  EXPECT_DOUBLE_EQ(s.hallucination_score, 0);
}

TEST(AnswerSummary, WithoutAScorerTheScoreBlendsShareAndWeakest) {
  // Half the checked sentences unsupported, the weakest at 0.4: 0.5 * 0.5 + 0.5 * 0.6.
  std::vector<SentenceVerdict> v{sentence(Label::kSupported, 0.9),
                                 sentence(Label::kUnsupported, 0.4)};
  const AnswerSummary s = summarize(v, counts_rule(true, 0.6));
  EXPECT_DOUBLE_EQ(s.hallucination_score, 0.55);
  EXPECT_FALSE(s.hallucinated);
}

TEST(AnswerSummary, ApplyRuleOnCountsMadeElsewhere) {
  // The guard counts as the stream goes and asks the rule at the end.
  AnswerAggregate aggregate;
  aggregate.add(scored(0.8));
  AnswerSummary s;
  s.checked = 1;
  s.unsupported = 1;
  apply_rule(s, aggregate, scorer_rule(0.5));
  EXPECT_DOUBLE_EQ(s.hallucination_score, 1 / (1 + std::exp(-2.0)));
  EXPECT_TRUE(s.hallucinated);
  s.hallucinated = true;
  s.checked = 0;
  apply_rule(s, aggregate, scorer_rule(0.5));
  EXPECT_FALSE(s.hallucinated);  // reset: nothing checked
}

}  // namespace
}  // namespace groundgate::filters::verify
