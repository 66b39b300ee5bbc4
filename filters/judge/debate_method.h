#pragma once
// `method: debate` (Self-Debating, seed 000): the judge first writes two opposing explanations
// of the sentence, one assuming it is hallucinated and one assuming it is faithful (two calls,
// at once); then judges it twice with both explanations, in swapped order (position bias). When
// the two judgements agree (faithful: supported; hallucinated: unsupported or contradicted),
// that is the verdict; when they disagree, three more judgements at temperature 0.5 (orders
// hallucinated-first, faithful-first, hallucinated-first) and the majority of all the valid
// judgements wins: 4 to 7 calls per sentence. A judgement counts only with its quote in the
// context; a broken one in the first pair fails the sentence, one in the tie-break does not
// vote, and a tie fails it. A hallucinated verdict is contradicted when more of its judgements
// said contradicted than unsupported.

#include <cstddef>
#include <string>
#include <vector>

#include "filters/judge/answer_parsers.h"
#include "filters/judge/judge_task.h"
#include "filters/judge/quote_check.h"

namespace groundgate::filters::judge {

inline constexpr double kTieBreakTemperature = 0.5;
inline constexpr std::size_t kTieBreakJudgements = 3;

class DebateTask final : public JudgeTask {
 public:
  // `context`: the request's context, for the judgements' quotes; it outlives the task.
  DebateTask(SentenceInput input, const QuoteIndex& context)
      : input_(std::move(input)), context_(context) {}
  std::vector<Call> next_calls() override;
  void take_answers(std::vector<CallAnswer>& answers) override;

 private:
  enum class Stage : std::uint8_t { kExplain, kJudge, kTieBreak, kDone };

  // A judgement call with the explanations in this order.
  Call judgement_call(bool hallucinated_first, double temperature) const;
  void take_explanations(std::vector<CallAnswer>& answers);
  // A valid vote of `answer`, or why it is none.
  std::optional<VerdictAnswer> vote(CallAnswer& answer, std::string& error) const;
  void decide();

  SentenceInput input_;
  const QuoteIndex& context_;
  Stage stage_ = Stage::kExplain;
  bool round_out_ = false;
  std::string hallucinated_;  // the explanation arguing hallucinated
  std::string faithful_;
  std::vector<VerdictAnswer> votes_;
  std::size_t rounds_ = 0;
};

}  // namespace groundgate::filters::judge
