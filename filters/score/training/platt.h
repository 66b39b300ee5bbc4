#pragma once
// Platt scaling: the a and b that make 1 / (1 + exp(-(a * margin + b))) a calibrated
// probability of the labels (maximum likelihood, Newton's method with a backtracking line
// search, so that a start far from the optimum converges; deterministic).

#include <span>

#include "filters/score/scorer_model.h"

namespace groundgate::filters::score::training {

// `margins` and `labels` (0 or 1) of the same examples, out of fold.
Calibration fit_platt(std::span<const double> margins, std::span<const float> labels);

}  // namespace groundgate::filters::score::training
