#pragma once
// The judge as a check: a prose sentence the scorer is unsure of (its probability in the
// policy's band) is put to the judge model by the policy's method (sentence_judge.h), one round
// of calls after another; its accepted verdict decides the sentence's label. It refines the
// prose check's verdict, so it runs after it.

#include <memory>
#include <optional>

#include "filters/checks/check.h"
#include "filters/checks/judge/sentence_judge.h"
#include "filters/checks/request_context.h"

namespace groundgate::filters::checks {

class JudgeCheck final : public Check {
 public:
  // `thresholds`: those the scorer labels by (the policy's or its model's).
  JudgeCheck(std::shared_ptr<const JudgeSetup> setup, const score::Thresholds& thresholds,
             const RequestContext& context)
      : judge_(std::move(setup), thresholds, context.question()), context_(context) {}

  bool takes(const Unit& unit, const UnitVerdict* verdict) const override {
    return unit.kind == Unit::Kind::kSentence && verdict != nullptr && context_.index() &&
           judge_.in_band(verdict->verdict);
  }
  std::optional<Pending> check(const Unit& unit, std::optional<UnitVerdict>& verdict) override;
  void serve(std::shared_ptr<const model::ModelCalls> calls) override {
    judge_.serve(std::move(calls));
  }
  std::optional<std::pair<std::string_view, std::string>> summary() const override;
  void report(stream::StreamReport& report) const override { judge_.report(report); }

 private:
  // The round `batch` of `question`, and what reads its answers.
  Pending pending(std::shared_ptr<SentenceJudge::Question> question,
                  stream::SideRequestBatch batch);

  SentenceJudge judge_;
  const RequestContext& context_;
};

}  // namespace groundgate::filters::checks
