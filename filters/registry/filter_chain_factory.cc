#include "filters/registry/filter_chain_factory.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

#include "filters/actions/guard_config.h"
#include "filters/actions/guard_filter.h"
#include "filters/redact/phrase_matcher.h"
#include "filters/redact/phrase_redactor.h"

namespace groundgate::filters::registry {
namespace {

// What one config snapshot's filters share.
struct SnapshotResources {
  std::shared_ptr<index::ContextIndexCache> index_cache;
  std::shared_ptr<sql::SchemaCache> schema_cache;
  const config::LanguageDataConfig& language_data;
  std::string engine_error;  // the first policy's that failed

  std::shared_ptr<index::ContextIndexCache> cache() const { return index_cache; }
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

std::optional<FilterFactory> compile_guard(const config::PolicyConfig& policy,
                                           SnapshotResources& shared) {
  if (!policy.guards()) return std::nullopt;
  std::string error;
  std::shared_ptr<const actions::GuardConfig> compiled = actions::compile_guard(
      policy, shared.cache(), shared.language_data, &error, shared.schema_cache);
  if (!error.empty() && shared.engine_error.empty()) {
    shared.engine_error = "policy '" + policy.name + "': " + error;
  }
  return FilterFactory([compiled](const StreamInfo& info) -> std::unique_ptr<stream::StreamFilter> {
    return std::make_unique<actions::GuardFilter>(compiled, info.request, info.log_content);
  });
}

// Every filter a policy can configure, in the order they run: verifiers check the text the
// client gets, so they come after the filters that change it. An explicit table, not static
// self-registration, which silently disappears from static libraries.
constexpr std::array kKnownFilters{
    KnownFilter{"redact", &compile_redact},
    KnownFilter{"guard", &compile_guard},
};

}  // namespace

std::shared_ptr<const FilterChainFactory> FilterChainFactory::build(
    const config::Config& config, std::shared_ptr<index::ContextIndexCache> index_cache,
    std::shared_ptr<sql::SchemaCache> schema_cache) {
  std::shared_ptr<FilterChainFactory> factory(new FilterChainFactory());
  const std::size_t cache_bytes = config.limits.context_cache_bytes;
  if (index_cache) {
    index_cache->set_max_memory_bytes(cache_bytes);
  } else {
    index_cache = std::make_shared<index::ContextIndexCache>(cache_bytes);
  }
  const std::size_t schema_bytes = config.limits.sql_schema_cache_bytes;
  if (schema_cache) {
    schema_cache->set_max_memory_bytes(schema_bytes);
  } else {
    schema_cache = std::make_shared<sql::SchemaCache>(schema_bytes);
  }
  SnapshotResources shared{
      std::move(index_cache), std::move(schema_cache), config.language_data, {}};
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
  factory->schema_cache_ = std::move(shared.schema_cache);
  factory->engine_error_ = std::move(shared.engine_error);
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
