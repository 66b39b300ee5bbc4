#include "filters/figures/arithmetic.h"

#include <gtest/gtest.h>

namespace groundgate::filters::figures {
namespace {

Figure figure(double value, int decimals, bool percent = false, double scale = 1) {
  Figure f;
  f.value = value;
  f.decimals = decimals;
  f.percent = percent;
  f.scale = scale;
  f.scaled = scale != 1;
  return f;
}

Operand cell(double value, int year, double unit = 1e6, bool percent = false) {
  Operand o;
  o.value = value;
  o.year = year;
  o.unit = unit;
  o.percent = percent;
  return o;
}

TEST(Arithmetic, GivesAtTheRoundingShown) {
  const Operand ops[] = {cell(1496.5, 2019), cell(1202.9, 2018)};
  const auto change = stated(Operation::kPercentChange, Frame{}, ops);
  ASSERT_EQ(change.size(), 1u);
  bool times_100 = false;
  EXPECT_TRUE(gives(change[0], figure(24.41, 2, true), false, times_100));
  EXPECT_TRUE(times_100);
  EXPECT_TRUE(gives(change[0], figure(24.4, 1, true), false, times_100));
  EXPECT_TRUE(gives(change[0], figure(24, 0, true), false, times_100));
  EXPECT_FALSE(gives(change[0], figure(24.42, 2, true), false, times_100));
  EXPECT_TRUE(gives(change[0], figure(0.24, 2), false, times_100));  // the ratio itself
  EXPECT_FALSE(times_100);
  EXPECT_FALSE(gives(change[0], figure(24.41, 2), false, times_100));  // not asked in percent
  EXPECT_TRUE(gives(change[0], figure(24.41, 2), true, times_100));
  EXPECT_EQ(written(change[0], true), "((a - b) / b) * 100");
}

TEST(Arithmetic, ScalesAreComparedInFull) {
  const Operand ops[] = {cell(1200, 2019)};
  const auto read = stated(Operation::kNone, Frame{}, ops);
  bool times_100 = false;
  EXPECT_TRUE(gives(read[0], figure(1.2, 1, false, 1e9), false, times_100));    // $1.2 billion
  EXPECT_TRUE(gives(read[0], figure(1200, 0, false, 1e6), false, times_100));   // 1,200 million
  EXPECT_FALSE(gives(read[0], figure(1200, 0, false, 1e3), false, times_100));  // thousand
  EXPECT_TRUE(gives(read[0], figure(1200, 0), false, times_100));         // the table's own unit
  EXPECT_FALSE(gives(read[0], figure(1200, 0, true), false, times_100));  // not a percentage
}

TEST(Arithmetic, AChangeRunsForwardInTimeOrBackForADecrease) {
  const Operand ops[] = {cell(56.7, 2018), cell(44.1, 2019)};
  Frame frame;
  frame.op = Operation::kChange;
  std::vector<double> values;
  enumerate(Operation::kChange, frame, ops, false, {}, [&](const Expression& e) {
    values.push_back(e.value);
    return false;
  });
  ASSERT_EQ(values.size(), 1u);
  EXPECT_NEAR(values[0], -12.6, 1e-9);
  frame.decrease = true;
  values.clear();
  enumerate(Operation::kChange, frame, ops, false, {}, [&](const Expression& e) {
    values.push_back(e.value);
    return false;
  });
  ASSERT_EQ(values.size(), 1u);
  EXPECT_NEAR(values[0], 12.6, 1e-9);
}

TEST(Arithmetic, TheSearchIsBoundedAndTypesMustAgree) {
  std::vector<Operand> ops;
  for (int i = 0; i < 30; ++i)
    ops.push_back(cell(i + 2, 0));
  std::size_t visited = 0;
  enumerate(Operation::kRatio, Frame{}, ops, false, {}, [&](const Expression& e) {
    EXPECT_LT(e.args[0], kMaxOperands);
    EXPECT_LT(e.args[1], kMaxOperands);
    ++visited;
    return false;
  });
  EXPECT_EQ(visited, kMaxOperands * (kMaxOperands - 1));
  // A percentage and an amount do not add up.
  const Operand mixed[] = {cell(12.5, 2019, 1, true), cell(100, 2019, 1)};
  std::size_t sums = 0;
  enumerate(Operation::kSum, Frame{}, mixed, false, {}, [&](const Expression& e) {
    sums += e.form == Form::kSum;
    return false;
  });
  EXPECT_EQ(sums, 0u);
}

TEST(Arithmetic, GrowthRateOverTheYearsBetween) {
  const Operand ops[] = {cell(121, 2019), cell(100, 2017)};
  const auto e = stated(Operation::kGrowthRate, Frame{}, ops);
  ASSERT_EQ(e.size(), 1u);
  EXPECT_NEAR(e[0].value, 0.1, 1e-12);
  EXPECT_EQ(written(e[0], true), "((a / b) ^ (1 / 2) - 1) * 100");
}

}  // namespace
}  // namespace groundgate::filters::figures
