#include "filters/checks/prose/prose_check.h"

namespace groundgate::filters::checks {

verify::SentenceVerifier* ProseCheck::verifier_for(int choice) {
  if (!context_.index() || choice < 0) return nullptr;
  const auto at = static_cast<std::size_t>(choice);
  if (at >= choices_.size()) choices_.resize(at + 1);
  ChoiceVerifier& c = choices_[at];
  if (!c.verifier || c.generation != context_.generation()) {
    c.verifier = std::make_unique<verify::SentenceVerifier>(
        config_, context_.index(), context_.question(), static_cast<std::uint32_t>(choice));
    c.generation = context_.generation();
  }
  return c.verifier.get();
}

std::optional<Pending> ProseCheck::check(const Unit& unit, std::optional<UnitVerdict>& verdict) {
  std::optional<verify::SentenceVerdict> sentence;
  if (verify::SentenceVerifier* verifier = verifier_for(unit.choice)) {
    sentence = verifier->verify(unit.text, unit.begin);
  }
  context_.mark_incomplete(sentence, unit.begin, unit.end);
  if (sentence) verdict = UnitVerdict(std::move(*sentence));
  return std::nullopt;
}

}  // namespace groundgate::filters::checks
