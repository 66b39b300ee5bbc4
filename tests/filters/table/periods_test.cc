#include "filters/table/periods.h"

#include <gtest/gtest.h>

namespace groundgate::filters::table {
namespace {

using Years = std::vector<int>;

TEST(Periods, YearsAsReportsWriteThem) {
  EXPECT_EQ(distinct_years("Years Ended September 30, 2019"), Years{2019});
  EXPECT_EQ(distinct_years("2018 (4)"), Years{2018});
  EXPECT_EQ(distinct_years("Fiscal 2018 and fiscal 2017"), (Years{2018, 2017}));
  EXPECT_EQ(distinct_years("FY19 against FY 18"), (Years{2019, 2018}));
  EXPECT_EQ(distinct_years("F19"), Years{2019});
  EXPECT_EQ(distinct_years("FY2020"), Years{2020});
}

TEST(Periods, AFiscalYearAcrossTwoCalendarYearsNamesTheLater) {
  EXPECT_EQ(distinct_years("in 2018/2019 from 2017/2018"), (Years{2019, 2018}));
  EXPECT_EQ(distinct_years("2018/19"), Years{2019});
  EXPECT_EQ(distinct_years("2018-19"), Years{2019});
  // Not one year after the other: two years.
  EXPECT_EQ(distinct_years("2017/2019"), (Years{2017, 2019}));
}

TEST(Periods, AmountsAreNotYears) {
  EXPECT_TRUE(distinct_years("$2019 and 2,019 and 2019% and 2019,000 and 2019.5").empty());
  EXPECT_EQ(distinct_years("for 2017,2018 and 2019"), (Years{2017, 2018, 2019}));
  EXPECT_TRUE(distinct_years("1850 3000 19 Q4 A19 page19").empty());
}

TEST(Periods, SpansPointAtTheText) {
  const auto years = years_named("from 2017/18 to 2019");
  ASSERT_EQ(years.size(), 2u);
  EXPECT_EQ(years[0].year, 2018);
  EXPECT_EQ(years[0].begin, 5u);
  EXPECT_EQ(years[0].end, 12u);
  EXPECT_EQ(years[1].year, 2019);
}

}  // namespace
}  // namespace groundgate::filters::table
