#pragma once
// The judge's circuit breaker: after `failures` calls in a row fail (timeouts, connection
// errors, error statuses, answers that are no answers: judge_call.h's is_failure), it opens and
// no sentence is put to the judge for `open_for` (each keeps the scorer's label, counted
// `breaker_open`); then one sentence goes as a probe (half-open): its calls succeeding close
// the breaker, a failure opens it again. A probe that never reports back is given up after
// `open_for` too. Thread-safe; the clock is the caller's, for tests.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string_view>

namespace groundgate::filters::judge {

class CircuitBreaker {
 public:
  using Clock = std::chrono::steady_clock;
  enum class State : std::uint8_t { kClosed, kOpen, kHalfOpen };

  CircuitBreaker(std::size_t failures, Clock::duration open_for)
      : failures_(failures == 0 ? 1 : failures), open_for_(open_for) {}

  // Whether a sentence may be put to the judge now (half-open: the first caller is the probe).
  bool allow(Clock::time_point now);
  // One call's end: `failed` per is_failure.
  void record(bool failed, Clock::time_point now);

  State state() const;
  std::uint64_t times_opened() const;

 private:
  void open(Clock::time_point now);  // with mutex_ held

  const std::size_t failures_;
  const Clock::duration open_for_;
  mutable std::mutex mutex_;
  State state_ = State::kClosed;
  std::size_t in_a_row_ = 0;
  Clock::time_point since_{};  // opened, or the probe went
  std::uint64_t opened_ = 0;
};

std::string_view to_string(CircuitBreaker::State state);

}  // namespace groundgate::filters::judge
