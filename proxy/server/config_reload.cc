#include "proxy/server/config_reload.h"

#include <spdlog/spdlog.h>

#include <boost/asio/ip/host_name.hpp>

#include "config/config_loader.h"
#include "proxy/server/collector_client.h"

namespace groundgate::proxy::server {

void configure_tracing(ServerContext& context, const RuntimeConfig& runtime) {
  const config::Config& config = *runtime.config;
  if (!config.tracing) return;  // spans already queued still go out
  tracing::SpanExporter::Options options;
  options.queue_spans = config.tracing->queue_spans;
  options.batch_spans = config.tracing->batch_spans;
  options.flush_interval = config.tracing->flush_interval;
  options.resource.service_name = config.tracing->service_name;
  options.resource.service_version = GG_VERSION;
  options.resource.host_name = boost::asio::ip::host_name();
  context.span_exporter.configure(std::move(options),
                                  make_collector_transport(*config.tracing, runtime.collector_tls));
}

void configure_verdicts(ServerContext& context, const RuntimeConfig& runtime) {
  const config::Config& config = *runtime.config;
  context.verdicts.set_limits({config.verdicts.keep, config.verdicts.max_bytes});
  context.verdicts_from_anywhere = config.verdicts.lookup_from_anywhere;
  if (!config.verdict_webhook) {
    context.verdict_webhook.configure({}, nullptr);
    return;
  }
  const config::VerdictWebhookConfig& webhook = *config.verdict_webhook;
  context.verdict_webhook.configure({webhook.queue, webhook.attempts, webhook.retry_after},
                                    make_webhook_transport(webhook, runtime.webhook_tls));
}

ConfigWatch::Watched watched_files(const config::Config& config, const std::string& config_path) {
  ConfigWatch::Watched watched{{}, config.reload.debounce};
  if (!config.reload.watch) return watched;
  std::vector<std::string>& files = watched.files;
  files.push_back(config_path);
  if (config.tls) {
    files.push_back(config.tls->cert_file);
    files.push_back(config.tls->key_file);
  }
  for (const config::UpstreamConfig& upstream : config.upstreams) {
    if (!upstream.tls.ca_file.empty()) files.push_back(upstream.tls.ca_file);
  }
  if (config.tracing && !config.tracing->collector.tls.ca_file.empty()) {
    files.push_back(config.tracing->collector.tls.ca_file);
  }
  return watched;
}

ConfigReloader::Result ConfigReloader::fail(std::string message) {
  context_->metrics.config_reloads_total.with({observability::kReloadError}).inc();
  spdlog::error("config reload rejected, keeping the running config: {}", message);
  return {std::move(message), std::nullopt};
}

ConfigReloader::Result ConfigReloader::reload() {
  std::lock_guard lock(mutex_);
  if (config_path_.empty()) return fail("built-in config: nothing to reload");
  auto loaded = config::load_config_file(config_path_);
  if (!loaded.config) {
    std::string message;
    for (const auto& e : loaded.errors)
      message += e.to_string() + "\n";
    return fail(message);
  }
  auto runtime = build_runtime_config(loaded.config, context_->configs.current().get());
  if (!runtime.runtime) return fail(runtime.error);
  const auto& old_config = *context_->configs.current()->config;
  if (loaded.config->listen.host != old_config.listen.host ||
      loaded.config->listen.port != old_config.listen.port) {
    spdlog::warn("config reload: a new listen address takes effect only after a restart");
  }
  configure_tracing(*context_, *runtime.runtime);
  configure_verdicts(*context_, *runtime.runtime);
  context_->configs.replace(std::move(runtime.runtime));
  context_->metrics.config_reloads_total.with({observability::kReloadOk}).inc();
  spdlog::info("config reloaded from {}", config_path_);
  return {{}, watched_files(*loaded.config, config_path_)};
}

}  // namespace groundgate::proxy::server
