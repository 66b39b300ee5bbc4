#include "filters/score/training/platt.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace groundgate::filters::score::training {
namespace {

// Cross-entropy of `targets` under p = 1 / (1 + exp(-(a * margin + b))), finite for any margin:
// -t log p - (1 - t) log(1 - p) = log(1 + exp(-z)) + (1 - t) z.
double loss(std::span<const double> margins, std::span<const double> targets, double a, double b) {
  double sum = 0;
  for (std::size_t i = 0; i < margins.size(); ++i) {
    const double z = a * margins[i] + b;
    sum += std::max(-z, 0.0) + std::log1p(std::exp(-std::abs(z))) + (1 - targets[i]) * z;
  }
  return sum;
}

}  // namespace

Calibration fit_platt(std::span<const double> margins, std::span<const float> labels) {
  // Platt's targets keep the fit finite on separable data.
  double positives = 0;
  for (float y : labels)
    positives += y > 0.5f;
  const double negatives = static_cast<double>(labels.size()) - positives;
  const double hi = (positives + 1) / (positives + 2);
  const double lo = 1 / (negatives + 2);
  std::vector<double> targets(labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i)
    targets[i] = labels[i] > 0.5f ? hi : lo;

  double a = 1, b = 0;
  double current = loss(margins, targets, a, b);
  for (int iteration = 0; iteration < 100; ++iteration) {
    double g_a = 0, g_b = 0, h_aa = 0, h_ab = 0, h_bb = 0;
    for (std::size_t i = 0; i < margins.size(); ++i) {
      const double p = 1 / (1 + std::exp(-(a * margins[i] + b)));
      const double d = p - targets[i];
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
    const double d_a = -(h_bb * g_a - h_ab * g_b) / det;
    const double d_b = -(h_aa * g_b - h_ab * g_a) / det;
    // A full Newton step can overshoot far from the optimum: halve it until the loss falls
    // enough (Armijo), as Lin, Lin and Weng's note on Platt scaling does. Near the optimum
    // the loss changes within rounding, and the full step is taken.
    const double slope = g_a * d_a + g_b * d_b;
    const double rounding = 1e-12 * std::max(1.0, current);
    double step = 1;
    for (; step >= 1e-10; step /= 2) {
      const double next = loss(margins, targets, a + step * d_a, b + step * d_b);
      if (next <= current + 1e-4 * step * slope || std::abs(next - current) <= rounding) {
        current = next;
        break;
      }
    }
    if (step < 1e-10) break;
    a += step * d_a;
    b += step * d_b;
    if (std::abs(step * d_a) < 1e-10 && std::abs(step * d_b) < 1e-10) break;
  }
  return Calibration{a, b};
}

}  // namespace groundgate::filters::score::training
