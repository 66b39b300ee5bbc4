#include "filters/verify/engine_setup.h"

#include <algorithm>
#include <fstream>
#include <mutex>
#include <sstream>

#include "filters/score/builtin_model.h"
#include "filters/text/lexicon.h"
#include "filters/triplet/link_dictionary.h"
#include "filters/verify/engine_table.h"

namespace groundgate::filters::verify {
namespace {

// Context sentences whose triplets stay cached, shared by every stream and policy.
constexpr std::size_t kTripletCacheEntries = 16'384;

bool same(const triplet::TripletExtractor::Options& a,
          const triplet::TripletExtractor::Options& b) {
  return a.use_parser == b.use_parser && a.rules_first == b.rules_first &&
         a.parser.max_words == b.parser.max_words && a.context_max_words == b.context_max_words;
}

}  // namespace

VerifyConfig verify_settings(const config::PolicyConfig& policy) {
  VerifyConfig c;
  for (const KnownEngine& engine : known_engines())
    c.*engine.selected = policy.runs(engine.name);
  const config::SemanticPiecesConfig& sp = policy.semantic_pieces;
  c.pieces.top_k = sp.top_k;
  c.pieces.min_coverage = sp.min_coverage;
  c.pieces.match_overlap = sp.match_overlap;
  c.pieces.elsewhere_weight = sp.elsewhere_weight;
  c.pieces.question_grounds_words = sp.question_grounds_words;
  c.pieces.check_relations = sp.check_relations;
  c.pieces.names_as_written = sp.names_as_written;
  c.pieces.rule.flag_contradicted = policy.semantic_pieces.flag_contradicted;
  c.pieces.rule.max_unsupported_share = policy.semantic_pieces.max_unsupported_share;
  c.triplet_options.top_k = policy.triplets.top_k;
  c.combine.support = policy.combine.support_needs_agreement ? CombineRule::Support::kAgreement
                                                             : CombineRule::Support::kEither;
  c.combine.strong_support = policy.combine.strong_support;
  for (const std::string& name : policy.combine.contradictions_only) {
    if (const KnownEngine* engine = find_engine(name)) {
      c.combine.contradictions_only[static_cast<std::size_t>(engine->engine)] = true;
    }
  }
  c.max_sentence_bytes = policy.max_sentence_bytes;
  c.budget = std::chrono::microseconds(policy.verify_budget_us);
  c.scorer_wanted = policy.scorer.model != "off";
  return c;
}

AnswerRule answer_rule(const VerifyConfig& verify) {
  AnswerRule rule;
  rule.counts = verify.pieces.rule;
  rule.scorer = verify.scorer;
  rule.answer_at = verify.thresholds.answer;
  return rule;
}

std::string load_scorer(VerifyConfig& config, const config::ScorerConfig& scorer) {
  config.scorer.reset();
  config.scorer_wanted = scorer.model != "off";
  if (!config.scorer_wanted) return {};
  std::string error;
  if (scorer.model == "builtin") {
    static const std::shared_ptr<const score::ScorerModel> builtin = score::ScorerModel::parse(
        score::builtin_model_json(), sentence_feature_names(), answer_feature_names(), error);
    config.scorer = builtin;
    if (!builtin) error = "the built-in scorer model does not load";
  } else {
    std::ifstream in(scorer.model, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) return "scorer model " + scorer.model + ": cannot read";
    config.scorer = score::ScorerModel::parse(text.str(), sentence_feature_names(),
                                              answer_feature_names(), error);
    if (!config.scorer) return "scorer model " + scorer.model + ": " + error;
  }
  if (!config.scorer) return error;
  config.thresholds = config.scorer->thresholds;
  if (scorer.unsupported_at) {
    config.thresholds.unsupported = *scorer.unsupported_at;
    config.thresholds.doubtful = std::min(config.thresholds.doubtful, *scorer.unsupported_at);
  }
  if (scorer.doubtful_at)
    config.thresholds.doubtful = std::min(*scorer.doubtful_at, config.thresholds.unsupported);
  if (scorer.contradicted_at) {
    config.thresholds.contradicted = *scorer.contradicted_at;
    config.thresholds.contradicted_clean = *scorer.contradicted_at;
    config.thresholds.contradicted_polarity = *scorer.contradicted_at;
  }
  if (scorer.answer_at) config.thresholds.answer = *scorer.answer_at;
  return {};
}

std::string load_engines(VerifyConfig& config, const triplet::TripletExtractor::Options& options,
                         const config::LanguageDataConfig& data) {
  text::Lexicon::LoadResult lexicon = text::Lexicon::shared(data.wordnet);
  config.pieces.lexicon = lexicon.lexicon;
  std::string error = lexicon.lexicon ? "" : "WordNet: " + lexicon.error;
  if (!config.triplets) return error;

  static std::mutex mutex;
  static std::shared_ptr<const triplet::TripletExtractor> shared_extractor;
  static std::shared_ptr<triplet::TripletCache> shared_cache;
  static config::LanguageDataConfig shared_data;
  std::lock_guard lock(mutex);
  const bool defaults = same(options, triplet::TripletExtractor::Options{}) &&
                        (!shared_extractor || (data.wordnet == shared_data.wordnet &&
                                               data.link_grammar == shared_data.link_grammar));
  if (defaults && shared_extractor) {
    config.extractor = shared_extractor;
    config.triplet_cache = shared_cache;
    return error;
  }
  triplet::LinkDictionary::LoadResult dictionary =
      triplet::LinkDictionary::shared(data.link_grammar);
  if (!dictionary.dictionary)
    return error.empty() ? dictionary.error : error + "; " + dictionary.error;
  config.extractor = std::make_shared<const triplet::TripletExtractor>(dictionary.dictionary,
                                                                       lexicon.lexicon, options);
  config.triplet_cache = std::make_shared<triplet::TripletCache>(kTripletCacheEntries);
  if (defaults) {
    shared_extractor = config.extractor;
    shared_cache = config.triplet_cache;
    shared_data = data;
  }
  return error;
}

}  // namespace groundgate::filters::verify
