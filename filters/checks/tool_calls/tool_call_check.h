#pragma once
// The tool-call check (`verify_tool_calls`): each call's argument values (strings and numbers)
// are claims checked against the request's context and question, each as a small answer of its
// own (filters/verify/tool_call_check.h); the worst value decides, and values the tool's own
// schema offers are the app's vocabulary, not claims.

#include <memory>

#include "filters/checks/check.h"
#include "filters/checks/request_context.h"
#include "filters/request/request_view.h"
#include "filters/verify/sentence_verifier.h"
#include "filters/verify/tool_call_check.h"

namespace groundgate::filters::checks {

class ToolCallCheck final : public Check {
 public:
  ToolCallCheck(std::shared_ptr<const verify::VerifyConfig> config,
                const request::RequestView& request, const RequestContext& context)
      : config_(std::move(config)),
        schema_(verify::ToolSchemaValues::from_request(request)),
        context_(context) {}

  bool takes(const Unit& unit, const UnitVerdict* verdict) const override {
    return unit.kind == Unit::Kind::kToolCall && verdict == nullptr;
  }
  std::optional<Pending> check(const Unit& unit, std::optional<UnitVerdict>& verdict) override;
  bool checks_tool_calls() const override { return true; }

 private:
  std::shared_ptr<const verify::VerifyConfig> config_;
  verify::ToolSchemaValues schema_;  // values the request's tools offer
  const RequestContext& context_;
};

}  // namespace groundgate::filters::checks
