#include "filters/score/training/platt.h"

#include <cmath>

namespace groundgate::filters::score::training {

Calibration fit_platt(std::span<const double> margins, std::span<const float> labels) {
  // Platt's targets keep the fit finite on separable data.
  double positives = 0;
  for (float y : labels)
    positives += y > 0.5f;
  const double negatives = static_cast<double>(labels.size()) - positives;
  const double hi = (positives + 1) / (positives + 2);
  const double lo = 1 / (negatives + 2);
  double a = 1, b = 0;
  for (int iteration = 0; iteration < 100; ++iteration) {
    double g_a = 0, g_b = 0, h_aa = 0, h_ab = 0, h_bb = 0;
    for (std::size_t i = 0; i < margins.size(); ++i) {
      const double t = labels[i] > 0.5f ? hi : lo;
      const double p = 1 / (1 + std::exp(-(a * margins[i] + b)));
      const double d = p - t;
      const double w = p * (1 - p) + 1e-12;
      g_a += d * margins[i];
      g_b += d;
      h_aa += w * margins[i] * margins[i];
      h_ab += w * margins[i];
      h_bb += w;
    }
    h_aa += 1e-9;
    h_bb += 1e-9;
    const double det = h_aa * h_bb - h_ab * h_ab;
    if (std::abs(det) < 1e-18) break;
    const double step_a = (h_bb * g_a - h_ab * g_b) / det;
    const double step_b = (h_aa * g_b - h_ab * g_a) / det;
    a -= step_a;
    b -= step_b;
    if (std::abs(step_a) < 1e-10 && std::abs(step_b) < 1e-10) break;
  }
  return Calibration{a, b};
}

}  // namespace groundgate::filters::score::training
