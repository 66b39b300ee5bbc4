#pragma once
// Runs a proxy until SIGINT/SIGTERM (drain, then exit 0); SIGHUP reloads the config file, as
// does a change to it when reload.watch is on.

#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>

#include "config/config.h"
#include "proxy/server/proxy_server.h"

namespace groundgate::proxy::cli {

struct RunHooks {
  // After the proxy listens, before serving: start companions (the demo's mock upstream) on
  // the first I/O thread's io_context.
  // Returns an error message, or empty.
  std::function<std::string(boost::asio::io_context&, server::ProxyServer&)> started;
  // When the proxy has drained, before the io_context stops (on an I/O thread).
  std::function<void()> stopping;
  // After the I/O threads ended, before the io_contexts are destroyed.
  std::function<void()> stopped;
};

int run_proxy(std::shared_ptr<const config::Config> config, std::string config_path,
              RunHooks hooks = {});

// Sets the default spdlog logger (stderr) to the configured level.
void configure_logging(const config::LoggingConfig& logging);

}  // namespace groundgate::proxy::cli
