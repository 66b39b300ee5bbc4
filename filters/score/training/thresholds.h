#pragma once
// Choosing where probabilities become labels, on out-of-fold scores of several data sets at
// once: one threshold for all of them (a policy does not know which set its traffic is like).

#include <cstddef>
#include <span>

namespace groundgate::filters::score::training {

struct ScoredItem {
  double p = 0;  // calibrated probability of the positive class
  bool positive = false;
  std::size_t set = 0;  // which data set it comes from
};

// F1 of the positive class for `p >= threshold` on the items of `set`; -1 when it has none.
double f1(std::span<const ScoredItem> items, std::size_t set, double threshold);

// Mean F1 values closer than this to the best are as good: on a few hundred positives per set
// one sentence more or less moves F1 by about that much.
inline constexpr double kF1Tolerance = 0.01;

// A threshold on a 0.01 grid where the mean over sets of F1 of the positive class (sets without
// a positive left out) is best: the middle one (of two, the lower) of the thresholds whose
// mean lies within kF1Tolerance of the best. F1 is often flat over a wide range, where the single
// best point jumps from one end to the other on a small change of the scores; the middle does not.
double best_mean_f1_threshold(std::span<const ScoredItem> items, std::size_t sets);

// A set's precision over fewer flags than this says too little to weigh as much as another
// set's: one answer could move the mean across the target. It weighs in proportion to its flags.
inline constexpr std::size_t kMinFlagsForPrecision = 10;

// The lowest threshold on a 0.01 grid from `floor` up at which the mean over sets of precision
// is at least `target`: a flag right that often; 1 when none is. Each set's precision weighs
// min(1, its flags / kMinFlagsForPrecision) (sets where it flags none not at all), so a set
// with a handful of flags moves the mean by little, and by little more with each flag.
double lowest_precise_threshold(std::span<const ScoredItem> items, std::size_t sets, double target,
                                double floor);

}  // namespace groundgate::filters::score::training
