#include "proxy/cli/verifier_setup.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include "config/config_loader.h"
#include "filters/text/lexicon.h"
#include "filters/triplet/link_dictionary.h"

namespace groundgate::proxy::cli {
namespace {

namespace verify = filters::verify;
namespace triplet = filters::triplet;

// Context sentences whose triplets stay cached across the samples of a run.
constexpr std::size_t kTripletCacheEntries = 16384;

VerifierSetup failed(std::string error) {
  VerifierSetup s;
  s.error = std::move(error);
  return s;
}

// Loads the shared resources the selected engines need; the error names the missing one.
std::string load_engines(verify::VerifyConfig& config, std::string_view parser_mode) {
  auto lexicon = filters::text::Lexicon::shared();
  if (!lexicon.lexicon) return "WordNet: " + lexicon.error;
  config.pieces.lexicon = lexicon.lexicon;
  if (!config.triplets) return {};
  auto dictionary = triplet::LinkDictionary::shared();
  if (!dictionary.dictionary) return dictionary.error;
  triplet::TripletExtractor::Options options;
  options.use_parser = parser_mode != "never";
  options.rules_first = parser_mode == "doubtful";
  config.extractor = std::make_shared<const triplet::TripletExtractor>(dictionary.dictionary,
                                                                       lexicon.lexicon, options);
  config.triplet_cache = std::make_shared<triplet::TripletCache>(kTripletCacheEntries);
  return {};
}

VerifierSetup finish(verify::VerifyConfig config, filters::semantic_piece::AnswerRule rule,
                     const VerifierOverrides& o) {
  if (o.max_unsupported_share) rule.max_unsupported_share = *o.max_unsupported_share;
  if (o.min_coverage) config.pieces.min_coverage = *o.min_coverage;
  if (o.match_overlap) config.pieces.match_overlap = *o.match_overlap;
  if (o.elsewhere_weight) config.pieces.elsewhere_weight = *o.elsewhere_weight;
  if (o.support_needs_agreement) {
    config.combine.support = *o.support_needs_agreement ? verify::CombineRule::Support::kAgreement
                                                        : verify::CombineRule::Support::kEither;
  }
  if (o.strong_support) config.combine.strong_support = *o.strong_support;
  config.pieces.rule = rule;
  if (!valid_triplet_parser(o.triplet_parser)) {
    return failed("unknown triplet parser mode '" + o.triplet_parser +
                  "' (known: doubtful, always, never)");
  }
  if (std::string error = load_engines(config, o.triplet_parser); !error.empty()) {
    return failed(std::move(error));
  }
  VerifierSetup s;
  s.rule = rule;
  s.config = std::make_shared<const verify::VerifyConfig>(std::move(config));
  return s;
}

}  // namespace

bool valid_triplet_parser(std::string_view mode) {
  return mode == "doubtful" || mode == "always" || mode == "never";
}

VerifierSetup setup_from_list(std::string_view list, const VerifierOverrides& overrides) {
  verify::VerifyConfig config;
  config.semantic_pieces = false;
  std::stringstream in{std::string(list)};
  for (std::string name; std::getline(in, name, ',');) {
    if (name == "semantic_pieces") {
      config.semantic_pieces = true;
    } else if (name == "triplets") {
      config.triplets = true;
    } else {
      return failed("unknown verifier '" + name + "' (known: semantic_pieces, triplets)");
    }
  }
  if (!config.semantic_pieces && !config.triplets) return failed("no verifier selected");
  const filters::semantic_piece::AnswerRule rule = config.pieces.rule;
  return finish(std::move(config), rule, overrides);
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
  verify::VerifyConfig config;
  config.semantic_pieces = it->runs("semantic_pieces");
  config.triplets = it->runs("triplets");
  const config::SemanticPiecesConfig& sp = it->semantic_pieces;
  config.pieces.top_k = sp.top_k;
  config.pieces.min_coverage = sp.min_coverage;
  config.pieces.match_overlap = sp.match_overlap;
  config.pieces.elsewhere_weight = sp.elsewhere_weight;
  config.pieces.question_grounds_words = sp.question_grounds_words;
  config.triplet_options.top_k = it->triplets.top_k;
  config.combine.support = it->combine.support_needs_agreement
                               ? verify::CombineRule::Support::kAgreement
                               : verify::CombineRule::Support::kEither;
  config.combine.strong_support = it->combine.strong_support;
  config.max_sentence_bytes = it->max_sentence_bytes;
  config.budget = std::chrono::microseconds(it->verify_budget_us);
  filters::semantic_piece::AnswerRule rule;
  rule.flag_contradicted = sp.flag_contradicted;
  rule.max_unsupported_share = sp.max_unsupported_share;
  return finish(std::move(config), rule, overrides);
}

}  // namespace groundgate::proxy::cli
