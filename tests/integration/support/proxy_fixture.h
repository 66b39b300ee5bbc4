#pragma once
// Runs a real ProxyServer (and optionally the real mock upstream) on loopback, on its own
// io_context and threads, for integration tests. Ports are picked by the system.

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "proxy/mock/mock_upstream.h"
#include "proxy/server/proxy_server.h"

namespace groundgate::testing {

class ProxyFixture {
 public:
  ProxyFixture();
  ~ProxyFixture();

  // Starts the mock upstream; returns its port.
  uint16_t start_mock(proxy::mock::MockOptions options = {});
  // Starts the mock upstream answering by `script` (the mock's YAML script format, written to
  // ${DIR}/script.yaml) at `tokens_per_second` (0: every token at once); returns its port.
  uint16_t start_scripted_mock(const std::string& script, double tokens_per_second = 0);
  // A second mock upstream, a judge model's own (${JUDGE_PORT}), answering by `script` and
  // keeping every completion request it gets (judge_requests()); returns its port.
  uint16_t start_judge_mock(const std::string& script);
  std::vector<proxy::mock::RecordedRequest> judge_requests() const;
  // The first mock's requests (the ones started with keep_requests, as scripted mocks are).
  std::vector<proxy::mock::RecordedRequest> mock_requests() const;
  // `yaml` may use ${MOCK_PORT}, ${JUDGE_PORT}, ${UPSTREAM_PORT} and ${DIR} (a temp dir for
  // files);
  // listen and admin_listen are forced to 127.0.0.1:0, and reload.watch is off unless `yaml`
  // sets `reload:`. Writes the config to ${DIR}/config.yaml (through a symlink already there)
  // so that reload() can re-read it. Fails the test on a config error.
  void start_proxy(const std::string& yaml);
  // Rewrites the config file (same substitutions) for a reload test.
  void rewrite_config(const std::string& yaml);
  std::string substitute(const std::string& yaml) const;

  uint16_t port() const { return server_->port(); }
  uint16_t admin_port() const { return server_->admin_port(); }
  proxy::server::ProxyServer& server() { return *server_; }
  boost::asio::io_context& io() { return io_; }
  const std::string& dir() const { return dir_; }
  void set_upstream_port(uint16_t port) { upstream_port_ = port; }

  // Runs f on an I/O thread and waits for it.
  void run_on_io(std::function<void()> f);
  // Drains the proxy where ProxyServer::drain must run (an I/O thread) and waits until it is
  // done; false when that took longer than `timeout`.
  bool drain(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Drains the proxy, then reads ${DIR}/access.log until it holds `expected` lines (the log is
  // written by its own thread after each exchange ends) or `timeout` passes; the lines read.
  std::vector<std::string> access_log_lines(
      std::size_t expected, std::chrono::milliseconds timeout = std::chrono::seconds(10));

 private:
  boost::asio::io_context io_;
  std::unique_ptr<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work_;
  std::vector<std::thread> threads_;
  std::unique_ptr<proxy::mock::MockUpstream> mock_;
  std::unique_ptr<proxy::mock::MockUpstream> judge_;
  std::unique_ptr<proxy::server::ProxyServer> server_;
  std::string dir_;
  uint16_t mock_port_ = 0;
  uint16_t judge_port_ = 0;
  uint16_t upstream_port_ = 0;
};

}  // namespace groundgate::testing
