#pragma once
// The prose check: each sentence of an answer against the request's retrieved context, with
// the engines the policy names (filters/verify: semantic pieces, triplets, the scorer). One
// verifier per choice (it counts the answer's sentences), made again when the context grows.
// A sentence with no context to check against gets no verdict (no_context), unless part of the
// context could not be read: then it is unverified.

#include <cstdint>
#include <memory>
#include <vector>

#include "filters/checks/check.h"
#include "filters/checks/request_context.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::filters::checks {

class ProseCheck final : public Check {
 public:
  ProseCheck(std::shared_ptr<const verify::VerifyConfig> config, const RequestContext& context)
      : config_(std::move(config)), context_(context) {}

  bool takes(const Unit& unit, const UnitVerdict* verdict) const override {
    return unit.kind == Unit::Kind::kSentence && verdict == nullptr;
  }
  std::optional<Pending> check(const Unit& unit, std::optional<UnitVerdict>& verdict) override;
  // A sentence with context to check against may be blocked or rewritten.
  bool holds_text() const override { return context_.index() != nullptr; }

 private:
  struct ChoiceVerifier {
    std::unique_ptr<verify::SentenceVerifier> verifier;
    std::uint64_t generation = 0;  // of the context it was made for
  };
  verify::SentenceVerifier* verifier_for(int choice);

  std::shared_ptr<const verify::VerifyConfig> config_;
  const RequestContext& context_;
  std::vector<ChoiceVerifier> choices_;
};

}  // namespace groundgate::filters::checks
