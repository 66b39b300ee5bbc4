#include "filters/score/training/gbdt_trainer.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "filters/score/tree_ensemble.h"

namespace groundgate::filters::score::training {
namespace {

// Rows (x0, x1) on a grid: x0 in [0, 1) in steps of 1/n, x1 a value that says nothing of the
// label; y = label(x0).
template <typename Label>
TrainingSet grid(std::size_t n, Label label) {
  TrainingSet data;
  data.columns = 2;
  for (std::size_t i = 0; i < n; ++i) {
    const float x0 = static_cast<float>(i) / static_cast<float>(n);
    data.x.push_back(x0);
    data.x.push_back(static_cast<float>((i * 37) % 11));
    data.y.push_back(label(x0) ? 1.0f : 0.0f);
  }
  return data;
}

TrainingSet separable() {
  return grid(200, [](float x0) { return x0 >= 0.5f; });
}

// Positive only in a band of x0: no monotone function fits it.
TrainingSet band() {
  return grid(200, [](float x0) { return x0 >= 0.3f && x0 < 0.6f; });
}

GbdtParams small() {
  GbdtParams p;
  p.rounds = 20;
  p.max_depth = 2;
  p.learning_rate = 0.3;
  p.min_child_weight = 1;
  return p;
}

GbdtModel trained(const TrainingSet& data, const GbdtParams& params) {
  GbdtModel model;
  std::string error;
  EXPECT_TRUE(model.train(data, params, error)) << error;
  return model;
}

std::string trees_of(const GbdtModel& model) {
  std::string error;
  std::string json = model.trees_json(error);
  EXPECT_FALSE(json.empty()) << error;
  return json;
}

// The exported trees, loaded as the proxy loads them.
TreeEnsemble exported(const GbdtModel& model, std::size_t columns) {
  const std::string json = trees_of(model);
  simdjson::dom::parser parser;
  simdjson::dom::array trees;
  TreeEnsemble out;
  std::string error;
  EXPECT_EQ(parser.parse(json).get(trees), simdjson::SUCCESS);
  EXPECT_TRUE(out.load(trees, columns, error)) << error;
  return out;
}

// Margins of the model along x0 from 0 to 1 (x1 fixed).
std::vector<double> sweep(const GbdtModel& model) {
  std::vector<float> x;
  for (int i = 0; i <= 100; ++i) {
    x.push_back(static_cast<float>(i) / 100);
    x.push_back(3);
  }
  return model.margins(x, 2);
}

TEST(GbdtTrainer, LearnsASeparableProblem) {
  const TrainingSet data = separable();
  const GbdtModel model = trained(data, small());
  const std::vector<double> margins = model.margins(data.x, data.columns);
  ASSERT_EQ(margins.size(), data.rows());
  for (std::size_t i = 0; i < data.rows(); ++i) {
    if (data.y[i] > 0.5f) {
      EXPECT_GT(margins[i], 1) << "row " << i;
    } else {
      EXPECT_LT(margins[i], -1) << "row " << i;
    }
  }
}

TEST(GbdtTrainer, ExportedTreesGiveXgboostsMargins) {
  const TrainingSet data = band();
  const GbdtModel model = trained(data, small());
  const TreeEnsemble trees = exported(model, data.columns);
  EXPECT_EQ(trees.trees(), small().rounds);
  const std::vector<double> margins = model.margins(data.x, data.columns);
  ASSERT_EQ(margins.size(), data.rows());
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const std::span<const float> row(data.x.data() + i * data.columns, data.columns);
    // base_score 0.5 is a base margin of 0.
    EXPECT_NEAR(trees.margin(row), margins[i], 1e-5) << "row " << i;
  }
}

TEST(GbdtTrainer, SameDataGiveByteIdenticalTrees) {
  const TrainingSet data = band();
  const std::string first = trees_of(trained(data, small()));
  const std::string second = trees_of(trained(data, small()));
  EXPECT_EQ(first, second);
  // Not equal by accident: other labels give other trees.
  TrainingSet other = data;
  other.y[10] = 1 - other.y[10];
  other.y[150] = 1 - other.y[150];
  EXPECT_NE(trees_of(trained(other, small())), first);
}

TEST(GbdtTrainer, TrainingAgainReplacesTheModel) {
  GbdtModel model = trained(band(), small());
  std::string error;
  ASSERT_TRUE(model.train(separable(), small(), error)) << error;
  EXPECT_EQ(trees_of(model), trees_of(trained(separable(), small())));
}

TEST(GbdtTrainer, KeepsAMonotoneConstraint) {
  const TrainingSet data = band();
  // Unconstrained, the margin rises into the band and falls after it.
  const std::vector<double> free = sweep(trained(data, small()));
  ASSERT_EQ(free.size(), 101u);
  EXPECT_GT(free[45], free[80] + 1);

  GbdtParams rising = small();
  rising.monotone = {1, 0};
  const GbdtModel up = trained(data, rising);
  const std::vector<double> m = sweep(up);
  ASSERT_EQ(m.size(), 101u);
  for (std::size_t i = 1; i < m.size(); ++i)
    EXPECT_GE(m[i], m[i - 1]) << "x0 = " << i / 100.0;
  // It still learned something: the band's start raises the margin.
  EXPECT_GT(m[45], m[10] + 0.5);

  GbdtParams falling = small();
  falling.monotone = {-1, 0};
  const std::vector<double> f = sweep(trained(data, falling));
  for (std::size_t i = 1; i < f.size(); ++i)
    EXPECT_LE(f[i], f[i - 1]) << "x0 = " << i / 100.0;

  // The exported trees keep the constraint too.
  const TreeEnsemble trees = exported(up, 2);
  double last = -1e9;
  for (int i = 0; i <= 100; ++i) {
    const float x[2] = {static_cast<float>(i) / 100, 3};
    const double margin = trees.margin(x);
    EXPECT_GE(margin, last - 1e-6);
    last = margin;
  }
}

TEST(GbdtTrainer, WeightsCount) {
  // Three identical points, two positive: weighting the negative by 10 turns the margin negative.
  TrainingSet data;
  data.columns = 1;
  data.x = {1, 1, 1};
  data.y = {1, 1, 0};
  GbdtParams p = small();
  p.min_child_weight = 0;
  EXPECT_GT(trained(data, p).margins(data.x, 1).at(0), 0);
  data.weight = {1, 1, 10};
  EXPECT_LT(trained(data, p).margins(data.x, 1).at(0), 0);
}

GbdtParams bagged(std::size_t bags) {
  GbdtParams p = small();
  p.bags = bags;
  p.subsample = 0.8;
  return p;
}

TEST(GbdtTrainer, BagsAverageTheirMarginsAndExportAsOneEnsemble) {
  const TrainingSet data = band();
  const GbdtModel model = trained(data, bagged(3));
  const TreeEnsemble trees = exported(model, data.columns);
  EXPECT_EQ(trees.trees(), 3 * small().rounds);
  const std::vector<double> margins = model.margins(data.x, data.columns);
  ASSERT_EQ(margins.size(), data.rows());
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const std::span<const float> row(data.x.data() + i * data.columns, data.columns);
    EXPECT_NEAR(trees.margin(row), margins[i], 1e-5) << "row " << i;
  }
  // Still a model of the band.
  EXPECT_GT(margins[90], 1);
  EXPECT_LT(margins[10], -1);
  EXPECT_LT(margins[180], -1);
}

TEST(GbdtTrainer, BagsDrawTheirSamplesFromFixedSeeds) {
  const TrainingSet data = band();
  EXPECT_EQ(trees_of(trained(data, bagged(3))), trees_of(trained(data, bagged(3))));
  // A share of the rows grows other trees than every row does,
  EXPECT_NE(trees_of(trained(data, bagged(1))), trees_of(trained(data, small())));
  // and a second bag's seed draws other rows than the first's.
  const std::vector<double> one = trained(data, bagged(1)).margins(data.x, data.columns);
  const std::vector<double> two = trained(data, bagged(2)).margins(data.x, data.columns);
  ASSERT_EQ(one.size(), two.size());
  bool differ = false;
  for (std::size_t i = 0; i < one.size(); ++i)
    differ = differ || std::abs(one[i] - two[i]) > 1e-6;
  EXPECT_TRUE(differ);
}

TEST(GbdtTrainer, RefusesNoBagsOrAShareOutOfRange) {
  GbdtModel model;
  std::string error;
  EXPECT_FALSE(model.train(band(), bagged(0), error));
  EXPECT_NE(error.find("bag"), std::string::npos);
  for (double share : {0.0, -0.5, 1.5}) {
    GbdtParams p = bagged(2);
    p.subsample = share;
    error.clear();
    EXPECT_FALSE(model.train(band(), p, error)) << share;
    EXPECT_NE(error.find("subsample"), std::string::npos);
  }
}

TEST(GbdtTrainer, RefusesSizesThatDisagree) {
  GbdtModel model;
  std::string error;
  TrainingSet data = separable();
  data.x.pop_back();
  EXPECT_FALSE(model.train(data, small(), error));
  EXPECT_FALSE(error.empty());

  data = separable();
  data.weight = {1, 2};
  error.clear();
  EXPECT_FALSE(model.train(data, small(), error));
  EXPECT_FALSE(error.empty());

  GbdtParams p = small();
  p.monotone = {1};
  error.clear();
  EXPECT_FALSE(model.train(separable(), p, error));
  EXPECT_NE(error.find("monotone"), std::string::npos);

  error.clear();
  EXPECT_FALSE(model.train(TrainingSet{}, small(), error));
  EXPECT_FALSE(error.empty());
}

TEST(GbdtTrainer, AnUntrainedModelHasNoMarginsOrTrees) {
  const GbdtModel model;
  const std::vector<float> x{0, 0};
  EXPECT_TRUE(model.margins(x, 2).empty());
  std::string error;
  EXPECT_TRUE(model.trees_json(error).empty());
  EXPECT_EQ(error, "no model");
}

}  // namespace
}  // namespace groundgate::filters::score::training
