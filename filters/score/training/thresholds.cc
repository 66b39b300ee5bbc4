#include "filters/score/training/thresholds.h"

#include <algorithm>
#include <vector>

namespace groundgate::filters::score::training {

double f1(std::span<const ScoredItem> items, std::size_t set, double threshold) {
  double tp = 0, fn = 0, fp = 0;
  for (const ScoredItem& item : items) {
    if (item.set != set) continue;
    const bool flagged = item.p >= threshold;
    if (item.positive) {
      (flagged ? tp : fn) += 1;
    } else if (flagged) {
      fp += 1;
    }
  }
  if (tp + fn == 0) return -1;
  return tp == 0 ? 0 : 2 * tp / (2 * tp + fp + fn);
}

namespace {

// The mean over sets of `metric` at `threshold`; -1 when no set has a value.
double mean_over_sets(std::span<const ScoredItem> items, std::size_t sets, double threshold,
                      double (*metric)(std::span<const ScoredItem>, std::size_t, double)) {
  double sum = 0;
  std::size_t counted = 0;
  for (std::size_t set = 0; set < sets; ++set) {
    const double value = metric(items, set, threshold);
    if (value < 0) continue;
    sum += value;
    ++counted;
  }
  return counted == 0 ? -1 : sum / static_cast<double>(counted);
}

}  // namespace

double best_mean_f1_threshold(std::span<const ScoredItem> items, std::size_t sets) {
  std::vector<double> means(100, -1);
  double best = -1;
  for (int step = 1; step <= 99; ++step) {
    means[step] = mean_over_sets(items, sets, step / 100.0, &f1);
    best = std::max(best, means[step]);
  }
  if (best < 0) return 0.5;
  std::vector<int> near_best;
  for (int step = 1; step <= 99; ++step) {
    // A hair under the tolerance is within it: the means are sums of fractions.
    if (means[step] >= 0 && means[step] >= best - kF1Tolerance - 1e-9) near_best.push_back(step);
  }
  return near_best[(near_best.size() - 1) / 2] / 100.0;
}

double lowest_precise_threshold(std::span<const ScoredItem> items, std::size_t sets, double target,
                                double floor) {
  for (int step = static_cast<int>(floor * 100 + 0.5); step <= 99; ++step) {
    const double threshold = step / 100.0;
    // Per set: flags right, flags raised. A set's precision weighs by how many flags it rests
    // on, up to kMinFlagsForPrecision.
    std::vector<double> right(sets, 0), raised(sets, 0);
    for (const ScoredItem& item : items) {
      if (item.set >= sets || item.p < threshold) continue;
      raised[item.set] += 1;
      right[item.set] += item.positive ? 1 : 0;
    }
    double sum = 0, weights = 0;
    for (std::size_t set = 0; set < sets; ++set) {
      if (raised[set] == 0) continue;
      const double weight = std::min(1.0, raised[set] / static_cast<double>(kMinFlagsForPrecision));
      sum += weight * right[set] / raised[set];
      weights += weight;
    }
    if (weights > 0 && sum / weights >= target) return threshold;
  }
  return 1.0;
}

}  // namespace groundgate::filters::score::training
