#pragma once
// The verification engines of `groundgate check` and `groundgate eval`, set up the way the proxy
// runs them (filters/verify): from a `--verifiers` list, or from a policy of a config file.

#include <memory>
#include <string>
#include <string_view>

#include "filters/semantic_piece/verifier_options.h"
#include "filters/triplet/triplet_extractor.h"
#include "filters/verify/answer_summary.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::offline {

// The engines of `groundgate eval` and `groundgate train` when none are named: a policy's
// `verifiers: [semantic_pieces]` with no other tuning.
inline constexpr std::string_view kDefaultVerifiers = "semantic_pieces";

struct VerifierSetup {
  std::shared_ptr<const filters::verify::VerifyConfig> config;  // null on error
  filters::verify::AnswerRule rule;                             // the answer-level decision
  std::string error;
};

// Engine parameters the command line may override; unset fields keep the engines' defaults.
struct VerifierOverrides {
  std::optional<double> max_unsupported_share;
  std::optional<double> min_coverage;
  std::optional<double> match_overlap;
  std::optional<double> elsewhere_weight;
  std::optional<bool> support_needs_agreement;
  std::optional<double> strong_support;  // CombineRule::strong_support (above 1: never)
  // Engines to run instead of the policy's, comma-separated (the policy's other settings stay).
  std::optional<std::string> verifiers;
  // The triplet extractor's use of link-grammar: "doubtful" (default: clauses the rules may
  // misread), "always" (every clause that fits the parser) or "never" (rules only).
  std::string triplet_parser = "doubtful";
  // The scorer model: "builtin", "off" or a file (the policy's, or the built-in, when unset).
  std::optional<std::string> scorer;
};

// Whether `mode` names a triplet_parser setting.
bool valid_triplet_parser(std::string_view mode);

// `list`: comma-separated engine names, from semantic_pieces and triplets.
VerifierSetup setup_from_list(std::string_view list, const VerifierOverrides& overrides);
// The verifier settings of policy `policy` in the config file at `path`.
VerifierSetup setup_from_policy(const std::string& path, std::string_view policy,
                                const VerifierOverrides& overrides);

}  // namespace groundgate::offline
