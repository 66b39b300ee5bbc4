#include "proxy/tracing/sampler.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

namespace groundgate::proxy::tracing {
namespace {

std::mt19937_64& generator() {
  thread_local std::mt19937_64 g{[] {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) ^ device();
  }()};
  return g;
}

template <std::size_t N>
std::array<std::uint8_t, N> random_id() {
  std::array<std::uint8_t, N> id{};
  do {
    for (std::size_t i = 0; i < N; i += 8) {
      std::uint64_t r = generator()();
      for (std::size_t j = 0; j < 8 && i + j < N; ++j, r >>= 8)
        id[i + j] = static_cast<std::uint8_t>(r);
    }
  } while (id == std::array<std::uint8_t, N>{});
  return id;
}

}  // namespace

Sampler::Sampler(double ratio, bool parent_based)
    : bound_(ratio >= 1.0 ? 0 : static_cast<std::uint64_t>(std::ldexp(std::max(ratio, 0.0), 64))),
      always_(ratio >= 1.0),
      parent_based_(parent_based) {}

bool Sampler::sample(const std::optional<TraceParent>& parent, const TraceId& trace_id) const {
  if (parent && parent_based_) return parent->sampled();
  if (always_) return true;
  std::uint64_t low = 0;
  for (std::size_t i = 8; i < 16; ++i)
    low = (low << 8) | trace_id[i];
  return low < bound_;
}

TraceId new_trace_id() {
  return random_id<16>();
}

SpanId new_span_id() {
  return random_id<8>();
}

}  // namespace groundgate::proxy::tracing
