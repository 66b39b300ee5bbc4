#include "filters/score/training/thresholds.h"

#include <gtest/gtest.h>

#include <vector>

namespace groundgate::filters::score::training {
namespace {

// `count` items of `set` scored `p`.
void add(std::vector<ScoredItem>& items, std::size_t set, double p, bool positive, int count = 1) {
  for (int i = 0; i < count; ++i)
    items.push_back(ScoredItem{p, positive, set});
}

// Set 0: two positives (0.9, 0.6), two negatives (0.4, 0.7); set 1 apart.
std::vector<ScoredItem> four() {
  std::vector<ScoredItem> items;
  add(items, 0, 0.9, true);
  add(items, 0, 0.6, true);
  add(items, 0, 0.4, false);
  add(items, 0, 0.7, false);
  add(items, 1, 0.1, true);
  add(items, 1, 0.95, false);
  return items;
}

TEST(Thresholds, F1OfThePositiveClass) {
  const auto items = four();
  // tp 2, fp 1, fn 0: 4 / 5.
  EXPECT_DOUBLE_EQ(f1(items, 0, 0.5), 0.8);
  // tp 1, fp 0, fn 1: 2 / 3.
  EXPECT_DOUBLE_EQ(f1(items, 0, 0.8), 2.0 / 3);
  EXPECT_DOUBLE_EQ(f1(items, 0, 0.95), 0.0);  // positives, none found
  std::vector<ScoredItem> negatives;
  add(negatives, 0, 0.9, false, 2);
  EXPECT_DOUBLE_EQ(f1(negatives, 0, 0.5), -1);
}

TEST(Thresholds, PicksTheMiddleOfTheBestThresholds) {
  std::vector<ScoredItem> items;
  add(items, 0, 0.7, true, 3);
  add(items, 0, 0.3, false, 3);
  // Every threshold in (0.30, 0.70] separates the classes: 0.31 to 0.70, forty of them.
  EXPECT_DOUBLE_EQ(best_mean_f1_threshold(items, 1), 0.50);
}

TEST(Thresholds, ThresholdsWithinTheToleranceOfTheBestAreAsGood) {
  std::vector<ScoredItem> items;
  add(items, 0, 0.9, true, 100);
  add(items, 0, 0.6, true, 1);  // below 0.61 found: F1 1, from 0.61 on 200 / 201
  add(items, 0, 0.2, false, 100);
  // The best range (0.21 to 0.60) and the near-best one (to 0.90) are one: 0.21 to 0.90.
  EXPECT_DOUBLE_EQ(best_mean_f1_threshold(items, 1), 0.55);
}

TEST(Thresholds, OneThresholdForTheMeanOverSets) {
  std::vector<ScoredItem> items;
  add(items, 0, 0.8, true, 2);  // set 0 separates in (0.20, 0.80]
  add(items, 0, 0.2, false, 2);
  add(items, 1, 0.45, true, 2);  // set 1 in (0.35, 0.45]
  add(items, 1, 0.35, false, 2);
  add(items, 2, 0.9, false, 5);  // set 2 has no positive: left out
  // The best mean is in (0.35, 0.45]: its middle.
  EXPECT_DOUBLE_EQ(best_mean_f1_threshold(items, 3), 0.40);
}

TEST(Thresholds, NoSetWithAPositiveKeepsOneHalf) {
  std::vector<ScoredItem> items;
  add(items, 0, 0.2, false, 4);
  EXPECT_DOUBLE_EQ(best_mean_f1_threshold(items, 1), 0.5);
  EXPECT_DOUBLE_EQ(best_mean_f1_threshold({}, 0), 0.5);
}

TEST(Thresholds, LowestThresholdWhoseFlagsAreRightOftenEnough) {
  std::vector<ScoredItem> items;
  add(items, 0, 0.2, false, 10);  // flagged from 0.00: precision 20/30
  add(items, 0, 0.5, true, 20);
  add(items, 1, 0.4, false, 10);  // from 0.41 on: 20/20
  add(items, 1, 0.6, true, 20);
  // At 0.00 the mean is (2/3 + 2/3) / 2; from 0.21 (1 + 2/3) / 2.
  EXPECT_DOUBLE_EQ(lowest_precise_threshold(items, 2, 2.0 / 3, 0.0), 0.0);
  EXPECT_DOUBLE_EQ(lowest_precise_threshold(items, 2, 0.8, 0.0), 0.21);
  EXPECT_DOUBLE_EQ(lowest_precise_threshold(items, 2, 0.8, 0.3), 0.3);
  EXPECT_DOUBLE_EQ(lowest_precise_threshold(items, 2, 1.01, 0.0), 1.0);
}

TEST(Thresholds, SetsWithFewFlagsWeighByTheirFlags) {
  std::vector<ScoredItem> items;
  add(items, 0, 0.5, true, 20);
  add(items, 0, 0.2, false, 5);  // 20/25 from 0.00, weight 1
  add(items, 1, 0.1, false, 1);  // one wrong flag, weight 0.1 ...
  add(items, 2, 0.1, true, 2);   // ... and two right ones, weight 0.2
  // At 0.00 the mean is (0.8 + 0.1 * 0 + 0.2 * 1) / 1.3 = 0.769; from 0.11, set 0's 0.8.
  EXPECT_DOUBLE_EQ(lowest_precise_threshold(items, 3, 0.75, 0.0), 0.0);
  EXPECT_DOUBLE_EQ(lowest_precise_threshold(items, 3, 0.78, 0.0), 0.11);
  // Each flag more moves it a little more: nine wrong flags in set 1 weigh 0.9.
  add(items, 1, 0.1, false, 8);
  EXPECT_DOUBLE_EQ(lowest_precise_threshold(items, 3, 0.6, 0.0), 0.11);
}

}  // namespace
}  // namespace groundgate::filters::score::training
