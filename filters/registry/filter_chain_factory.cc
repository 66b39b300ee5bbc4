#include "filters/registry/filter_chain_factory.h"

#include <array>
#include <optional>
#include <utility>

#include "filters/redact/phrase_matcher.h"
#include "filters/redact/phrase_redactor.h"

namespace groundgate::filters::registry {
namespace {

// Compiles one kind of filter for a policy; nothing when the policy does not configure it.
using FilterCompiler = std::optional<FilterFactory> (*)(const config::PolicyConfig&);

struct KnownFilter {
  std::string_view name;
  FilterCompiler compile;
};

std::optional<FilterFactory> compile_redact(const config::PolicyConfig& policy) {
  if (!policy.redact) return std::nullopt;
  std::shared_ptr<const redact::PhraseMatcher> matcher =
      redact::PhraseMatcher::compile(*policy.redact);
  if (matcher->empty()) return std::nullopt;
  return FilterFactory([matcher](const StreamInfo&) -> std::unique_ptr<stream::StreamFilter> {
    return std::make_unique<redact::PhraseRedactor>(matcher);
  });
}

// Every filter a policy can configure, in the order they run. An explicit table, not static
// self-registration, which silently disappears from static libraries.
constexpr std::array kKnownFilters{
    KnownFilter{"redact", &compile_redact},
};

}  // namespace

std::shared_ptr<const FilterChainFactory> FilterChainFactory::build(const config::Config& config) {
  std::shared_ptr<FilterChainFactory> factory(new FilterChainFactory());
  for (const config::PolicyConfig& policy : config.policies) {
    if (policy.name.empty() || factory->policies_.contains(policy.name)) continue;
    std::vector<NamedFactory> filters;
    for (const KnownFilter& known : kKnownFilters) {
      if (std::optional<FilterFactory> make = known.compile(policy)) {
        filters.push_back({known.name, std::move(*make)});
      }
    }
    factory->policies_.emplace(policy.name, std::move(filters));
  }
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
