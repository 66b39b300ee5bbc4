#pragma once
// The admin listener: GET /healthz (liveness), /readyz (readiness, from a callback), /metrics
// (Prometheus text) and /verdicts/{id} (a guarded answer's verdicts, from a callback). HTTP/1.1
// with keep-alive, one coroutine per connection, all on one strand (admin traffic is light), every
// read and write under a timeout, a bounded number of connections.

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "proxy/observability/metrics_registry.h"

namespace groundgate::proxy::observability {

struct AdminServerLimits {
  std::chrono::milliseconds read_timeout{10'000};  // per request, and keep-alive idle
  std::chrono::milliseconds write_timeout{10'000};
  std::size_t max_connections = 64;  // more are accepted and closed at once
  std::size_t max_header_bytes = 8 * 1024;
  std::size_t max_body_bytes = 4 * 1024;
};

class AdminServerState;

struct AdminListenError {
  std::string message;
};

class AdminServer {
 public:
  // `registry` must outlive the server; `ready` is called on an I/O thread for each /readyz.
  AdminServer(boost::asio::io_context& io, MetricsRegistry& registry, std::function<bool()> ready,
              AdminServerLimits limits = {});
  // Stops listening and closes open connections.
  ~AdminServer();
  AdminServer(const AdminServer&) = delete;
  AdminServer& operator=(const AdminServer&) = delete;

  // Called on the admin strand before each /metrics scrape, to bring values that live
  // elsewhere (e.g. a cache's own counts) into the registry. Set it before listen().
  void on_scrape(std::function<void()> refresh);
  // GET /verdicts/{id}: the JSON document `find` returns for the id, 404 when it has none;
  // `from_loopback` says whether the client connected from a loopback address (403 when `find`
  // says so with `forbidden`). Called on the admin strand; set it before listen().
  struct VerdictAnswer {
    std::optional<std::string> document;
    bool forbidden = false;
  };
  using FindVerdicts = std::function<VerdictAnswer(std::string_view id, bool from_loopback)>;
  void on_verdicts(FindVerdicts find);
  // Binds host:port (port 0: any free port) and starts accepting. Nothing on success.
  std::optional<AdminListenError> listen(const std::string& host, std::uint16_t port);
  // The bound port, 0 before listen() succeeded.
  std::uint16_t port() const { return port_; }
  // Closes the listener and every connection; callable from any thread. From outside the
  // I/O threads it waits (up to 1 s) until that is done, so the registry can go right after.
  void stop();

 private:
  boost::asio::io_context& io_;
  std::shared_ptr<AdminServerState> state_;
  std::uint16_t port_ = 0;
};

}  // namespace groundgate::proxy::observability
