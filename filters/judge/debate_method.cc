#include "filters/judge/debate_method.h"

#include <algorithm>

#include "filters/judge/label_method.h"
#include "filters/judge/prompts.h"

namespace groundgate::filters::judge {
namespace {

constexpr std::uint32_t kExplanationTokens = 300;  // the prompts ask for 120 words at most
constexpr std::size_t kMaxExplanationBytes = 2000;
constexpr std::uint32_t kVerdictTokens = 400;

constexpr std::string_view kHallucinatedTitle =
    "Explanation written assuming the sentence is hallucinated:";
constexpr std::string_view kFaithfulTitle =
    "Explanation written assuming the sentence is faithful:";

Call explanation_call(PromptId id, const SentenceInput& input) {
  Messages m = prompt(id).render({data_slot("context", input.evidence),
                                  data_slot("question", input.question),
                                  data_slot("sentence", input.sentence)});
  return Call{std::move(m.system), std::move(m.user), 0.0, kExplanationTokens};
}

}  // namespace

Call DebateTask::judgement_call(bool hallucinated_first, double temperature) const {
  const std::string& first = hallucinated_first ? hallucinated_ : faithful_;
  const std::string& second = hallucinated_first ? faithful_ : hallucinated_;
  Messages m =
      prompt(PromptId::kDebateJudgement)
          .render({data_slot("context", input_.evidence), data_slot("question", input_.question),
                   data_slot("sentence", input_.sentence),
                   text_slot("first_title",
                             std::string(hallucinated_first ? kHallucinatedTitle : kFaithfulTitle)),
                   data_slot("first", first),
                   text_slot("second_title",
                             std::string(hallucinated_first ? kFaithfulTitle : kHallucinatedTitle)),
                   data_slot("second", second)});
  return Call{std::move(m.system), std::move(m.user), temperature, kVerdictTokens};
}

std::vector<Call> DebateTask::next_calls() {
  if (round_out_ || done()) return {};
  round_out_ = true;
  ++rounds_;
  switch (stage_) {
    case Stage::kExplain:
      return round({explanation_call(PromptId::kDebateHallucinated, input_),
                    explanation_call(PromptId::kDebateFaithful, input_)});
    case Stage::kJudge:
      return round({judgement_call(true, 0.0), judgement_call(false, 0.0)});
    case Stage::kTieBreak:
      return round({judgement_call(true, kTieBreakTemperature),
                    judgement_call(false, kTieBreakTemperature),
                    judgement_call(true, kTieBreakTemperature)});
    case Stage::kDone:
      break;
  }
  return {};
}

std::optional<VerdictAnswer> DebateTask::vote(CallAnswer& answer, std::string& error) const {
  if (answer.status != CallStatus::kOk) {
    error = call_failed(input_.unit, answer).error;
    return std::nullopt;
  }
  std::optional<VerdictAnswer> v = parse_verdict(answer.text, error);
  if (!v) {
    answer.status = CallStatus::kGarbage;
    error = "unreadable judge answer: " + error;
    return std::nullopt;
  }
  if (v->quote) {
    const std::string_view why = context_.check(*v->quote);
    if (!why.empty() && v->label != Label::kUnsupported) {
      error = "the quote of a " + std::string(verdict::to_string(v->label)) + " judgement is " +
              std::string(why);
      return std::nullopt;
    }
  }
  return v;
}

void DebateTask::take_explanations(std::vector<CallAnswer>& answers) {
  std::string* into[] = {&hallucinated_, &faithful_};
  for (std::size_t i = 0; i < 2; ++i) {
    CallAnswer& a = answers[i];
    if (a.status != CallStatus::kOk) {
      stage_ = Stage::kDone;
      return finish(call_failed(input_.unit, a));
    }
    std::string error;
    std::optional<std::string> text = parse_explanation(a.text, kMaxExplanationBytes, error);
    if (!text) {
      a.status = CallStatus::kGarbage;
      stage_ = Stage::kDone;
      return finish(failed_judgement(input_.unit, "unreadable explanation: " + error));
    }
    *into[i] = std::move(*text);
  }
  stage_ = Stage::kJudge;
}

void DebateTask::take_answers(std::vector<CallAnswer>& answers) {
  round_out_ = false;
  const std::size_t expected = stage_ == Stage::kTieBreak ? kTieBreakJudgements : 2;
  if (stage_ == Stage::kDone || answers.size() != expected) {
    stage_ = Stage::kDone;
    return finish(failed_judgement(input_.unit, "judge answers missing"));
  }
  if (stage_ == Stage::kExplain) return take_explanations(answers);
  if (stage_ == Stage::kJudge) {
    for (CallAnswer& a : answers) {
      std::string error;
      std::optional<VerdictAnswer> v = vote(a, error);
      if (!v) {
        stage_ = Stage::kDone;
        return finish(failed_judgement(input_.unit, std::move(error)));
      }
      votes_.push_back(std::move(*v));
    }
    const bool agree =
        (votes_[0].label == Label::kSupported) == (votes_[1].label == Label::kSupported);
    if (!agree) {
      stage_ = Stage::kTieBreak;
      return;
    }
    return decide();
  }
  for (CallAnswer& a : answers) {
    std::string error;
    if (std::optional<VerdictAnswer> v = vote(a, error)) votes_.push_back(std::move(*v));
  }
  decide();
}

void DebateTask::decide() {
  stage_ = Stage::kDone;
  std::size_t faithful = 0;
  std::size_t contradicted = 0;
  for (const VerdictAnswer& v : votes_) {
    faithful += v.label == Label::kSupported ? 1 : 0;
    contradicted += v.label == Label::kContradicted ? 1 : 0;
  }
  const std::size_t hallucinated = votes_.size() - faithful;
  std::string detail = "\"votes\":[";
  for (std::size_t i = 0; i < votes_.size(); ++i) {
    if (i > 0) detail += ',';
    detail += '"';
    detail += verdict::to_string(votes_[i].label);
    detail += '"';
  }
  detail += "],\"rounds\":" + std::to_string(rounds_);
  if (faithful == hallucinated) {
    return finish(failed_judgement(input_.unit, "the debate is tied, " + std::to_string(faithful) +
                                                    " to " + std::to_string(hallucinated)));
  }
  Judgement j;
  j.unit = input_.unit;
  j.detail = std::move(detail);
  j.label = faithful > hallucinated                      ? Label::kSupported
            : contradicted > hallucinated - contradicted ? Label::kContradicted
                                                         : Label::kUnsupported;
  j.type = type_of(j.label);
  for (const VerdictAnswer& v : votes_) {
    if (v.label == j.label && j.label != Label::kUnsupported && v.quote &&
        std::find(j.quotes.begin(), j.quotes.end(), *v.quote) == j.quotes.end())
      j.quotes.push_back(*v.quote);
    if (v.label == j.label && j.reason.empty()) j.reason = v.reason;
  }
  const std::size_t winning = std::max(faithful, hallucinated);
  if (j.reason.empty()) {
    j.reason = "debate: " + std::to_string(winning) + " of " + std::to_string(votes_.size()) +
               (faithful > hallucinated ? " judgements faithful" : " judgements hallucinated");
  }
  finish(std::move(j));
}

}  // namespace groundgate::filters::judge
