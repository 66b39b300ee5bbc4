#include "filters/actions/guard_config.h"

#include "filters/verify/engine_setup.h"

namespace groundgate::filters::actions {
namespace {

context::ContextOptions context_options(const config::ContextSourcesConfig& c) {
  context::ContextOptions out;
  out.tool_messages = c.tool_messages;
  out.extension_fields = c.extension_fields;
  out.keep_extension_fields = c.keep_extension_fields;
  out.tagged_blocks = c.tagged_blocks;
  out.user_messages = c.user_messages;
  out.tags = c.tags;
  out.system_message = c.system_message;
  out.question = c.question;
  out.max_bytes = c.max_bytes;
  return out;
}

}  // namespace

std::shared_ptr<const GuardConfig> compile_guard(const config::PolicyConfig& policy,
                                                 std::shared_ptr<index::ContextIndexCache> cache,
                                                 const config::LanguageDataConfig& data,
                                                 std::string* engine_error,
                                                 std::shared_ptr<sql::SchemaCache> schema_cache) {
  // Without WordNet or the link-grammar dictionary the engines still run: minus synonyms and
  // antonyms, or with every triplet check reported as engine_missing (on_error decides).
  verify::VerifyConfig verify = verify::verify_settings(policy);
  std::string error;
  if (policy.verifies()) {  // a policy that checks only SQL needs no language engine
    error = verify::load_engines(verify, {}, data);
    // A model that does not load leaves every sentence unverified: on_error decides.
    if (std::string scorer_error = verify::load_scorer(verify, policy.scorer);
        !scorer_error.empty())
      error += (error.empty() ? "" : "; ") + scorer_error;
  }
  if (engine_error != nullptr) *engine_error = std::move(error);
  const verify::AnswerRule rule = verify::answer_rule(verify);

  auto guard = std::make_shared<GuardConfig>();
  guard->policy = policy.name;
  guard->context = context_options(policy.context);
  guard->cache = std::move(cache);
  guard->hold = policy.hold;
  guard->actions = policy.actions;
  guard->rewrite = policy.rewrite;
  guard->answer = policy.answer;
  guard->on_error = policy.on_error;
  guard->rule = rule;
  guard->verify_json_responses = policy.verify_json_responses;
  guard->verify_tool_calls = policy.verify_tool_calls;
  guard->verify_refusals = policy.verify_refusals;
  guard->verify_reasoning = policy.verify_reasoning;
  guard->prose = policy.verifies();
  const checks::CheckResources resources{
      std::make_shared<const verify::VerifyConfig>(std::move(verify)), std::move(schema_cache)};
  guard->checks = checks::compile_checks(policy, resources);
  return guard;
}

}  // namespace groundgate::filters::actions
