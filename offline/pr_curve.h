#pragma once
// Precision-recall curves of a scored detector (`groundgate eval --pr-curve`), and a small SVG
// picture of them: one line per series, the operating point (the threshold the policy uses)
// marked on each.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::offline {

// One scored item: the detector's score (higher: more likely positive) and the truth.
struct ScoredTruth {
  double score = 0;
  bool positive = false;
};

struct PrPoint {
  double threshold = 0;  // items scored at or above it are flagged
  double precision = 1;
  double recall = 0;
};

// The curve from the highest threshold down, one point per distinct score (ties together).
// Empty when `items` holds no positive.
std::vector<PrPoint> pr_curve(std::vector<ScoredTruth> items);

// Average precision: the area under the step curve (sum of precision times recall gained).
double average_precision(const std::vector<PrPoint>& curve);

struct PrSeries {
  std::string name;  // legend text, e.g. "answers"
  std::vector<PrPoint> curve;
  std::optional<PrPoint> operating;  // the policy's threshold on this curve
};

// A self-contained SVG (no fonts or scripts beyond the viewer's default sans-serif).
std::string pr_svg(std::string_view title, const std::vector<PrSeries>& series);

}  // namespace groundgate::offline
