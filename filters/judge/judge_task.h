#pragma once
// One method's protocol for one unit (or, for triplets, one batch of units): rounds of model
// calls, each round's calls sent together, until the method has its judgements. The task is
// pure: the caller sends the calls (side requests), hands back their answers in order and asks
// for the next round. What the check interface calls "a pending side request with its
// continuation".

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "filters/judge/judge_call.h"
#include "filters/judge/judgement.h"

namespace groundgate::filters::judge {

// A sentence put to the judge, with what it reads beside it.
struct SentenceInput {
  std::uint64_t unit = 0;
  std::string sentence;
  std::string question;  // the user's question; may be empty
  std::string evidence;  // the context around the sentence's evidence, within context_bytes
};

class JudgeTask {
 public:
  virtual ~JudgeTask() = default;
  // The calls of the next round, to send together; empty once done().
  virtual std::vector<Call> next_calls() = 0;
  // The answers to the round's calls, in their order. An answer whose text is not in the form
  // the method asked for is marked kGarbage here.
  virtual void take_answers(std::vector<CallAnswer>& answers) = 0;

  bool done() const { return done_; }
  // Once done: one judgement per unit the task is about.
  const std::vector<Judgement>& judgements() const { return judgements_; }
  std::size_t calls_made() const { return calls_made_; }

 protected:
  void finish(std::vector<Judgement> judgements) {
    judgements_ = std::move(judgements);
    done_ = true;
  }
  void finish(Judgement judgement) { finish(std::vector<Judgement>{std::move(judgement)}); }
  // Counts the round's calls.
  std::vector<Call> round(std::vector<Call> calls) {
    calls_made_ += calls.size();
    return calls;
  }

 private:
  bool done_ = false;
  std::vector<Judgement> judgements_;
  std::size_t calls_made_ = 0;
};

// A failed call's judgement: why it has none ("judge call timeout: …").
Judgement call_failed(std::uint64_t unit, const CallAnswer& answer);
// The taxonomy type a label of a sentence-level method carries: contradicted, a changed
// detail; unsupported, information with no support.
HallucinationType type_of(Label label);

}  // namespace groundgate::filters::judge
