#pragma once
// `method: label`: one call per sentence; the judge answers SUPPORTED, CONTRADICTED or
// UNSUPPORTED with the quote it rests on (prompts/label.v1.txt).

#include "filters/judge/answer_parsers.h"
#include "filters/judge/judge_task.h"

namespace groundgate::filters::judge {

class LabelTask final : public JudgeTask {
 public:
  explicit LabelTask(SentenceInput input) : input_(std::move(input)) {}
  std::vector<Call> next_calls() override;
  void take_answers(std::vector<CallAnswer>& answers) override;

 private:
  SentenceInput input_;
  bool asked_ = false;
};

// The verdict call of `input` (label's, and the debate's judgement without explanations).
Call verdict_call(const SentenceInput& input);
// A verdict answer's judgement: a failed call or garbage (marked so) says why there is none.
Judgement verdict_judgement(std::uint64_t unit, CallAnswer& answer);
// The judgement a read verdict makes.
Judgement from_verdict(std::uint64_t unit, const VerdictAnswer& verdict);

}  // namespace groundgate::filters::judge
