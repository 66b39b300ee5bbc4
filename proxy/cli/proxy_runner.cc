#include "proxy/cli/proxy_runner.h"

#include <csignal>
#include <thread>
#include <vector>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <boost/asio/signal_set.hpp>

namespace groundgate::proxy::cli {
namespace asio = boost::asio;

void configure_logging(const config::LoggingConfig& logging) {
  auto logger = spdlog::stderr_color_mt("groundgate");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::from_str(logging.level));
}

namespace {

void wait_for_signals(asio::signal_set& signals, server::ProxyServer& server, asio::io_context& io,
                      const RunHooks& hooks, bool& draining) {
  signals.async_wait([&](const boost::system::error_code& ec, int signal) {
    if (ec) return;
    if (signal == SIGHUP) {
      server.reload();
    } else if (!draining) {
      draining = true;
      spdlog::info("signal {}: draining", signal);
      server.drain([&] {
        if (hooks.stopping) hooks.stopping();
        io.stop();
      });
    } else {
      spdlog::warn("second signal: stopping now");
      io.stop();
    }
    wait_for_signals(signals, server, io, hooks, draining);
  });
}

}  // namespace

int run_proxy(std::shared_ptr<const config::Config> config, std::string config_path,
              RunHooks hooks) {
  configure_logging(config->logging);
  auto runtime = server::build_runtime_config(config);
  if (!runtime.runtime) {
    spdlog::error("{}", runtime.error);
    return 1;
  }
  asio::io_context io;
  server::ProxyServer server(io, runtime.runtime, std::move(config_path));
  if (auto error = server.start(); !error.empty()) {
    spdlog::error("{}", error);
    return 1;
  }
  if (hooks.started) {
    if (auto error = hooks.started(io, server); !error.empty()) {
      spdlog::error("{}", error);
      return 1;
    }
  }
  spdlog::info("groundgate listening on {}:{} (admin {}:{})", config->listen.host, server.port(),
               config->admin_listen.host, server.admin_port());

  asio::signal_set signals(io, SIGINT, SIGTERM, SIGHUP);
  bool draining = false;
  wait_for_signals(signals, server, io, hooks, draining);

  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> workers;
  for (unsigned i = 1; i < threads; ++i)
    workers.emplace_back([&io] { io.run(); });
  io.run();
  for (auto& t : workers)
    t.join();
  if (hooks.stopped) hooks.stopped();
  spdlog::info("groundgate stopped");
  return 0;
}

}  // namespace groundgate::proxy::cli
