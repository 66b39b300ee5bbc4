#include "filters/actions/guard_config.h"

#include <mutex>

#include "filters/text/lexicon.h"
#include "filters/triplet/link_dictionary.h"

namespace groundgate::filters::actions {
namespace {

constexpr std::size_t kTripletCacheEntries = 16'384;

context::ContextOptions context_options(const config::ContextSourcesConfig& c) {
  context::ContextOptions out;
  out.tool_messages = c.tool_messages;
  out.extension_fields = c.extension_fields;
  out.keep_extension_fields = c.keep_extension_fields;
  out.tagged_blocks = c.tagged_blocks;
  out.tags = c.tags;
  out.system_message = c.system_message;
  out.question = c.question;
  out.max_bytes = c.max_bytes;
  return out;
}

semantic_piece::VerifierOptions piece_options(const config::SemanticPiecesConfig& c) {
  semantic_piece::VerifierOptions out;
  out.top_k = c.top_k;
  out.min_coverage = c.min_coverage;
  out.match_overlap = c.match_overlap;
  out.elsewhere_weight = c.elsewhere_weight;
  out.question_grounds_words = c.question_grounds_words;
  out.rule.flag_contradicted = c.flag_contradicted;
  out.rule.max_unsupported_share = c.max_unsupported_share;
  return out;
}

// The process's triplet extractor and cache: the dictionary takes a while to load and the
// cache pays off across policies and reloads. Null extractor when the dictionary is missing.
struct TripletResources {
  std::shared_ptr<const triplet::TripletExtractor> extractor;
  std::shared_ptr<triplet::TripletCache> cache;
};

TripletResources triplet_resources(std::shared_ptr<const text::Lexicon> lexicon) {
  static std::mutex mutex;
  static TripletResources shared;
  std::lock_guard lock(mutex);
  if (!shared.extractor) {
    triplet::LinkDictionary::LoadResult loaded = triplet::LinkDictionary::shared();
    if (loaded.dictionary) {
      shared.extractor = std::make_shared<const triplet::TripletExtractor>(
          loaded.dictionary, std::move(lexicon), triplet::TripletExtractor::Options{});
      shared.cache = std::make_shared<triplet::TripletCache>(kTripletCacheEntries);
    }
  }
  return shared;
}

}  // namespace

std::shared_ptr<const GuardConfig> compile_guard(const config::PolicyConfig& policy,
                                                 std::shared_ptr<index::ContextIndexCache> cache) {
  auto verify = std::make_shared<verify::VerifyConfig>();
  verify->semantic_pieces = policy.runs("semantic_pieces");
  verify->triplets = policy.runs("triplets");
  verify->pieces = piece_options(policy.semantic_pieces);
  // Loaded once per process; without WordNet the engines still run, minus synonyms and
  // antonyms (the lexicon's loader reports why).
  verify->pieces.lexicon = text::Lexicon::shared().lexicon;
  verify->triplet_options.top_k = policy.triplets.top_k;
  if (verify->triplets) {
    TripletResources triplets = triplet_resources(verify->pieces.lexicon);
    verify->extractor = std::move(triplets.extractor);
    verify->triplet_cache = std::move(triplets.cache);
  }
  verify->combine.support = policy.combine.support_needs_agreement
                                ? verify::CombineRule::Support::kAgreement
                                : verify::CombineRule::Support::kEither;
  verify->combine.strong_support = policy.combine.strong_support;
  verify->max_sentence_bytes = policy.max_sentence_bytes;
  verify->budget = std::chrono::microseconds(policy.verify_budget_us);

  auto guard = std::make_shared<GuardConfig>();
  guard->policy = policy.name;
  guard->context = context_options(policy.context);
  guard->verify = std::move(verify);
  guard->cache = std::move(cache);
  guard->hold = policy.hold;
  guard->actions = policy.actions;
  guard->rewrite = policy.rewrite;
  guard->answer = policy.answer;
  guard->on_error = policy.on_error;
  guard->rule.flag_contradicted = policy.semantic_pieces.flag_contradicted;
  guard->rule.max_unsupported_share = policy.semantic_pieces.max_unsupported_share;
  guard->verify_json_responses = policy.verify_json_responses;
  return guard;
}

}  // namespace groundgate::filters::actions
