#include "proxy/cli/proxy_runner.h"

#include <algorithm>
#include <csignal>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/signal_set.hpp>

namespace groundgate::proxy::cli {
namespace asio = boost::asio;

void configure_logging(const config::LoggingConfig& logging) {
  auto logger = spdlog::stderr_color_mt("groundgate");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::from_str(logging.level));
}

namespace {

void wait_for_signals(asio::signal_set& signals, server::ProxyServer& server,
                      const std::function<void()>& stop_all, const RunHooks& hooks,
                      bool& draining) {
  signals.async_wait([&](const boost::system::error_code& ec, int signal) {
    if (ec) return;
    if (signal == SIGHUP) {
      server.request_reload();
    } else if (!draining) {
      draining = true;
      spdlog::info("signal {}: draining", signal);
      server.drain([&] {
        if (hooks.stopping) hooks.stopping();
        stop_all();
      });
    } else {
      spdlog::warn("second signal: stopping now");
      stop_all();
    }
    wait_for_signals(signals, server, stop_all, hooks, draining);
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
  // One io_context per core, each run by one thread (as nginx runs one event loop per
  // worker): a connection stays on its thread, so its operations need no strand, and the
  // reactor need not lock a socket's state per operation (UNSAFE_IO). Other threads only post
  // to a context (the scheduler still locks) or dispatch work onto it (ProxyServer), and idle
  // pooled connections are closed only after every thread has stopped.
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::unique_ptr<asio::io_context>> contexts;
  std::vector<asio::io_context*> io_per_thread;
  for (unsigned i = 0; i < threads; ++i) {
    contexts.push_back(std::make_unique<asio::io_context>(BOOST_ASIO_CONCURRENCY_HINT_UNSAFE_IO));
    io_per_thread.push_back(contexts.back().get());
  }
  asio::io_context& io = *contexts.front();
  std::function<void()> stop_all = [&contexts] {
    for (auto& c : contexts)
      c->stop();
  };
  server::ProxyServer server(io_per_thread, runtime.runtime, std::move(config_path));
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
  spdlog::info("groundgate listening on {}:{} (admin {}:{}), {} I/O threads", config->listen.host,
               server.port(), config->admin_listen.host, server.admin_port(), threads);

  asio::signal_set signals(io, SIGINT, SIGTERM, SIGHUP);
  bool draining = false;
  wait_for_signals(signals, server, stop_all, hooks, draining);

  // The other contexts may have no connection yet: kept running until stop_all().
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> keep_running;
  for (auto& c : contexts)
    keep_running.push_back(asio::make_work_guard(*c));
  std::vector<std::thread> workers;
  for (unsigned i = 1; i < threads; ++i)
    workers.emplace_back([&c = *contexts[i]] { c.run(); });
  io.run();
  for (auto& t : workers)
    t.join();
  if (hooks.stopped) hooks.stopped();
  spdlog::info("groundgate stopped");
  return 0;
}

}  // namespace groundgate::proxy::cli
