#pragma once
// The judge's bounds on calls. InFlightLimit: the calls out at once in the whole process (per
// policy), taken all or none for a round and given back when its answers are in (or its stream
// goes); a sentence that finds no room is not judged, counted `max_in_flight`, so a slow judge
// never builds a queue. AnswerBudget: per answer, how many sentences may be put to the judge and
// how many calls they may take; a sentence is let in only with its method's most calls still
// free, so no protocol stops half-way for want of budget.

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <string_view>

namespace groundgate::filters::judge {

class InFlightLimit {
 public:
  explicit InFlightLimit(std::size_t max) : state_(std::make_shared<State>(max)) {}

  // Calls held: given back when destroyed (the limit may have gone with a reloaded config: the
  // count lives as long as any slot holds it).
  class Slots {
   public:
    Slots() = default;
    Slots(Slots&& other) noexcept;
    Slots& operator=(Slots&& other) noexcept;
    Slots(const Slots&) = delete;
    Slots& operator=(const Slots&) = delete;
    ~Slots() { release(); }
    std::size_t count() const { return count_; }
    void release();

   private:
    friend class InFlightLimit;
    std::shared_ptr<std::atomic<std::size_t>> used_;
    std::size_t count_ = 0;
  };

  // `n` slots, or none when fewer than `n` are free.
  std::optional<Slots> try_acquire(std::size_t n);
  std::size_t in_flight() const { return state_->used->load(); }
  std::size_t max() const { return state_->max; }

 private:
  struct State {
    explicit State(std::size_t m) : max(m), used(std::make_shared<std::atomic<std::size_t>>(0)) {}
    std::size_t max;
    std::shared_ptr<std::atomic<std::size_t>> used;
  };
  std::shared_ptr<State> state_;
};

class AnswerBudget {
 public:
  AnswerBudget(std::size_t max_calls, std::size_t max_sentences)
      : max_calls_(max_calls), max_sentences_(max_sentences) {}

  // Lets one more sentence in with `calls` reserved: "" or the bound it is over
  // ("max_sentences", "max_calls_per_answer").
  std::string_view admit(std::size_t calls);
  // Reserved calls not made (the protocol ended early, or never started).
  void give_back(std::size_t calls);
  std::size_t sentences() const { return sentences_; }
  std::size_t reserved() const { return reserved_; }

 private:
  std::size_t max_calls_;
  std::size_t max_sentences_;
  std::size_t sentences_ = 0;
  std::size_t reserved_ = 0;
};

}  // namespace groundgate::filters::judge
