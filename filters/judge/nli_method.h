#pragma once
// `method: nli` (hierarchical semantic pieces, seed 002): the sentence's pieces, each a
// hypothesis against the evidence passages matched to it, in one call; the answer says
// entailment, neutral or contradiction per piece, quoting a passage for the first and the
// last (prompts/nli.v1.txt). As in the paper, the sentence is contradicted when a piece is;
// supported only when every piece is entailed; otherwise unsupported (neutral is no support).

#include <cstddef>
#include <string>
#include <vector>

#include "filters/judge/judge_task.h"

namespace groundgate::filters::judge {

struct NliInput {
  struct Claim {
    std::string text;
    std::vector<std::size_t> passages;  // its evidence: positions in `passages`
  };
  std::uint64_t unit = 0;
  std::string sentence;
  std::vector<std::string> passages;
  std::vector<Claim> claims;  // at least one
};

class NliTask final : public JudgeTask {
 public:
  explicit NliTask(NliInput input) : input_(std::move(input)) {}
  std::vector<Call> next_calls() override;
  void take_answers(std::vector<CallAnswer>& answers) override;

 private:
  NliInput input_;
  bool asked_ = false;
};

}  // namespace groundgate::filters::judge
