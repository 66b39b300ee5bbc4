#pragma once
// `rewrite: mitigate` (the mitigator of hierarchical semantic pieces, seed 002): a sentence an
// action rewrites goes to the judge with its evidence, and comes back corrected from that
// evidence only (prompts/mitigate.v1.txt). The rewrite is a proposal: acceptance.h says when
// it may be sent (the engines must find it supported), else the policy's own rewrite applies.

#include <string>

#include "filters/judge/judge_task.h"

namespace groundgate::filters::judge {

class MitigationTask final : public JudgeTask {
 public:
  // `input.evidence` is the reference the rewrite may use.
  explicit MitigationTask(SentenceInput input) : input_(std::move(input)) {}
  std::vector<Call> next_calls() override;
  // The judgement's `rewrite` is the corrected sentence; the judge finding nothing to fix, or
  // an answer in another form, is an error.
  void take_answers(std::vector<CallAnswer>& answers) override;

 private:
  SentenceInput input_;
  bool asked_ = false;
};

}  // namespace groundgate::filters::judge
