#include "filters/judge/label_method.h"

#include "filters/judge/prompts.h"

namespace groundgate::filters::judge {
namespace {

constexpr std::uint32_t kVerdictTokens = 400;  // two lines, a quote of a few sentences at most

}  // namespace

Call verdict_call(const SentenceInput& input) {
  Messages m =
      prompt(PromptId::kLabel)
          .render({data_slot("context", input.evidence), data_slot("question", input.question),
                   data_slot("sentence", input.sentence)});
  return Call{std::move(m.system), std::move(m.user), 0.0, kVerdictTokens};
}

Judgement from_verdict(std::uint64_t unit, const VerdictAnswer& verdict) {
  Judgement j;
  j.unit = unit;
  j.label = verdict.label;
  j.type = type_of(verdict.label);
  if (verdict.quote) j.quotes.push_back(*verdict.quote);
  j.reason = verdict.reason;
  return j;
}

Judgement verdict_judgement(std::uint64_t unit, CallAnswer& answer) {
  if (answer.status != CallStatus::kOk) return call_failed(unit, answer);
  std::string error;
  std::optional<VerdictAnswer> verdict = parse_verdict(answer.text, error);
  if (!verdict) {
    answer.status = CallStatus::kGarbage;
    return failed_judgement(unit, "unreadable judge answer: " + error);
  }
  return from_verdict(unit, *verdict);
}

std::vector<Call> LabelTask::next_calls() {
  if (asked_ || done()) return {};
  asked_ = true;
  return round({verdict_call(input_)});
}

void LabelTask::take_answers(std::vector<CallAnswer>& answers) {
  if (answers.size() != 1) {
    finish(failed_judgement(input_.unit, "judge answers missing"));
    return;
  }
  finish(verdict_judgement(input_.unit, answers[0]));
}

}  // namespace groundgate::filters::judge
