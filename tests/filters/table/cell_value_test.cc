#include "filters/table/cell_value.h"

#include <gtest/gtest.h>

namespace groundgate::filters::table {
namespace {

TEST(CellValue, ReadsFiguresAsReportsWriteThem) {
  EXPECT_DOUBLE_EQ(cell_value("$  1,452.4")->value, 1452.4);
  EXPECT_EQ(cell_value("$  1,452.4")->decimals, 1);
  EXPECT_DOUBLE_EQ(cell_value("(4,970)")->value, -4970);
  EXPECT_DOUBLE_EQ(cell_value("$(12.5)")->value, -12.5);
  EXPECT_DOUBLE_EQ(cell_value("-3.5%")->value, -3.5);
  EXPECT_TRUE(cell_value("-3.5%")->percent);
  EXPECT_TRUE(cell_value("12.5 %")->percent);
  EXPECT_DOUBLE_EQ(cell_value("\xE2\x82\xAC"
                              "0.81")
                       ->value,
                   0.81);
  EXPECT_DOUBLE_EQ(cell_value("\xE2\x88\x92"
                              "7")
                       ->value,
                   -7);  // U+2212 minus
  EXPECT_DOUBLE_EQ(cell_value("1,000,000")->value, 1e6);
  EXPECT_DOUBLE_EQ(cell_value("0.95")->value, 0.95);
}

TEST(CellValue, DashesWordsAndBrokenGroupsHoldNone) {
  EXPECT_FALSE(cell_value(""));
  EXPECT_FALSE(cell_value("—"));
  EXPECT_FALSE(cell_value("-"));
  EXPECT_FALSE(cell_value("$—"));
  EXPECT_FALSE(cell_value("n/a"));
  EXPECT_FALSE(cell_value("Total sales"));
  EXPECT_FALSE(cell_value("1,00"));  // a separator is followed by three digits
  EXPECT_FALSE(cell_value("1.2.3"));
  EXPECT_FALSE(cell_value("2018 (4)"));  // a year with its footnote is a header
  EXPECT_FALSE(cell_value("()"));
}

}  // namespace
}  // namespace groundgate::filters::table
