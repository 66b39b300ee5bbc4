#pragma once
// The engines as acceptance.h asks them: a sentence against a few passages alone (a judge's
// quotes), verified with the policy's own engines and scorer on an index of just those
// passages.

#include <memory>

#include "filters/judge/acceptance.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::filters::judge {

class VerifierEngineCheck final : public EngineCheck {
 public:
  explicit VerifierEngineCheck(std::shared_ptr<const verify::VerifyConfig> config)
      : config_(std::move(config)) {}
  // A sentence the engines cannot verify (over a bound, an engine missing) is unsupported.
  Label label(std::string_view sentence, std::span<const std::string> passages) const override;

 private:
  std::shared_ptr<const verify::VerifyConfig> config_;
};

}  // namespace groundgate::filters::judge
