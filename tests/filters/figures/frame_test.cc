#include "filters/figures/frame.h"

#include <gtest/gtest.h>

namespace groundgate::filters::figures {
namespace {

TEST(Frame, TheOperationNamed) {
  EXPECT_EQ(read_frame("What was the percentage change in sales?").op, Operation::kPercentChange);
  EXPECT_EQ(read_frame("What is the growth rate of revenue?").op, Operation::kPercentChange);
  EXPECT_EQ(read_frame("What was the change in the percentage of sales?").op, Operation::kChange);
  EXPECT_EQ(read_frame("What is the average gross profit?").op, Operation::kAverage);
  EXPECT_EQ(read_frame("What is the ratio of assets to liabilities?").op, Operation::kRatio);
  EXPECT_EQ(read_frame("What is X as a percentage of Y?").op, Operation::kRatio);
  EXPECT_EQ(read_frame("What is the difference between A and B?").op, Operation::kDifference);
  EXPECT_EQ(read_frame("What is the total of A and B?").op, Operation::kSum);
  EXPECT_EQ(read_frame("What was the CAGR of sales?").op, Operation::kGrowthRate);
  EXPECT_EQ(read_frame("What were the sales in 2019?").op, Operation::kNone);
  EXPECT_EQ(read_frame("What is the change in the average cost?").operations_named, 2);
  EXPECT_EQ(read_frame("What is the percentage change in the total cost?").operations_named, 1);
}

TEST(Frame, YearsTheirOrderAndRanges) {
  Frame f = read_frame("What was the change in sales from 2018 to 2019?");
  EXPECT_EQ(f.years, (std::vector<int>{2018, 2019}));
  EXPECT_TRUE(f.years_ordered);
  EXPECT_EQ(f.later, 2019);
  EXPECT_EQ(f.earlier, 2018);
  f = read_frame("What was the change in sales in 2019 from 2018?");
  EXPECT_TRUE(f.years_ordered);
  EXPECT_EQ(f.later, 2019);
  f = read_frame("the change from 2019 to 2018");  // back in time: not trusted
  EXPECT_FALSE(f.years_ordered);
  f = read_frame("What was the average cost for 2017-2019?");
  EXPECT_EQ(f.range_first, 2017);
  EXPECT_EQ(f.range_last, 2019);
  const int available[] = {2019, 2018, 2017, 2016};
  EXPECT_EQ(f.years_over(available), (std::vector<int>{2019, 2018, 2017}));
  EXPECT_EQ(read_frame("between 2018 and 2019").range_first, 0);
}

TEST(Frame, WordsThatNameRowsAndDecreases) {
  const Frame f = read_frame("How much did the other operating expenses decrease by in 2019?");
  EXPECT_TRUE(f.decrease);
  EXPECT_TRUE(std::binary_search(f.stems.begin(), f.stems.end(), "other"));
  EXPECT_FALSE(std::binary_search(f.stems.begin(), f.stems.end(), "decreas"));
  EXPECT_FALSE(read_frame("What is the increase/(decrease) in cost?").decrease);
}

TEST(Frame, AFinancialRatioIsNamedByItsLongestName) {
  EXPECT_EQ(read_frame("What is the operating margin for FY2022?").metric->name,
            "operating margin");
  EXPECT_EQ(read_frame("the net profit margin in 2019").metric->name, "net margin");
  EXPECT_EQ(read_frame("Compute the ROE.").metric->name, "return on equity");
  EXPECT_EQ(read_frame("days sales outstanding").metric->name, "days sales outstanding");
  EXPECT_EQ(read_frame("What were net sales in 2019?").metric, nullptr);
  // The clause's own metric, else the question's.
  const Frame question = read_frame("What is the current ratio?");
  EXPECT_EQ(merged(read_frame("It was 1.75 in 2022."), question).metric->name, "current ratio");
}

}  // namespace
}  // namespace groundgate::filters::figures
