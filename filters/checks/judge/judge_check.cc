#include "filters/checks/judge/judge_check.h"

namespace groundgate::filters::checks {

std::optional<Pending> JudgeCheck::check(const Unit& unit, std::optional<UnitVerdict>& verdict) {
  const bool in_band = judge_.in_band(verdict->verdict);
  if (in_band) {
    std::optional<SentenceJudge::Round> round =
        judge_.start(verdict->verdict, unit.text, unit.choice, context_.index());
    if (round) {
      Pending p = pending(std::move(round->question), std::move(round->batch));
      p.at_answer_end = round->at_answer_end;
      return p;
    }
    // Decided from the cache, or not asked (counted): its label may still be one to rewrite.
  }
  if (!judge_.wants_mitigation(verdict->verdict)) return std::nullopt;
  std::optional<SentenceJudge::Round> rewrite =
      judge_.start_mitigation(*verdict, unit.text, context_.index(), in_band);
  if (!rewrite) return std::nullopt;  // from the cache (applied), or not asked (counted)
  return pending(std::move(rewrite->question), std::move(rewrite->batch));
}

std::optional<stream::SideRequestBatch> JudgeCheck::gather(int choice) {
  return judge_.gather(choice);
}

Pending JudgeCheck::pending(std::shared_ptr<SentenceJudge::Question> question,
                            stream::SideRequestBatch batch) {
  Pending p;
  p.batch = std::move(batch);
  p.resume = [this, question](std::vector<stream::SideAnswer> answers,
                              UnitVerdict& judged) -> std::optional<Pending> {
    std::optional<stream::SideRequestBatch> next = judge_.resume(*question, answers, judged);
    if (next) return pending(question, std::move(*next));
    // The verdict is over: the mitigation of its sentence, when its label is one to rewrite.
    std::optional<SentenceJudge::Round> rewrite = judge_.mitigate_after(*question, judged);
    if (!rewrite) return std::nullopt;
    return pending(std::move(rewrite->question), std::move(rewrite->batch));
  };
  return p;
}

std::optional<std::pair<std::string_view, std::string>> JudgeCheck::summary() const {
  std::string json = judge_.summary_json();
  if (json.empty()) return std::nullopt;
  return std::pair<std::string_view, std::string>{"judge", std::move(json)};
}

}  // namespace groundgate::filters::checks
