#include "proxy/server/runtime_config.h"

#include "proxy/server/tls_contexts.h"

namespace groundgate::proxy::server {

boost::asio::ssl::context* RuntimeConfig::tls_for(std::string_view upstream) const {
  auto it = upstream_tls.find(upstream);
  return it == upstream_tls.end() ? nullptr : it->second.get();
}

RuntimeConfigResult build_runtime_config(std::shared_ptr<const config::Config> config,
                                         const RuntimeConfig* previous) {
  auto runtime = std::make_shared<RuntimeConfig>();
  if (config->tls) {
    auto tls = make_server_tls_context(*config->tls);
    if (!tls.context) return {nullptr, tls.error};
    runtime->server_tls = std::move(tls.context);
  }
  for (const auto& upstream : config->upstreams) {
    if (!upstream.https) continue;
    auto tls = make_upstream_tls_context(upstream.tls);
    if (!tls.context) return {nullptr, "upstream " + upstream.name + ": " + tls.error};
    runtime->upstream_tls.emplace(upstream.name, std::move(tls.context));
  }
  if (config->tracing) {
    runtime->sampler.emplace(config->tracing->sample_ratio, config->tracing->parent_based);
    if (config->tracing->collector.https) {
      auto tls = make_upstream_tls_context(config->tracing->collector.tls);
      if (!tls.context) return {nullptr, "tracing: " + tls.error};
      runtime->collector_tls = std::move(tls.context);
    }
  }
  if (config->verdict_webhook && config->verdict_webhook->receiver.https) {
    auto tls = make_upstream_tls_context(config->verdict_webhook->receiver.tls);
    if (!tls.context) return {nullptr, "verdict_webhook: " + tls.error};
    runtime->webhook_tls = std::move(tls.context);
  }
  runtime->filters = filters::registry::FilterChainFactory::build(
      *config, previous != nullptr ? previous->filters->index_cache() : nullptr,
      previous != nullptr ? previous->filters->schema_cache() : nullptr);
  // The config's check found the language data's files; this is data that does not load.
  if (!runtime->filters->engine_error().empty()) return {nullptr, runtime->filters->engine_error()};
  runtime->config = std::move(config);
  return {std::move(runtime), {}};
}

}  // namespace groundgate::proxy::server
