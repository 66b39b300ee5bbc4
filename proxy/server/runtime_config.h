#pragma once
// One immutable snapshot of everything a request needs from configuration: the typed config,
// the compiled filter configs and the TLS contexts (the listener's and the upstreams'). A reload
// builds a new snapshot and swaps it in; streams in flight keep the one they started with.

#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/ssl/context.hpp>

#include "config/config.h"
#include "filters/registry/filter_chain_factory.h"
#include "proxy/tracing/sampler.h"

namespace groundgate::proxy::server {

struct RuntimeConfig {
  std::shared_ptr<const config::Config> config;
  std::shared_ptr<const filters::registry::FilterChainFactory> filters;
  // OpenSSL contexts are safe to share between threads once built; Asio wants them non-const.
  std::map<std::string, std::shared_ptr<boost::asio::ssl::context>, std::less<>> upstream_tls;
  // The listener's certificate and key, read from their files at each load, so a reload picks
  // up rotated certificates for new connections; null without `tls`.
  std::shared_ptr<boost::asio::ssl::context> server_tls;
  // Which requests are traced; unset: tracing is off (traceparent passes unchanged).
  std::optional<tracing::Sampler> sampler;
  // For an https:// tracing collector; null otherwise.
  std::shared_ptr<boost::asio::ssl::context> collector_tls;
  // For an https:// verdict webhook receiver; null otherwise.
  std::shared_ptr<boost::asio::ssl::context> webhook_tls;

  boost::asio::ssl::context* tls_for(std::string_view upstream) const;
};

struct RuntimeConfigResult {
  std::shared_ptr<const RuntimeConfig> runtime;  // null on error
  std::string error;
};

// `previous`: the running snapshot on a reload (its context-index cache is kept), else null.
RuntimeConfigResult build_runtime_config(std::shared_ptr<const config::Config> config,
                                         const RuntimeConfig* previous = nullptr);

// The current snapshot, readable from any thread.
class ConfigStore {
 public:
  explicit ConfigStore(std::shared_ptr<const RuntimeConfig> initial)
      : current_(std::move(initial)) {}
  std::shared_ptr<const RuntimeConfig> current() const { return current_.load(); }
  void replace(std::shared_ptr<const RuntimeConfig> next) { current_.store(std::move(next)); }

 private:
  std::atomic<std::shared_ptr<const RuntimeConfig>> current_;
};

}  // namespace groundgate::proxy::server
