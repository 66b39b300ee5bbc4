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

// The threshold on a 0.01 grid that maximises the mean over sets of F1 of the positive class
// (sets without a positive are left out); ties go to the higher threshold.
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
