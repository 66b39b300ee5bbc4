#include "filters/judge/call_limits.h"

#include <algorithm>
#include <utility>

namespace groundgate::filters::judge {

InFlightLimit::Slots::Slots(Slots&& other) noexcept
    : used_(std::move(other.used_)), count_(std::exchange(other.count_, 0)) {}

InFlightLimit::Slots& InFlightLimit::Slots::operator=(Slots&& other) noexcept {
  if (this != &other) {
    release();
    used_ = std::move(other.used_);
    count_ = std::exchange(other.count_, 0);
  }
  return *this;
}

void InFlightLimit::Slots::release() {
  if (used_ && count_ > 0) used_->fetch_sub(count_);
  count_ = 0;
  used_.reset();
}

std::optional<InFlightLimit::Slots> InFlightLimit::try_acquire(std::size_t n) {
  std::atomic<std::size_t>& used = *state_->used;
  std::size_t now = used.load();
  do {
    if (now + n > state_->max) return std::nullopt;
  } while (!used.compare_exchange_weak(now, now + n));
  Slots slots;
  slots.used_ = state_->used;
  slots.count_ = n;
  return slots;
}

std::string_view AnswerBudget::admit(std::size_t calls) {
  if (sentences_ >= max_sentences_) return "max_sentences";
  if (reserved_ + calls > max_calls_) return "max_calls_per_answer";
  ++sentences_;
  reserved_ += calls;
  return {};
}

void AnswerBudget::give_back(std::size_t calls) {
  reserved_ -= std::min(reserved_, calls);
}

}  // namespace groundgate::filters::judge
