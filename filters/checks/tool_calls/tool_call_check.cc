#include "filters/checks/tool_calls/tool_call_check.h"

namespace groundgate::filters::checks {

std::optional<Pending> ToolCallCheck::check(const Unit& unit, std::optional<UnitVerdict>& verdict) {
  std::optional<verify::SentenceVerdict> checked;
  std::string argument;
  if (context_.index()) {
    verify::SentenceVerifier verifier(config_, context_.index(), context_.question(),
                                      static_cast<std::uint32_t>(unit.choice));
    verify::ToolCallVerdict call =
        verify::check_tool_call(verifier, unit.tool, unit.text, unit.truncated, schema_);
    checked = std::move(call.verdict);
    argument = std::move(call.argument);
  }
  context_.mark_incomplete(checked, 0, 0);
  if (!checked) return std::nullopt;
  verdict = UnitVerdict(std::move(*checked));
  verdict->argument = std::move(argument);
  return std::nullopt;
}

}  // namespace groundgate::filters::checks
