#pragma once
// A distribution over fixed bucket bounds. Each observation lands in exactly one bucket
// (the first bound >= value, else +Inf); the exposition makes them cumulative.

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace groundgate::proxy::observability {

class Histogram {
 public:
  // `bounds` is strictly increasing and finite; it must outlive the histogram (the family
  // owns it and shares it between its children).
  explicit Histogram(std::span<const double> bounds);

  // NaN is ignored: it would make _sum NaN for the life of the process.
  void observe(double value);

  struct Snapshot {
    std::vector<std::uint64_t> cumulative;  // one per bound, then +Inf (== count)
    double sum = 0;
    std::uint64_t count = 0;
  };
  // _count is derived from the buckets so that +Inf and _count always agree.
  Snapshot snapshot() const;

  std::span<const double> bounds() const { return bounds_; }

 private:
  std::span<const double> bounds_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> buckets_;  // bounds_.size() + 1
  std::atomic<double> sum_{0};
};

}  // namespace groundgate::proxy::observability
