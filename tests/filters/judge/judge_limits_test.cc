// What bounds the judge: the circuit breaker, the calls in flight, the per-answer budget and
// the verdict cache.
#include <gtest/gtest.h>

#include <chrono>

#include "filters/judge/call_limits.h"
#include "filters/judge/circuit_breaker.h"
#include "filters/judge/judge_service.h"
#include "filters/judge/result_cache.h"

namespace groundgate::filters::judge {
namespace {

using namespace std::chrono_literals;
using State = CircuitBreaker::State;

TEST(CircuitBreaker, OpensAfterFailuresInARowAndProbesAfterOpenFor) {
  CircuitBreaker b(3, 10s);
  const auto t0 = CircuitBreaker::Clock::time_point{} + 1h;
  b.record(true, t0);
  b.record(true, t0);
  b.record(false, t0);  // a success starts the count again
  b.record(true, t0);
  b.record(true, t0);
  EXPECT_EQ(State::kClosed, b.state());
  EXPECT_TRUE(b.allow(t0));
  b.record(true, t0);
  EXPECT_EQ(State::kOpen, b.state());
  EXPECT_EQ(1u, b.times_opened());
  EXPECT_FALSE(b.allow(t0 + 9s));
  EXPECT_TRUE(b.allow(t0 + 10s));  // the probe
  EXPECT_EQ(State::kHalfOpen, b.state());
  EXPECT_FALSE(b.allow(t0 + 11s));  // one at a time
  b.record(true, t0 + 12s);         // the probe failed
  EXPECT_EQ(State::kOpen, b.state());
  EXPECT_EQ(2u, b.times_opened());
  EXPECT_FALSE(b.allow(t0 + 21s));
  EXPECT_TRUE(b.allow(t0 + 22s));
  b.record(false, t0 + 23s);
  EXPECT_EQ(State::kClosed, b.state());
  EXPECT_TRUE(b.allow(t0 + 23s));
}

TEST(CircuitBreaker, AProbeThatNeverReportsIsGivenUp) {
  CircuitBreaker b(1, 5s);
  const auto t0 = CircuitBreaker::Clock::time_point{} + 1h;
  b.record(true, t0);
  EXPECT_TRUE(b.allow(t0 + 5s));
  EXPECT_FALSE(b.allow(t0 + 9s));
  EXPECT_TRUE(b.allow(t0 + 10s));
}

TEST(InFlightLimit, AllOrNoneAndGivenBackWithTheSlots) {
  InFlightLimit limit(3);
  std::optional<InFlightLimit::Slots> a = limit.try_acquire(2);
  ASSERT_TRUE(a);
  EXPECT_FALSE(limit.try_acquire(2));
  std::optional<InFlightLimit::Slots> b = limit.try_acquire(1);
  ASSERT_TRUE(b);
  EXPECT_EQ(3u, limit.in_flight());
  a.reset();
  EXPECT_EQ(1u, limit.in_flight());
  InFlightLimit::Slots moved = std::move(*b);
  b.reset();
  EXPECT_EQ(1u, limit.in_flight());
  moved.release();
  EXPECT_EQ(0u, limit.in_flight());
}

TEST(InFlightLimit, SlotsOutliveTheirLimit) {
  std::optional<InFlightLimit::Slots> slots;
  {
    InFlightLimit limit(1);
    slots = limit.try_acquire(1);
  }
  slots.reset();  // no use of the gone limit
}

TEST(AnswerBudget, LetsASentenceInOnlyWithItsMostCallsFree) {
  AnswerBudget budget(10, 4);
  EXPECT_EQ("", budget.admit(7));
  EXPECT_EQ("max_calls_per_answer", budget.admit(7));
  budget.give_back(3);  // that debate agreed in 4 calls
  EXPECT_EQ("", budget.admit(6));
  EXPECT_EQ("", budget.admit(0));
  EXPECT_EQ("", budget.admit(0));
  EXPECT_EQ("max_sentences", budget.admit(0));
  EXPECT_EQ(4u, budget.sentences());
}

TEST(ResultCache, KeyedByEvidenceSentenceMethodAndModelBoundedInBytes) {
  ResultCache cache(4096);
  Judgement j;
  j.label = Label::kContradicted;
  j.quotes = {"within 14 days"};
  const CacheKey key{config::JudgeMethod::kLabel, "m", "evidence", "sentence", false};
  cache.insert(key, j);
  ASSERT_TRUE(cache.find(key));
  EXPECT_EQ(Label::kContradicted, cache.find(key)->label);
  EXPECT_FALSE(cache.find({config::JudgeMethod::kNli, "m", "evidence", "sentence", false}));
  EXPECT_FALSE(cache.find({config::JudgeMethod::kLabel, "n", "evidence", "sentence", false}));
  EXPECT_FALSE(cache.find({config::JudgeMethod::kLabel, "m", "evidence2", "sentence", false}));
  EXPECT_FALSE(cache.find({config::JudgeMethod::kLabel, "m", "evidence", "sentence", true}));
  // Failures are not kept; the bound holds.
  cache.insert({config::JudgeMethod::kLabel, "m", "e", "failed", false},
               failed_judgement(1, "timeout"));
  EXPECT_FALSE(cache.find({config::JudgeMethod::kLabel, "m", "e", "failed", false}));
  const std::string big(3000, 'x');
  for (int i = 0; i < 5; ++i) {
    cache.insert({config::JudgeMethod::kLabel, "m", big, std::to_string(i), false}, j);
  }
  EXPECT_LE(cache.stats().memory_bytes, 4096u);
  EXPECT_FALSE(cache.find(key));
}

TEST(JudgeService, AReloadWithTheSameSettingsKeepsTheService) {
  config::JudgeConfig c;
  c.model = "judge";
  std::shared_ptr<JudgeService> a = shared_service("p", c);
  std::shared_ptr<JudgeService> b = shared_service("p", c);
  EXPECT_EQ(a, b);
  c.max_sentences = 9;  // read per stream: the same service
  EXPECT_EQ(a, shared_service("p", c));
  c.method = config::JudgeMethod::kDebate;
  EXPECT_NE(a, shared_service("p", c));
  EXPECT_NE(a, shared_service("q", config::JudgeConfig{a->config()}));
  EXPECT_GE(live_services().size(), 1u);
}

}  // namespace
}  // namespace groundgate::filters::judge
