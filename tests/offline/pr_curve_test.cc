#include "offline/pr_curve.h"

#include <gtest/gtest.h>

namespace groundgate::offline {
namespace {

TEST(PrCurve, OnePointPerDistinctScoreFromTheHighestDown) {
  const std::vector<PrPoint> curve =
      pr_curve({{0.9, true}, {0.2, false}, {0.7, false}, {0.7, true}, {0.1, true}});
  ASSERT_EQ(curve.size(), 4u);
  EXPECT_DOUBLE_EQ(curve[0].threshold, 0.9);
  EXPECT_DOUBLE_EQ(curve[0].precision, 1.0);
  EXPECT_DOUBLE_EQ(curve[0].recall, 1.0 / 3);
  // The two items at 0.7 are flagged together.
  EXPECT_DOUBLE_EQ(curve[1].threshold, 0.7);
  EXPECT_DOUBLE_EQ(curve[1].precision, 2.0 / 3);
  EXPECT_DOUBLE_EQ(curve[1].recall, 2.0 / 3);
  EXPECT_DOUBLE_EQ(curve[3].precision, 3.0 / 5);
  EXPECT_DOUBLE_EQ(curve[3].recall, 1.0);
}

TEST(PrCurve, NoPositivesGiveNoCurve) {
  EXPECT_TRUE(pr_curve({{0.5, false}, {0.4, false}}).empty());
  EXPECT_TRUE(pr_curve({}).empty());
}

TEST(PrCurve, AveragePrecisionIsTheAreaUnderTheSteps) {
  EXPECT_DOUBLE_EQ(average_precision(pr_curve({{0.9, true}, {0.8, true}, {0.1, false}})), 1.0);
  // Recall 1/2 at precision 1, the second half at precision 2/3.
  EXPECT_DOUBLE_EQ(average_precision(pr_curve({{0.9, true}, {0.5, false}, {0.3, true}})),
                   0.5 * 1.0 + 0.5 * (2.0 / 3));
}

TEST(PrSvg, DrawsEverySeriesWithItsOperatingPointAndEscapesNames) {
  PrSeries answers{"answers <all>", pr_curve({{0.9, true}, {0.1, false}}), PrPoint{0.5, 1, 1}};
  PrSeries sentences{"sentences", pr_curve({{0.6, true}}), std::nullopt};
  const std::string svg = pr_svg("set & more", {answers, sentences});
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find("set &amp; more"), std::string::npos);
  EXPECT_NE(svg.find("answers &lt;all&gt;"), std::string::npos);
  std::size_t lines = 0, points = 0;
  for (std::size_t at = 0; (at = svg.find("<polyline", at)) != std::string::npos; ++at)
    ++lines;
  for (std::size_t at = 0; (at = svg.find("<circle", at)) != std::string::npos; ++at)
    ++points;
  EXPECT_EQ(lines, 2u);
  EXPECT_EQ(points, 1u);  // only the series with an operating point
  EXPECT_NE(svg.find("AP 1.000"), std::string::npos);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

}  // namespace
}  // namespace groundgate::offline
