#include "filters/text/decimal_point.h"

#include <gtest/gtest.h>

namespace groundgate::filters::text {
namespace {

TEST(DecimalPointTest, ANumberMayStillGetItsDecimals) {
  EXPECT_TRUE(full_stop_may_be_decimal_point("It sold 2"));
  EXPECT_TRUE(full_stop_may_be_decimal_point("It cost $1,250"));
  EXPECT_TRUE(full_stop_may_be_decimal_point("a population of 728,000"));
  EXPECT_TRUE(full_stop_may_be_decimal_point("It cost $2015"));  // money, not a year
  EXPECT_TRUE(full_stop_may_be_decimal_point("pi is 3.1415"));   // more decimals may come
  EXPECT_TRUE(full_stop_may_be_decimal_point("7"));
}

TEST(DecimalPointTest, WordsYearsScoresRangesAndTimesEndTheSentence) {
  EXPECT_FALSE(full_stop_may_be_decimal_point("It came out"));
  EXPECT_FALSE(full_stop_may_be_decimal_point(""));
  EXPECT_FALSE(full_stop_may_be_decimal_point("It came out in 2015"));
  EXPECT_FALSE(full_stop_may_be_decimal_point("since May 5, 1991"));
  EXPECT_FALSE(full_stop_may_be_decimal_point("2015"));
  EXPECT_FALSE(full_stop_may_be_decimal_point("Morton won 4-1"));
  EXPECT_FALSE(full_stop_may_be_decimal_point("from 1991-1995"));
  EXPECT_FALSE(full_stop_may_be_decimal_point("at 14:00"));
  // Four digits that are no year of our era.
  EXPECT_TRUE(full_stop_may_be_decimal_point("a score of 3500"));
  EXPECT_TRUE(full_stop_may_be_decimal_point("model X2015"));
}

}  // namespace
}  // namespace groundgate::filters::text
