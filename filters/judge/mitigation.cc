#include "filters/judge/mitigation.h"

#include "filters/judge/answer_parsers.h"
#include "filters/judge/prompts.h"

namespace groundgate::filters::judge {
namespace {

constexpr std::uint32_t kMitigationTokens = 500;  // a reason and the sentence twice

}  // namespace

std::vector<Call> MitigationTask::next_calls() {
  if (asked_ || done()) return {};
  asked_ = true;
  Messages m = prompt(PromptId::kMitigate)
                   .render({data_slot("reference", input_.evidence),
                            data_slot("sentence", input_.sentence)});
  return round({Call{std::move(m.system), std::move(m.user), 0.0, kMitigationTokens}});
}

void MitigationTask::take_answers(std::vector<CallAnswer>& answers) {
  if (answers.size() != 1) return finish(failed_judgement(input_.unit, "judge answers missing"));
  CallAnswer& a = answers[0];
  if (a.status != CallStatus::kOk) return finish(call_failed(input_.unit, a));
  std::string error;
  std::optional<Mitigation> m = parse_mitigation(a.text, error);
  if (!m) {
    a.status = CallStatus::kGarbage;
    return finish(failed_judgement(input_.unit, "unreadable mitigation: " + error));
  }
  if (m->nothing_to_fix) {
    return finish(failed_judgement(input_.unit, "the judge found nothing to fix"));
  }
  Judgement j;
  j.unit = input_.unit;
  j.rewrite = std::move(m->sentence);
  j.reason = std::move(m->reason);
  finish(std::move(j));
}

}  // namespace groundgate::filters::judge
