#include "filters/score/training/platt.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace groundgate::filters::score::training {
namespace {

struct Examples {
  std::vector<double> margins;
  std::vector<float> labels;
};

// At each margin on a grid, `per_point` examples, of which the share a logistic with slope `a`
// and offset `b` predicts are positive: the maximum-likelihood fit is that logistic.
Examples from_logistic(double a, double b, int per_point) {
  Examples out;
  for (int step = -12; step <= 12; ++step) {
    const double m = step / 4.0;
    const double p = 1 / (1 + std::exp(-(a * m + b)));
    const int positives = static_cast<int>(std::lround(p * per_point));
    for (int i = 0; i < per_point; ++i) {
      out.margins.push_back(m);
      out.labels.push_back(i < positives ? 1.0f : 0.0f);
    }
  }
  return out;
}

TEST(Platt, RecoversAKnownLogistic) {
  const Examples e = from_logistic(2.0, -0.5, 2000);
  const Calibration c = fit_platt(e.margins, e.labels);
  EXPECT_NEAR(c.a, 2.0, 0.02);
  EXPECT_NEAR(c.b, -0.5, 0.02);
}

TEST(Platt, RecoversAReversedAndShrunkLogistic) {
  const Examples e = from_logistic(-0.5, 1.0, 2000);
  const Calibration c = fit_platt(e.margins, e.labels);
  EXPECT_NEAR(c.a, -0.5, 0.02);
  EXPECT_NEAR(c.b, 1.0, 0.02);
}

TEST(Platt, LeavesCalibratedMarginsAlone) {
  const Examples e = from_logistic(1.0, 0.0, 2000);
  const Calibration c = fit_platt(e.margins, e.labels);
  EXPECT_NEAR(c.a, 1.0, 0.02);
  EXPECT_NEAR(c.b, 0.0, 0.02);
}

TEST(Platt, StaysFiniteOnSeparableData) {
  Examples e;
  for (int i = 1; i <= 50; ++i) {
    e.margins.push_back(i / 10.0);
    e.labels.push_back(1);
    e.margins.push_back(-i / 10.0);
    e.labels.push_back(0);
  }
  const Calibration c = fit_platt(e.margins, e.labels);
  ASSERT_TRUE(std::isfinite(c.a));
  ASSERT_TRUE(std::isfinite(c.b));
  EXPECT_GT(c.a, 0);
  EXPECT_GT(c.probability(0.1), 0.5);
  EXPECT_LT(c.probability(-0.1), 0.5);
  EXPECT_GT(c.probability(5), 0.9);
  EXPECT_LT(c.probability(-5), 0.1);
}

TEST(Platt, NoExamplesGiveTheIdentity) {
  const Calibration c = fit_platt({}, {});
  EXPECT_DOUBLE_EQ(c.a, 1);
  EXPECT_DOUBLE_EQ(c.b, 0);
}

}  // namespace
}  // namespace groundgate::filters::score::training
