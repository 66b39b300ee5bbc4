#pragma once
// A running proxy: the client listener (plain or TLS), the admin listener, config reload
// and graceful drain. Runs on io_contexts driven by the caller's threads: either one shared by
// several threads (a strand per connection), or one per thread (connections pinned to one).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "proxy/observability/access_log.h"
#include "proxy/observability/admin_server.h"
#include "proxy/observability/metrics_registry.h"
#include "proxy/observability/proxy_metrics.h"
#include "proxy/server/server_context.h"

namespace groundgate::proxy::server {

class ProxyServer {
 public:
  // `config_path` is re-read by reload(); empty: reload is refused (built-in config).
  // `io` may be run by several threads: every connection gets its own strand.
  ProxyServer(boost::asio::io_context& io, std::shared_ptr<const RuntimeConfig> runtime,
              std::string config_path);
  // One io_context per I/O thread, each run by exactly one thread: connections are spread
  // over them round-robin and run there without a strand (no hand-off, no locking per
  // operation). The listeners, reload and drain run on the first.
  ProxyServer(std::vector<boost::asio::io_context*> io_per_thread,
              std::shared_ptr<const RuntimeConfig> runtime, std::string config_path);
  ~ProxyServer();
  ProxyServer(const ProxyServer&) = delete;
  ProxyServer& operator=(const ProxyServer&) = delete;

  // Opens the access log, binds both listeners and starts accepting. Empty on success.
  std::string start();
  std::uint16_t port() const { return port_; }
  std::uint16_t admin_port() const { return admin_ ? admin_->port() : 0; }

  // Re-reads the config file: new streams use it, streams in flight finish on the old one.
  // A config with errors is rejected and the old one stays. Returns the errors (empty: ok).
  std::string reload();

  // Closes both listeners at once (no drain). Call on an I/O thread, before the io_context
  // stops: the accept loop then ends on its own.
  void stop();

  // Stops accepting, lets exchanges in flight finish (up to limits.drain_timeout), then
  // closes everything; `done` runs when drained. Call on an I/O thread or through post().
  void drain(std::function<void()> done);

  observability::MetricsRegistry& registry() { return context_->registry; }
  int64_t exchanges_in_flight() const { return context_->exchanges_in_flight.load(); }

 private:
  boost::asio::awaitable<void> accept_loop();
  // Where the next connection runs: its own strand, or the next io_context in turn.
  boost::asio::any_io_executor next_connection_executor();
  void poll_drain(std::chrono::steady_clock::time_point deadline, std::function<void()> done);

  boost::asio::io_context& io_;
  std::vector<boost::asio::io_context*> io_per_thread_;  // empty: a strand per connection
  std::size_t next_io_ = 0;
  std::string config_path_;
  std::shared_ptr<ServerContext> context_;
  std::shared_ptr<boost::asio::ssl::context> tls_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::unique_ptr<observability::AdminServer> admin_;
  std::optional<boost::asio::steady_timer> drain_timer_;
  std::uint16_t port_ = 0;
};

}  // namespace groundgate::proxy::server
