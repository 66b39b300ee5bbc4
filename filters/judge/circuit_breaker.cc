#include "filters/judge/circuit_breaker.h"

namespace groundgate::filters::judge {

void CircuitBreaker::open(Clock::time_point now) {
  state_ = State::kOpen;
  since_ = now;
  in_a_row_ = 0;
  ++opened_;
}

bool CircuitBreaker::allow(Clock::time_point now) {
  std::lock_guard lock(mutex_);
  switch (state_) {
    case State::kClosed:
      return true;
    case State::kOpen:
    case State::kHalfOpen:
      // Open for long enough, or a probe that never came back: one sentence may go.
      if (now - since_ < open_for_) return false;
      state_ = State::kHalfOpen;
      since_ = now;
      return true;
  }
  return false;
}

void CircuitBreaker::record(bool failed, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  switch (state_) {
    case State::kClosed:
      in_a_row_ = failed ? in_a_row_ + 1 : 0;
      if (in_a_row_ >= failures_) open(now);
      return;
    case State::kHalfOpen:
      if (failed) {
        open(now);
      } else {
        state_ = State::kClosed;
        in_a_row_ = 0;
      }
      return;
    case State::kOpen:
      return;  // a late answer of a call sent before it opened
  }
}

CircuitBreaker::State CircuitBreaker::state() const {
  std::lock_guard lock(mutex_);
  return state_;
}

std::uint64_t CircuitBreaker::times_opened() const {
  std::lock_guard lock(mutex_);
  return opened_;
}

std::string_view to_string(CircuitBreaker::State state) {
  switch (state) {
    case CircuitBreaker::State::kClosed:
      return "closed";
    case CircuitBreaker::State::kOpen:
      return "open";
    case CircuitBreaker::State::kHalfOpen:
      break;
  }
  return "half_open";
}

}  // namespace groundgate::filters::judge
