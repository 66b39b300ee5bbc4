#pragma once
// The latency percentiles the eval commands print.

#include <algorithm>
#include <cstddef>
#include <vector>

namespace groundgate::offline {

// The value at quantile `q` of `values`: the one at index q·n of them sorted (the last at
// most); 0 when there are none.
inline double percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, static_cast<std::size_t>(q * values.size()))];
}

}  // namespace groundgate::offline
