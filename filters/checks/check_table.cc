#include "filters/checks/check_table.h"

#include <array>
#include <optional>

#include "filters/checks/judge/judge_check.h"
#include "filters/checks/prose/prose_check.h"
#include "filters/checks/spl/spl_check.h"
#include "filters/checks/sql/sql_check.h"
#include "filters/checks/tool_calls/tool_call_check.h"

namespace groundgate::filters::checks {
namespace {

// Compiles one check for a policy; nothing when the policy does not ask for it.
using CheckCompiler = std::optional<CheckFactory> (*)(const config::PolicyConfig&,
                                                      const CheckResources&);

struct KnownCheck {
  std::string_view name;
  CheckCompiler compile;
};

std::optional<CheckFactory> sql(const config::PolicyConfig& policy,
                                const CheckResources& resources) {
  if (!policy.sql) return std::nullopt;
  std::shared_ptr<const SqlCheckConfig> config =
      compile_sql_check(*policy.sql, resources.schema_cache);
  return [config](const StreamSetup& s) -> std::unique_ptr<Check> {
    return std::make_unique<SqlCheck>(config, s.request, s.context.question());
  };
}

std::optional<CheckFactory> spl(const config::PolicyConfig& policy, const CheckResources&) {
  if (!policy.spl) return std::nullopt;
  std::shared_ptr<const SplCheckConfig> config = compile_spl_check(*policy.spl);
  return [config](const StreamSetup& s) -> std::unique_ptr<Check> {
    return std::make_unique<SplCheck>(config, s.request, s.context.question());
  };
}

std::optional<CheckFactory> prose(const config::PolicyConfig& policy,
                                  const CheckResources& resources) {
  if (!policy.verifies()) return std::nullopt;
  return [verify = resources.verify](const StreamSetup& s) -> std::unique_ptr<Check> {
    return std::make_unique<ProseCheck>(verify, s.context);
  };
}

std::optional<CheckFactory> judge(const config::PolicyConfig& policy,
                                  const CheckResources& resources) {
  if (!policy.verifies() || !policy.judge) return std::nullopt;
  const score::Thresholds thresholds = resources.verify->thresholds;
  return [setup = make_judge_setup(policy.name, *policy.judge, resources.verify),
          thresholds](const StreamSetup& s) -> std::unique_ptr<Check> {
    return std::make_unique<JudgeCheck>(setup, thresholds, s.context);
  };
}

std::optional<CheckFactory> tool_calls(const config::PolicyConfig& policy,
                                       const CheckResources& resources) {
  if (!policy.verifies() || !policy.verify_tool_calls) return std::nullopt;
  return [verify = resources.verify](const StreamSetup& s) -> std::unique_ptr<Check> {
    return std::make_unique<ToolCallCheck>(verify, s.request, s.context);
  };
}

// A unit goes to the first check that takes it, then to every later one that refines the
// verdict (the judge after prose). Structured answers before prose: a code block is theirs.
constexpr std::array kKnownChecks{
    KnownCheck{"sql", &sql},
    KnownCheck{"spl", &spl},
    KnownCheck{"prose", &prose},
    KnownCheck{"judge", &judge},
    KnownCheck{"tool_calls", &tool_calls},
};

}  // namespace

std::vector<PolicyCheck> compile_checks(const config::PolicyConfig& policy,
                                        const CheckResources& resources) {
  std::vector<PolicyCheck> out;
  for (const KnownCheck& known : kKnownChecks) {
    if (std::optional<CheckFactory> make = known.compile(policy, resources)) {
      out.push_back({known.name, std::move(*make)});
    }
  }
  return out;
}

}  // namespace groundgate::filters::checks
