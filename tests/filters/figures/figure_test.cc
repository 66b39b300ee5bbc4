#include "filters/figures/figure.h"

#include <gtest/gtest.h>

namespace groundgate::filters::figures {
namespace {

std::vector<Figure> figures(std::string_view s) {
  const auto tokens = text::tokenize(s);
  const auto entities = text::extract_entities(s, tokens);
  return figures_of(s, tokens, entities);
}

TEST(Figure, AsWritten) {
  auto f = figures("1,496.5 million");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_DOUBLE_EQ(f[0].value, 1496.5);
  EXPECT_DOUBLE_EQ(f[0].scale, 1e6);
  EXPECT_TRUE(f[0].scaled);
  EXPECT_EQ(f[0].decimals, 1);
  EXPECT_TRUE(f[0].grouped);
  f = figures("It fell -28.05% and then $0.81 and $160m.");
  ASSERT_EQ(f.size(), 3u);
  EXPECT_DOUBLE_EQ(f[0].value, -28.05);
  EXPECT_TRUE(f[0].percent);
  EXPECT_DOUBLE_EQ(f[0].half_step(), 0.005);
  EXPECT_TRUE(f[1].money);
  EXPECT_DOUBLE_EQ(f[2].scale, 1e6);
}

TEST(Figure, ANumberOfDaysIsAFigureInDays) {
  auto f = figures("The DSO is 14.69 days.");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_DOUBLE_EQ(f[0].value, 14.69);
  EXPECT_TRUE(f[0].days);
  EXPECT_EQ(f[0].decimals, 2);
  EXPECT_TRUE(figures("It took 3 hours.").empty());  // other measures are no figures
}

TEST(Figure, YearsOrdinalsAndSmallCountsAreNoFigures) {
  EXPECT_TRUE(figures("In 2019, the second of 3 plants opened on 5 April.").empty());
  EXPECT_EQ(figures("0.95").size(), 1u);
  EXPECT_EQ(figures("12").size(), 1u);
}

TEST(Figure, WrittenLikeAnother) {
  const std::string s = "-12.6 million";
  const auto f = figures(s);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(written_like(1234.56, f[0], s), "1234.6 million");
  const std::string g = "$1,202.9 million";
  const auto h = figures(g);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(written_like(1496.5, h[0], g), "$1,496.5 million");
  EXPECT_EQ(written_like(-1234567.0, h[0], g), "$-1,234,567.0 million");
  EXPECT_EQ(written_like(-0.01, h[0], g), "$0.0 million");
}

}  // namespace
}  // namespace groundgate::filters::figures
