#pragma once
// A monotonically increasing count. Increments are relaxed atomics: a scrape only needs
// each value eventually, not an order between them.

#include <atomic>
#include <cstdint>

namespace groundgate::proxy::observability {

class Counter {
 public:
  void inc(std::uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
  std::uint64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::uint64_t> value_{0};
};

}  // namespace groundgate::proxy::observability
