#include "filters/registry/filter_chain_factory.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

#include "filters/context/context_options.h"
#include "filters/redact/phrase_matcher.h"
#include "filters/redact/phrase_redactor.h"
#include "filters/semantic_piece/semantic_piece_filter.h"
#include "filters/semantic_piece/verifier_options.h"
#include "filters/text/lexicon.h"

namespace groundgate::filters::registry {
namespace {

// What one config snapshot's filters share, made on first use while compiling it.
struct SnapshotResources {
  std::shared_ptr<index::ContextIndexCache> index_cache;

  std::shared_ptr<index::ContextIndexCache> cache() {
    if (!index_cache) {
      index_cache =
          std::make_shared<index::ContextIndexCache>(FilterChainFactory::kIndexCacheBytes);
    }
    return index_cache;
  }
};

// Compiles one kind of filter for a policy; nothing when the policy does not configure it.
using FilterCompiler = std::optional<FilterFactory> (*)(const config::PolicyConfig&,
                                                        SnapshotResources&);

struct KnownFilter {
  std::string_view name;
  FilterCompiler compile;
};

std::optional<FilterFactory> compile_redact(const config::PolicyConfig& policy,
                                            SnapshotResources&) {
  if (!policy.redact) return std::nullopt;
  std::shared_ptr<const redact::PhraseMatcher> matcher =
      redact::PhraseMatcher::compile(*policy.redact);
  if (matcher->empty()) return std::nullopt;
  return FilterFactory([matcher](const StreamInfo&) -> std::unique_ptr<stream::StreamFilter> {
    return std::make_unique<redact::PhraseRedactor>(matcher);
  });
}

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

semantic_piece::VerifierOptions verifier_options(const config::SemanticPiecesConfig& c) {
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

std::optional<FilterFactory> compile_semantic_pieces(const config::PolicyConfig& policy,
                                                     SnapshotResources& shared) {
  if (std::find(policy.verifiers.begin(), policy.verifiers.end(), "semantic_pieces") ==
      policy.verifiers.end()) {
    return std::nullopt;
  }
  auto config = std::make_shared<semantic_piece::SemanticPieceFilterConfig>();
  config->context = context_options(policy.context);
  config->verifier = verifier_options(policy.semantic_pieces);
  // Loaded once per process; without WordNet the verifier still runs, minus synonyms and
  // antonyms (the lexicon's loader reports why).
  config->verifier.lexicon = text::Lexicon::shared().lexicon;
  config->cache = shared.cache();
  std::shared_ptr<const semantic_piece::SemanticPieceFilterConfig> compiled = std::move(config);
  return FilterFactory([compiled](const StreamInfo& info) -> std::unique_ptr<stream::StreamFilter> {
    return std::make_unique<semantic_piece::SemanticPieceFilter>(compiled, info.request_body,
                                                                 info.forwarded_body);
  });
}

// Every filter a policy can configure, in the order they run: verifiers check the text the
// client gets, so they come after the filters that change it. An explicit table, not static
// self-registration, which silently disappears from static libraries.
constexpr std::array kKnownFilters{
    KnownFilter{"redact", &compile_redact},
    KnownFilter{"semantic_pieces", &compile_semantic_pieces},
};

}  // namespace

std::shared_ptr<const FilterChainFactory> FilterChainFactory::build(const config::Config& config) {
  std::shared_ptr<FilterChainFactory> factory(new FilterChainFactory());
  SnapshotResources shared;
  for (const config::PolicyConfig& policy : config.policies) {
    if (policy.name.empty() || factory->policies_.contains(policy.name)) continue;
    std::vector<NamedFactory> filters;
    for (const KnownFilter& known : kKnownFilters) {
      if (std::optional<FilterFactory> make = known.compile(policy, shared)) {
        filters.push_back({known.name, std::move(*make)});
      }
    }
    factory->policies_.emplace(policy.name, std::move(filters));
  }
  factory->index_cache_ = std::move(shared.index_cache);
  return factory;
}

stream::FilterChain FilterChainFactory::create(std::string_view policy,
                                               const StreamInfo& info) const {
  const auto it = policies_.find(policy);
  if (it == policies_.end() || it->second.empty()) return {};
  std::vector<std::unique_ptr<stream::StreamFilter>> filters;
  filters.reserve(it->second.size());
  for (const NamedFactory& factory : it->second)
    filters.push_back(factory.make(info));
  return stream::FilterChain(std::move(filters));
}

bool FilterChainFactory::has_filters(std::string_view policy) const {
  const auto it = policies_.find(policy);
  return it != policies_.end() && !it->second.empty();
}

std::vector<std::string_view> FilterChainFactory::filter_names(std::string_view policy) const {
  std::vector<std::string_view> names;
  if (const auto it = policies_.find(policy); it != policies_.end()) {
    for (const NamedFactory& factory : it->second)
      names.push_back(factory.name);
  }
  return names;
}

}  // namespace groundgate::filters::registry
