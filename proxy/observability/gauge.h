#pragma once
// A value that goes up and down (streams in flight, open connections). Lock-free on x86-64
// and aarch64: std::atomic<double>::fetch_add is a compare-exchange loop.

#include <atomic>

namespace groundgate::proxy::observability {

class Gauge {
 public:
  void set(double v) { value_.store(v, std::memory_order_relaxed); }
  void inc(double d = 1) { value_.fetch_add(d, std::memory_order_relaxed); }
  void dec(double d = 1) { value_.fetch_sub(d, std::memory_order_relaxed); }
  double value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

}  // namespace groundgate::proxy::observability
