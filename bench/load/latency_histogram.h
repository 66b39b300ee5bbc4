#pragma once
// Log-linear latency histogram in nanoseconds: exact below 64 ns, then 64 buckets per octave
// (under 1.6 % bucket width), fixed size, so that recording never allocates.

#include <array>
#include <cstdint>

namespace groundgate::bench::load {

class LatencyHistogram {
 public:
  void record(int64_t ns);
  void merge(const LatencyHistogram& other);

  uint64_t count() const { return count_; }
  int64_t max() const { return max_; }
  double mean() const;
  // Value at quantile q in [0,1]: the middle of the bucket holding the ceil(q·count)-th value.
  double quantile(double q) const;

 private:
  static constexpr int kSubBits = 6;
  static constexpr int kSub = 1 << kSubBits;
  static constexpr int kBuckets = kSub * (64 - kSubBits);

  static int bucket_of(uint64_t ns);
  static double bucket_middle(int index);

  std::array<uint64_t, kBuckets> counts_{};
  uint64_t count_ = 0;
  int64_t max_ = 0;
  double sum_ = 0;
};

}  // namespace groundgate::bench::load
