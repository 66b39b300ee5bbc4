// Sampling: a caller's decision is followed (parent based), a new trace is sampled by its id
// within the ratio; ids are random and never zero.
#include "proxy/tracing/sampler.h"

#include <gtest/gtest.h>

#include <set>

namespace groundgate::proxy::tracing {
namespace {

TraceParent parent(bool sampled) {
  TraceParent p;
  p.trace_id = new_trace_id();
  p.parent_id = new_span_id();
  p.flags = sampled ? 1 : 0;
  return p;
}

TEST(Sampler, FollowsTheCallersDecisionWhenParentBased) {
  const Sampler none(0.0, true);
  const Sampler all(1.0, true);
  EXPECT_TRUE(none.sample(parent(true), new_trace_id()));
  EXPECT_FALSE(all.sample(parent(false), new_trace_id()));
}

TEST(Sampler, TheRatioDecidesWithoutAParentOrWhenNotParentBased) {
  EXPECT_TRUE(Sampler(1.0, true).sample(std::nullopt, new_trace_id()));
  EXPECT_FALSE(Sampler(0.0, true).sample(std::nullopt, new_trace_id()));
  EXPECT_FALSE(Sampler(0.0, false).sample(parent(true), new_trace_id()));
  const Sampler quarter(0.25, true);
  int sampled = 0;
  constexpr int kTraces = 20'000;
  for (int i = 0; i < kTraces; ++i)
    sampled += quarter.sample(std::nullopt, new_trace_id()) ? 1 : 0;
  EXPECT_NEAR(0.25, static_cast<double>(sampled) / kTraces, 0.02);
}

TEST(Sampler, TheDecisionIsTheTraceIdsSoServicesAgree) {
  const Sampler half(0.5, false);
  TraceId low{};
  low[15] = 1;  // low 8 bytes: 1, far below half of 2^64
  TraceId high{};
  high[8] = 0xff;
  EXPECT_TRUE(half.sample(std::nullopt, low));
  EXPECT_FALSE(half.sample(std::nullopt, high));
}

TEST(Ids, AreRandomAndNeverZero) {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const TraceId t = new_trace_id();
    EXPECT_NE(TraceId{}, t);
    EXPECT_TRUE(seen.insert(to_hex(t)).second);
    EXPECT_NE(SpanId{}, new_span_id());
  }
}

}  // namespace
}  // namespace groundgate::proxy::tracing
