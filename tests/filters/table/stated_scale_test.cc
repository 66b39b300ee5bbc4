#include "filters/table/stated_scale.h"

#include <gtest/gtest.h>

namespace groundgate::filters::table {
namespace {

TEST(StatedScale, ScalesAsReportsStateThem) {
  EXPECT_EQ(stated_scale("(in millions, except per share amounts)"), 1e6);
  EXPECT_EQ(stated_scale("The table below presents sales (in millions):"), 1e6);
  EXPECT_EQ(stated_scale("$ in thousands"), 1e3);
  EXPECT_EQ(stated_scale("In Thousands of Dollars"), 1e3);
  EXPECT_EQ(stated_scale("in US$ millions"), 1e6);
  EXPECT_EQ(stated_scale("US$ million"), 1e6);
  EXPECT_EQ(stated_scale("\xE2\x82\xAC"
                         "m"),
            1e6);
  EXPECT_EQ(stated_scale("$'000"), 1e3);
  EXPECT_EQ(stated_scale("RMB'000"), 1e3);
  EXPECT_EQ(stated_scale("(000s)"), 1e3);
  EXPECT_EQ(stated_scale("(billions)"), 1e9);
  EXPECT_EQ(stated_scale("$bn"), 1e9);
}

TEST(StatedScale, FiguresAndWordsThatAreNoScale) {
  EXPECT_EQ(stated_scale("Revenue was $5 million higher"), 0);
  EXPECT_EQ(stated_scale("$ 1,452.4"), 0);
  EXPECT_EQ(stated_scale("€ marketing"), 0);
  EXPECT_EQ(stated_scale("a gain in market share"), 0);
  EXPECT_EQ(stated_scale(""), 0);
}

TEST(StatedScale, OnlyOneScaleOrNone) {
  EXPECT_EQ(only_stated_scale("(in millions) … (in millions)"), 1e6);
  EXPECT_EQ(only_stated_scale("(in millions) … (in thousands)"), 0);
}

}  // namespace
}  // namespace groundgate::filters::table
