#pragma once
// Re-reading the config file and installing it: new streams use it, streams in flight finish
// on the old one; a config with errors is rejected and the old one stays. The reloader holds
// what a reload needs (the file's path and the server's shared context) and nothing of the
// server, so the config watch's thread, which reloads through it, never reaches the server.

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "config/config.h"
#include "proxy/server/config_watch.h"
#include "proxy/server/runtime_config.h"
#include "proxy/server/server_context.h"

namespace groundgate::proxy::server {

// Points the span exporter at the config's collector (when it traces).
void configure_tracing(ServerContext& context, const RuntimeConfig& runtime);
// The verdict look-up's bounds and the webhook's receiver, from the config.
void configure_verdicts(ServerContext& context, const RuntimeConfig& runtime);
// What the config watch watches for `config` read from `config_path`: the file and the files
// it names (none when reload.watch is off).
ConfigWatch::Watched watched_files(const config::Config& config, const std::string& config_path);

class ConfigReloader {
 public:
  // `config_path` empty: a built-in config, every reload is refused.
  ConfigReloader(std::string config_path, std::shared_ptr<ServerContext> context)
      : config_path_(std::move(config_path)), context_(std::move(context)) {}

  struct Result {
    std::string error;                            // empty: reloaded
    std::optional<ConfigWatch::Watched> watched;  // what the new config reads, when reloaded
  };
  // Safe from any thread; reloads run one at a time.
  Result reload();

 private:
  Result fail(std::string message);

  const std::string config_path_;
  const std::shared_ptr<ServerContext> context_;
  std::mutex mutex_;
};

}  // namespace groundgate::proxy::server
