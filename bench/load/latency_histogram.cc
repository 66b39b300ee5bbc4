#include "bench/load/latency_histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace groundgate::bench::load {

int LatencyHistogram::bucket_of(uint64_t ns) {
  if (ns < kSub) return static_cast<int>(ns);
  const int msb = 63 - std::countl_zero(ns);
  const uint64_t mantissa = ns >> (msb - kSubBits);  // in [kSub, 2·kSub)
  return kSub * (msb - kSubBits + 1) + static_cast<int>(mantissa - kSub);
}

double LatencyHistogram::bucket_middle(int index) {
  if (index < kSub) return index;
  const int octave = index / kSub;  // ≥ 1
  const int shift = octave - 1;
  const double low = std::ldexp(static_cast<double>(kSub + index % kSub), shift);
  return low + std::ldexp(1.0, shift) / 2;
}

void LatencyHistogram::record(int64_t ns) {
  const uint64_t value = ns < 0 ? 0 : static_cast<uint64_t>(ns);
  ++counts_[bucket_of(value)];
  ++count_;
  max_ = std::max(max_, static_cast<int64_t>(value));
  sum_ += static_cast<double>(value);
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  for (int i = 0; i < kBuckets; ++i)
    counts_[i] += other.counts_[i];
  count_ += other.count_;
  max_ = std::max(max_, other.max_);
  sum_ += other.sum_;
}

double LatencyHistogram::mean() const {
  return count_ == 0 ? 0 : sum_ / static_cast<double>(count_);
}

double LatencyHistogram::quantile(double q) const {
  if (count_ == 0) return 0;
  const auto rank = std::max<uint64_t>(
      1, static_cast<uint64_t>(std::ceil(std::clamp(q, 0.0, 1.0) * static_cast<double>(count_))));
  uint64_t seen = 0;
  for (int i = 0; i < kBuckets; ++i) {
    seen += counts_[i];
    if (seen >= rank) return std::min(bucket_middle(i), static_cast<double>(max_));
  }
  return static_cast<double>(max_);
}

}  // namespace groundgate::bench::load
