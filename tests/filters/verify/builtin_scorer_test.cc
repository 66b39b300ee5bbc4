// The shipped scorer model (filters/score/models/rag.json) against this build's feature code.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/score/builtin_model.h"
#include "filters/verify/answer_summary.h"
#include "filters/verify/engine_setup.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::filters::verify {
namespace {

// The names a part of the model file reads, in its order.
std::vector<std::string> model_features(std::string_view part) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  std::vector<std::string> out;
  const std::string_view json = score::builtin_model_json();
  EXPECT_EQ(parser.parse(json.data(), json.size()).get(doc), simdjson::SUCCESS);
  simdjson::dom::array names;
  EXPECT_EQ(doc[part]["features"].get(names), simdjson::SUCCESS);
  for (simdjson::dom::element name : names) {
    std::string_view text;
    EXPECT_EQ(name.get(text), simdjson::SUCCESS);
    out.emplace_back(text);
  }
  return out;
}

template <typename Names>
std::vector<std::string> strings(const Names& names) {
  return std::vector<std::string>(names.begin(), names.end());
}

TEST(BuiltinScorer, Parses) {
  std::string error;
  const auto model = score::ScorerModel::parse(
      score::builtin_model_json(), sentence_feature_names(), answer_feature_names(), error);
  ASSERT_TRUE(model) << error;
  const score::Thresholds& t = model->thresholds;
  for (double v :
       {t.doubtful, t.unsupported, t.contradicted, t.contradicted_clean, t.contradicted_polarity}) {
    EXPECT_GT(v, 0);
    EXPECT_LE(v, 1);
  }
  // The answer model decides only answers whose every sentence is in doubt; at 0 it flags each.
  EXPECT_GE(t.answer, 0);
  EXPECT_LE(t.answer, 1);
  // Doubt lies below a flag: the band the scorer cannot settle.
  EXPECT_LT(t.doubtful, t.unsupported);
  // Contradictions drive block and rewrite: they ask for more certainty than doubt does.
  EXPECT_GE(t.contradicted, t.doubtful);
  EXPECT_GE(t.contradicted_clean, t.doubtful);
  EXPECT_GE(t.contradicted_polarity, t.doubtful);
}

// A feature added, renamed, removed or moved in the code without `groundgate train`: the model
// would leave the new feature unread or refuse to load.
TEST(BuiltinScorer, ReadsEveryFeatureThisBuildComputes) {
  EXPECT_EQ(model_features("sentence"), strings(sentence_feature_names()))
      << "the sentence features changed: retrain the model (groundgate train, see the README)";
  EXPECT_EQ(model_features("answer"), strings(answer_feature_names()))
      << "the answer features changed: retrain the model (groundgate train, see the README)";
}

constexpr const char* kContext =
    "Allison Beth Goertz (born March 2, 1991) is an American musician. Goertz is known for her "
    "satirical songs. In 2015 she released the album Cool Parent.";

class BuiltinScorerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = text::Lexicon::shared();
    ASSERT_TRUE(loaded.lexicon) << loaded.error;
    config_.pieces.lexicon = loaded.lexicon;
    ASSERT_EQ(load_scorer(config_, config::ScorerConfig{}), "");
    ASSERT_TRUE(config_.scorer);
    std::vector<context::Passage> passages(1);
    passages[0].text = kContext;
    index_ = index::ContextIndex::build(std::move(passages));
  }

  std::vector<SentenceVerdict> verify(std::string_view answer) {
    SentenceVerifier verifier(std::make_shared<const VerifyConfig>(config_), index_,
                              "When was Allison Goertz born?", 0);
    return verify_answer(verifier, answer);
  }

  VerifyConfig config_;
  std::shared_ptr<const index::ContextIndex> index_;
};

TEST_F(BuiltinScorerTest, AContradictionIsLikelierUnfaithfulThanSupport) {
  const std::vector<SentenceVerdict> good = verify("Goertz was born on March 2, 1991.");
  const std::vector<SentenceVerdict> bad = verify("Goertz was born on March 2, 1994.");
  ASSERT_EQ(good.size(), 1u);
  ASSERT_EQ(bad.size(), 1u);
  ASSERT_TRUE(good[0].unfaithful && bad[0].unfaithful);
  EXPECT_LT(*good[0].unfaithful + 0.2, *bad[0].unfaithful)
      << "supported " << *good[0].unfaithful << ", contradicted " << *bad[0].unfaithful;
  EXPECT_EQ(good[0].label, Label::kSupported) << *good[0].unfaithful;
  // Flagged at least as unsupported; whether it is contradicted is the model's call (its
  // contradiction thresholds are chosen for precision across the development sets).
  EXPECT_NE(bad[0].label, Label::kSupported) << *bad[0].unfaithful;
  EXPECT_DOUBLE_EQ(good[0].score, 1 - *good[0].unfaithful);
}

TEST_F(BuiltinScorerTest, AnAnswerWithAContradictionScoresWorse) {
  const AnswerRule rule = answer_rule(config_);
  const AnswerSummary good = summarize(
      verify("Goertz was born on March 2, 1991. In 2015 she released the album Cool Parent."),
      rule);
  const AnswerSummary bad = summarize(
      verify("Goertz was born on March 2, 1991. In 2012 she released the album Cool Parent."),
      rule);
  EXPECT_EQ(good.checked, 2u);
  EXPECT_EQ(bad.checked, 2u);
  EXPECT_LT(good.hallucination_score, bad.hallucination_score);
  EXPECT_FALSE(good.hallucinated) << good.hallucination_score;
  EXPECT_TRUE(bad.hallucinated) << bad.hallucination_score;
}

}  // namespace
}  // namespace groundgate::filters::verify
