#pragma once
// Counts of a detector's calls against the truth, and the figures eval and train report from
// them (on the hallucinated class; balanced accuracy is the mean of the two classes' recall).

#include <cstddef>

namespace groundgate::offline {

struct Confusion {
  std::size_t tp = 0, fp = 0, tn = 0, fn = 0;

  void add(bool predicted, bool actual) {
    if (predicted && actual) ++tp;
    if (predicted && !actual) ++fp;
    if (!predicted && !actual) ++tn;
    if (!predicted && actual) ++fn;
  }
  std::size_t total() const { return tp + fp + tn + fn; }
  static double ratio(std::size_t a, std::size_t b) { return b == 0 ? 0.0 : double(a) / b; }
  double recall() const { return ratio(tp, tp + fn); }
  double specificity() const { return ratio(tn, tn + fp); }
  double precision() const { return ratio(tp, tp + fp); }
  double balanced_accuracy() const { return (recall() + specificity()) / 2; }
  double f1() const {
    const double p = precision(), r = recall();
    return p + r == 0 ? 0.0 : 2 * p * r / (p + r);
  }
};

}  // namespace groundgate::offline
