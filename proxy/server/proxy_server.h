#pragma once
// A running proxy: the client listener (plain or TLS), the admin listener, config reload
// and graceful drain. Runs on io_contexts driven by the caller's threads: either one shared by
// several threads (a strand per connection), or one per thread (connections pinned to one,
// accepted on that thread's own SO_REUSEPORT socket where the system has it).

#include <atomic>
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
#include "proxy/server/config_reload.h"
#include "proxy/server/config_watch.h"
#include "proxy/server/server_context.h"

namespace groundgate::proxy::server {

class ProxyServer {
 public:
  // `config_path` is re-read by reload(); empty: reload is refused (built-in config).
  // `io` may be run by several threads: every connection gets its own strand.
  ProxyServer(boost::asio::io_context& io, std::shared_ptr<const RuntimeConfig> runtime,
              std::string config_path);
  // One io_context per I/O thread, each run by exactly one thread. Each thread accepts on its
  // own listening socket (SO_REUSEPORT: the kernel spreads connections) and runs what it
  // accepts without a strand (no hand-off, no locking per operation). Without SO_REUSEPORT,
  // one acceptor on the first thread hands connections out round-robin. The admin listener,
  // reload and drain run on the first.
  ProxyServer(std::vector<boost::asio::io_context*> io_per_thread,
              std::shared_ptr<const RuntimeConfig> runtime, std::string config_path);
  ~ProxyServer();
  ProxyServer(const ProxyServer&) = delete;
  ProxyServer& operator=(const ProxyServer&) = delete;

  // Opens the access log, binds both listeners and starts accepting. Empty on success.
  std::string start();
  std::uint16_t port() const { return port_; }
  // Client listening sockets opened by start(): one per I/O thread, or one.
  std::size_t listeners() const { return acceptors_.size(); }
  std::uint16_t admin_port() const { return admin_ ? admin_->port() : 0; }

  // Re-reads the config file (config_reload.h): new streams use it, streams in flight finish
  // on the old one. A config with errors is rejected and the old one stays. Returns the errors
  // (empty: ok). Safe from any thread; reloads run one at a time.
  std::string reload();
  // Reloads on the config watch's thread (SIGHUP), not the caller's; at once without one.
  void request_reload();

  // Closes all listeners (no drain). Call on an I/O thread, before the io_contexts stop:
  // the accept loops then end on their own.
  void stop();

  // Stops accepting (every listening socket, each closed on its own thread), lets exchanges
  // in flight finish (up to limits.drain_timeout), then cuts those still running (a streamed
  // answer ends with an error event, `proxy_shutting_down`, and the end of its body) and gives
  // them a few seconds to end so; `done` runs when all listening sockets are closed and no
  // exchange runs, or that grace is over. Call on the first I/O thread.
  void drain(std::function<void()> done);

  observability::MetricsRegistry& registry() { return context_->registry; }
  int64_t exchanges_in_flight() const { return context_->exchanges_in_flight.load(); }

 private:
  // Accepts on acceptors_[listener] until it is closed.
  boost::asio::awaitable<void> accept_loop(std::size_t listener);
  struct ConnectionPlace {
    boost::asio::any_io_executor executor;
    std::size_t thread;  // index into io_per_thread_ (0 with a shared io_context)
  };
  // Where a connection accepted by the single acceptor runs: its own strand, or the next
  // io_context in turn.
  ConnectionPlace next_connection_place();
  // Closes each listening socket on its own executor; acceptors_open_ counts down.
  void close_listeners();
  void poll_drain(std::chrono::steady_clock::time_point deadline, std::function<void()> done);
  // Starts the config watch on the files the running config reads.
  void start_watch(const config::Config& config);

  boost::asio::io_context& io_;
  std::vector<boost::asio::io_context*> io_per_thread_;  // empty: a strand per connection
  std::size_t next_io_ = 0;
  std::string config_path_;
  std::shared_ptr<ServerContext> context_;
  // One per I/O thread (acceptors_[i] runs on io_per_thread_[i]), or one on io_.
  std::vector<std::unique_ptr<boost::asio::ip::tcp::acceptor>> acceptors_;
  std::atomic<std::size_t> acceptors_open_{0};
  std::vector<observability::Counter*> accepted_by_thread_;  // resolved once in start()
  std::unique_ptr<observability::AdminServer> admin_;
  // Shared with the config watch's reloads, which reach nothing else of the server.
  std::shared_ptr<ConfigReloader> reloader_;
  std::unique_ptr<ConfigWatch> watch_;  // null for a built-in config
  std::optional<boost::asio::steady_timer> drain_timer_;
  std::uint16_t port_ = 0;
};

}  // namespace groundgate::proxy::server
