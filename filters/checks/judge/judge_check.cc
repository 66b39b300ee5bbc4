#include "filters/checks/judge/judge_check.h"

namespace groundgate::filters::checks {

std::optional<Pending> JudgeCheck::check(const Unit& unit, std::optional<UnitVerdict>& verdict) {
  std::optional<SentenceJudge::Round> round =
      judge_.start(verdict->verdict, unit.text, context_.index());
  if (!round) return std::nullopt;  // decided from the cache, or not asked (counted)
  return pending(std::move(round->question), std::move(round->batch));
}

Pending JudgeCheck::pending(std::shared_ptr<SentenceJudge::Question> question,
                            stream::SideRequestBatch batch) {
  Pending p;
  p.batch = std::move(batch);
  p.resume = [this, question](std::vector<stream::SideAnswer> answers,
                              UnitVerdict& judged) -> std::optional<Pending> {
    std::optional<stream::SideRequestBatch> next =
        judge_.resume(*question, answers, judged.verdict);
    if (!next) return std::nullopt;
    return pending(question, std::move(*next));
  };
  return p;
}

std::optional<std::pair<std::string_view, std::string>> JudgeCheck::summary() const {
  std::string json = judge_.summary_json();
  if (json.empty()) return std::nullopt;
  return std::pair<std::string_view, std::string>{"judge", std::move(json)};
}

}  // namespace groundgate::filters::checks
