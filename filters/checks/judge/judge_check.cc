#include "filters/checks/judge/judge_check.h"

namespace groundgate::filters::checks {

std::optional<Pending> JudgeCheck::check(const Unit& unit, std::optional<UnitVerdict>& verdict) {
  std::optional<std::string> request = judge_.ask(verdict->verdict, unit.text, *context_.index());
  if (!request) return std::nullopt;  // not asked (counted): the scorer's label stands
  Pending pending;
  pending.batch.limits = judge_.limits();
  pending.batch.requests.push_back({0, std::move(*request)});
  pending.resume = [this](std::vector<stream::SideAnswer> answers, UnitVerdict& judged) {
    judge_.judge(answers, 0, judged.verdict);
  };
  return pending;
}

std::optional<std::pair<std::string_view, std::string>> JudgeCheck::summary() const {
  std::string json = judge_.summary_json();
  if (json.empty()) return std::nullopt;
  return std::pair<std::string_view, std::string>{"judge", std::move(json)};
}

}  // namespace groundgate::filters::checks
