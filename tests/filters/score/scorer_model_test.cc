#include "filters/score/scorer_model.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::score {
namespace {

constexpr std::array<std::string_view, 3> kSentenceNames{"a", "b", "c"};
constexpr std::array<std::string_view, 2> kAnswerNames{"p", "q"};

double sigmoid(double x) {
  return 1 / (1 + std::exp(-x));
}

// A well-formed model; each test replaces one part of it.
struct ModelText {
  std::string format = R"("format":"groundgate-scorer/1")";
  // Reads "c" then "a": another order than the code's vectors.
  std::string sentence =
      R"("sentence":{"features":["c","a"],"base_margin":0.5,"calibration":[2,-1],)"
      R"("trees":[[[0,1,1,2],[-1],[1]],[[1,0,1,2],[0.25],[0]]]})";
  std::string answer =
      R"("answer":{"features":["q"],"base_margin":0,"calibration":[1,0],"trees":[[[0.3]]]})";
  std::string thresholds =
      R"("thresholds":{"unsupported":0.3,"contradicted":0.8,"contradicted_clean":0.7,)"
      R"("contradicted_polarity":0.9,"answer":0.4})";

  std::string json() const {
    std::string out = "{";
    for (const std::string* part : {&format, &sentence, &answer, &thresholds}) {
      if (part->empty()) continue;
      if (out.size() > 1) out += ',';
      out += *part;
    }
    return out + "}";
  }
};

std::shared_ptr<const ScorerModel> parse(const ModelText& text, std::string& error) {
  return ScorerModel::parse(text.json(), kSentenceNames, kAnswerNames, error);
}

// The error parsing `text` gives; empty when it parses.
std::string refusal(const ModelText& text) {
  std::string error;
  return parse(text, error) ? std::string() : error;
}

// `text` with the first `from` in `part` replaced by `to`.
ModelText with(ModelText text, std::string ModelText::*part, std::string_view from,
               std::string_view to) {
  std::string& s = text.*part;
  const std::size_t at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  return text;
}

TEST(Calibration, IsALogisticOfTheScaledMargin) {
  EXPECT_DOUBLE_EQ(Calibration{}.probability(0), 0.5);
  EXPECT_DOUBLE_EQ(Calibration{}.probability(1), sigmoid(1));
  EXPECT_DOUBLE_EQ((Calibration{2, -1}.probability(0.5)), 0.5);
  EXPECT_DOUBLE_EQ((Calibration{2, -1}.probability(2)), sigmoid(3));
  // A negative slope reverses the order; extreme margins saturate without NaN.
  EXPECT_LT((Calibration{-1, 0}.probability(3)), 0.5);
  EXPECT_EQ(Calibration{}.probability(1e6), 1.0);
  EXPECT_EQ(Calibration{}.probability(-1e6), 0.0);
}

TEST(ScorerModel, ParsesAWellFormedModel) {
  std::string error;
  const auto model = parse(ModelText{}, error);
  ASSERT_TRUE(model) << error;
  EXPECT_DOUBLE_EQ(model->thresholds.unsupported, 0.3);
  EXPECT_DOUBLE_EQ(model->thresholds.contradicted, 0.8);
  EXPECT_DOUBLE_EQ(model->thresholds.contradicted_clean, 0.7);
  EXPECT_DOUBLE_EQ(model->thresholds.contradicted_polarity, 0.9);
  EXPECT_DOUBLE_EQ(model->thresholds.answer, 0.4);
}

TEST(ScorerModel, ReadsFeaturesByNameAndCalibratesTheMargin) {
  std::string error;
  const auto model = parse(ModelText{}, error);
  ASSERT_TRUE(model) << error;
  // Vectors in the code's order (a, b, c); the model's feature 0 is c, feature 1 is a.
  // margin = 0.5 + tree 1 (c < 1 ? -1 : 1) + tree 2 (a < 0 ? 0.25 : 0); p = sigmoid(2m - 1).
  const std::array<float, 3> low_c{5, 100, 0};
  EXPECT_DOUBLE_EQ(model->sentence.probability(low_c), sigmoid(2 * (0.5 - 1 + 0) - 1));
  const std::array<float, 3> high_c{5, -100, 2};
  EXPECT_DOUBLE_EQ(model->sentence.probability(high_c), sigmoid(2 * (0.5 + 1 + 0) - 1));
  const std::array<float, 3> negative_a{-1, 0, 2};
  EXPECT_DOUBLE_EQ(model->sentence.probability(negative_a), sigmoid(2 * (0.5 + 1 + 0.25) - 1));
  const std::array<float, 2> answer{0, 0};
  EXPECT_DOUBLE_EQ(model->answer.probability(answer), sigmoid(0.3f));  // leaves are floats
}

TEST(ScorerModel, RefusesWhatIsNotJsonOrAnotherFormat) {
  std::string error;
  EXPECT_FALSE(ScorerModel::parse("{\"format\":", kSentenceNames, kAnswerNames, error));
  EXPECT_NE(error.find("not JSON"), std::string::npos) << error;
  EXPECT_NE(refusal(with(ModelText{}, &ModelText::format, "/1", "/2")).find("groundgate-scorer/1"),
            std::string::npos);
  ModelText no_format;
  no_format.format.clear();
  EXPECT_NE(refusal(no_format).find("format"), std::string::npos);
  EXPECT_NE(refusal(with(ModelText{}, &ModelText::format, "\"groundgate-scorer/1\"", "1")), "");
}

TEST(ScorerModel, NamesAMissingPart) {
  ModelText no_sentence;
  no_sentence.sentence.clear();
  EXPECT_EQ(refusal(no_sentence), "sentence model: missing");
  ModelText no_answer;
  no_answer.answer.clear();
  EXPECT_EQ(refusal(no_answer), "answer model: missing");
  ModelText no_thresholds;
  no_thresholds.thresholds.clear();
  EXPECT_EQ(refusal(no_thresholds), "needs \"thresholds\": an object");
}

TEST(ScorerModel, NamesEachMissingKeyOfAModel) {
  for (const std::string_view key : {"features", "base_margin", "trees", "calibration"}) {
    const ModelText text =
        with(ModelText{}, &ModelText::sentence, "\"" + std::string(key) + "\"", "\"renamed\"");
    const std::string error = refusal(text);
    EXPECT_TRUE(error.starts_with("sentence model: needs \"" + std::string(key) + "\""))
        << key << ": " << error;
  }
  const std::string error = refusal(with(ModelText{}, &ModelText::answer, "\"trees\"", "\"t\""));
  EXPECT_TRUE(error.starts_with("answer model: needs \"trees\"")) << error;
}

TEST(ScorerModel, NamesEachMissingThreshold) {
  for (const std::string_view key :
       {"unsupported", "contradicted", "contradicted_clean", "contradicted_polarity", "answer"}) {
    const ModelText text =
        with(ModelText{}, &ModelText::thresholds, "\"" + std::string(key) + "\"", "\"renamed\"");
    EXPECT_EQ(refusal(text), "thresholds: needs \"" + std::string(key) + "\": a number") << key;
  }
  EXPECT_NE(refusal(with(ModelText{}, &ModelText::thresholds, "0.4", "\"0.4\"")), "");
}

TEST(ScorerModel, RefusesFeatureNamesThisBuildDoesNotCompute) {
  const std::string error = refusal(with(ModelText{}, &ModelText::sentence, "\"a\"", "\"zeta\""));
  EXPECT_EQ(error, "sentence model: the model reads a feature this build does not compute: zeta");
  EXPECT_NE(refusal(with(ModelText{}, &ModelText::answer, "\"q\"", "\"c\"")).find("answer model"),
            std::string::npos);  // a sentence feature is not an answer feature
  EXPECT_NE(refusal(with(ModelText{}, &ModelText::sentence, "\"a\"", "7")).find("not a string"),
            std::string::npos);
  EXPECT_NE(refusal(with(ModelText{}, &ModelText::answer, "[\"q\"]", "[]")).find("1 to 256"),
            std::string::npos);
}

TEST(ScorerModel, RefusesMoreFeaturesThanItCanGather) {
  std::vector<std::string> names;
  for (int i = 0; i < 257; ++i)
    names.push_back("f" + std::to_string(i));
  const std::vector<std::string_view> known(names.begin(), names.end());
  std::string list;
  for (const std::string& name : names)
    list += (list.empty() ? "\"" : ",\"") + name + "\"";
  ModelText text = with(ModelText{}, &ModelText::sentence, "\"c\",\"a\"", list);
  std::string error;
  EXPECT_FALSE(ScorerModel::parse(text.json(), known, kAnswerNames, error));
  EXPECT_EQ(error, "sentence model: a model needs 1 to 256 features");
  text = with(ModelText{}, &ModelText::sentence, "\"c\",\"a\"", "\"f255\",\"f0\"");
  EXPECT_TRUE(ScorerModel::parse(text.json(), known, kAnswerNames, error)) << error;
}

TEST(ScorerModel, RefusesACalibrationThatIsNotTwoNumbers) {
  for (const std::string_view bad : {"[2]", "[2,-1,0]", "[2,\"b\"]", "[]"}) {
    const std::string error = refusal(with(ModelText{}, &ModelText::sentence, "[2,-1]", bad));
    EXPECT_EQ(error, "sentence model: calibration is [a, b]") << bad;
  }
}

TEST(ScorerModel, RefusesMalformedTreesWithTheirPlace) {
  // A feature index past the model's own feature list (two names), though the code has three.
  const std::string error =
      refusal(with(ModelText{}, &ModelText::sentence, "[1,0,1,2]", "[2,0,1,2]"));
  EXPECT_EQ(error.rfind("sentence model: tree 1: node 0", 0), 0u) << error;
  EXPECT_NE(refusal(with(ModelText{}, &ModelText::sentence, "[0,1,1,2]", "[0,1,0,2]")), "");
}

TEST(ScorerModel, ErrorsDoNotCarryTheCallersText) {
  ModelText no_sentence;
  no_sentence.sentence.clear();
  std::string error = "an earlier error";
  EXPECT_FALSE(parse(no_sentence, error));
  EXPECT_EQ(error, "sentence model: missing");
}

}  // namespace
}  // namespace groundgate::filters::score
