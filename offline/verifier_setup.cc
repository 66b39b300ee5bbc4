#include "offline/verifier_setup.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include "config/config_loader.h"
#include "filters/verify/engine_setup.h"
#include "filters/verify/engine_table.h"

namespace groundgate::offline {
namespace {

namespace verify = filters::verify;
namespace triplet = filters::triplet;

VerifierSetup failed(std::string error) {
  VerifierSetup s;
  s.error = std::move(error);
  return s;
}

// Sets which engines run from a comma-separated list; an error names the unknown one.
std::string select_engines(std::string_view list, verify::VerifyConfig& config) {
  std::string known;
  for (const verify::KnownEngine& engine : verify::known_engines()) {
    config.*engine.selected = false;
    known += (known.empty() ? "" : ", ") + std::string(engine.name);
  }
  std::stringstream in{std::string(list)};
  bool any = false;
  for (std::string name; std::getline(in, name, ',');) {
    const verify::KnownEngine* engine = verify::find_engine(name);
    if (engine == nullptr) return "unknown verifier '" + name + "' (known: " + known + ")";
    config.*engine->selected = any = true;
  }
  if (!any) return "no verifier selected";
  return {};
}

// `data`: where WordNet and the link-grammar dictionary are (the policy's config, or Debian's).
VerifierSetup finish(verify::VerifyConfig config, config::ScorerConfig scorer,
                     const VerifierOverrides& o, const config::LanguageDataConfig& data = {}) {
  filters::semantic_piece::AnswerRule& rule = config.pieces.rule;
  if (o.max_unsupported_share) rule.max_unsupported_share = *o.max_unsupported_share;
  if (o.min_coverage) config.pieces.min_coverage = *o.min_coverage;
  if (o.match_overlap) config.pieces.match_overlap = *o.match_overlap;
  if (o.elsewhere_weight) config.pieces.elsewhere_weight = *o.elsewhere_weight;
  if (o.support_needs_agreement) {
    config.combine.support = *o.support_needs_agreement ? verify::CombineRule::Support::kAgreement
                                                        : verify::CombineRule::Support::kEither;
  }
  if (o.strong_support) config.combine.strong_support = *o.strong_support;
  if (o.verifiers) {
    if (std::string error = select_engines(*o.verifiers, config); !error.empty())
      return failed(std::move(error));
  }
  if (!valid_triplet_parser(o.triplet_parser)) {
    return failed("unknown triplet parser mode '" + o.triplet_parser +
                  "' (known: doubtful, always, never)");
  }
  triplet::TripletExtractor::Options options;
  options.use_parser = o.triplet_parser != "never";
  options.rules_first = o.triplet_parser == "doubtful";
  if (std::string error = verify::load_engines(config, options, data); !error.empty()) {
    return failed(std::move(error));
  }
  if (o.scorer) scorer.model = *o.scorer;
  if (std::string error = verify::load_scorer(config, scorer); !error.empty()) {
    return failed(std::move(error));
  }
  VerifierSetup s;
  s.rule = verify::answer_rule(config);
  s.config = std::make_shared<const verify::VerifyConfig>(std::move(config));
  return s;
}

}  // namespace

bool valid_triplet_parser(std::string_view mode) {
  return mode == "doubtful" || mode == "always" || mode == "never";
}

VerifierSetup setup_from_list(std::string_view list, const VerifierOverrides& overrides) {
  verify::VerifyConfig config;
  if (std::string error = select_engines(list, config); !error.empty())
    return failed(std::move(error));
  return finish(std::move(config), config::ScorerConfig{}, overrides);
}

VerifierSetup setup_from_policy(const std::string& path, std::string_view policy,
                                const VerifierOverrides& overrides) {
  const config::LoadResult loaded = config::load_config_file(path);
  if (!loaded.config) {
    std::string error;
    for (const config::ConfigError& e : loaded.errors)
      error += (error.empty() ? "" : "\n") + e.to_string();
    return failed(error.empty() ? path + ": cannot load" : error);
  }
  const auto& policies = loaded.config->policies;
  const auto it = std::find_if(policies.begin(), policies.end(),
                               [&](const config::PolicyConfig& p) { return p.name == policy; });
  if (it == policies.end()) {
    return failed(path + ": no policy '" + std::string(policy) + "'");
  }
  if (!it->verifies()) return failed("policy '" + it->name + "' runs no verifier");
  return finish(verify::verify_settings(*it), it->scorer, overrides, loaded.config->language_data);
}

}  // namespace groundgate::offline
