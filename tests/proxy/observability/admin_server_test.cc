#include "proxy/observability/admin_server.h"

#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <chrono>
#include <optional>
#include <string>
#include <thread>

namespace groundgate::proxy::observability {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

// A blocking HTTP/1.1 client on its own io_context, one connection.
class Client {
 public:
  explicit Client(std::uint16_t port) : socket_(io_) {
    socket_.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  }

  http::response<http::string_body> request(http::verb method, const std::string& target,
                                            std::string body = {}, bool keep_alive = true) {
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "localhost");
    req.keep_alive(keep_alive);
    req.body() = std::move(body);
    req.prepare_payload();
    http::write(socket_, req);
    return read_response();
  }

  http::response<http::string_body> read_response() {
    http::response<http::string_body> res;
    http::read(socket_, buffer_, res);
    return res;
  }

  // True when the server closed the connection (EOF) without sending anything.
  bool closed_by_server() {
    char byte;
    boost::system::error_code ec;
    asio::read(socket_, asio::buffer(&byte, 1), ec);
    return ec == asio::error::eof || ec == asio::error::connection_reset;
  }

  tcp::socket& socket() { return socket_; }

 private:
  asio::io_context io_;
  tcp::socket socket_;
  beast::flat_buffer buffer_;
};

class AdminServerTest : public ::testing::Test {
 protected:
  void start(AdminServerLimits limits = {}) {
    requests_.with({"chat"}).inc(7);
    server_.emplace(
        io_, registry_, [this] { return ready_.load(); }, limits);
    const std::optional<AdminListenError> error = server_->listen("127.0.0.1", 0);
    ASSERT_FALSE(error) << error->message;
    ASSERT_NE(server_->port(), 0);
    thread_ = std::thread([this] { io_.run(); });
  }

  void TearDown() override {
    if (server_) server_->stop();
    work_.reset();
    io_.stop();
    if (thread_.joinable()) thread_.join();
  }

  asio::io_context io_;
  asio::executor_work_guard<asio::io_context::executor_type> work_ = asio::make_work_guard(io_);
  MetricsRegistry registry_;
  CounterFamily& requests_ = registry_.counter("test_requests_total", "Requests.", {"route"});
  std::atomic<bool> ready_{false};
  std::optional<AdminServer> server_;
  std::thread thread_;
};

TEST_F(AdminServerTest, HealthzIsOk) {
  start();
  Client c(server_->port());
  auto res = c.request(http::verb::get, "/healthz");
  EXPECT_EQ(res.result(), http::status::ok);
  EXPECT_EQ(res.body(), "ok");
}

TEST_F(AdminServerTest, ReadyzFollowsTheCallback) {
  start();
  Client c(server_->port());
  EXPECT_EQ(c.request(http::verb::get, "/readyz").result(), http::status::service_unavailable);
  ready_ = true;
  EXPECT_EQ(c.request(http::verb::get, "/readyz").result(), http::status::ok);
  ready_ = false;
  EXPECT_EQ(c.request(http::verb::get, "/readyz").result(), http::status::service_unavailable);
}

TEST_F(AdminServerTest, MetricsServesTheRegistryText) {
  start();
  Client c(server_->port());
  auto res = c.request(http::verb::get, "/metrics");
  EXPECT_EQ(res.result(), http::status::ok);
  EXPECT_EQ(res[http::field::content_type], "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(res.body(), registry_.expose());
  EXPECT_NE(res.body().find("test_requests_total{route=\"chat\"} 7\n"), std::string::npos);
}

TEST_F(AdminServerTest, QueryStringIsIgnoredForRouting) {
  start();
  Client c(server_->port());
  EXPECT_EQ(c.request(http::verb::get, "/healthz?verbose=1").result(), http::status::ok);
}

TEST_F(AdminServerTest, UnknownPathIs404AndOtherMethodsAre405) {
  start();
  Client c(server_->port());
  EXPECT_EQ(c.request(http::verb::get, "/nope").result(), http::status::not_found);
  auto res = c.request(http::verb::post, "/metrics", "x=1");
  EXPECT_EQ(res.result(), http::status::method_not_allowed);
  EXPECT_EQ(res[http::field::allow], "GET");
  EXPECT_EQ(c.request(http::verb::delete_, "/healthz").result(), http::status::method_not_allowed);
}

TEST_F(AdminServerTest, KeepAliveServesManyRequestsOnOneConnection) {
  start();
  Client c(server_->port());
  for (int i = 0; i < 5; ++i) {
    auto res = c.request(http::verb::get, "/healthz");
    EXPECT_EQ(res.result(), http::status::ok);
    EXPECT_TRUE(res.keep_alive());
  }
}

TEST_F(AdminServerTest, ConnectionCloseIsHonoured) {
  start();
  Client c(server_->port());
  auto res = c.request(http::verb::get, "/healthz", {}, /*keep_alive=*/false);
  EXPECT_EQ(res.result(), http::status::ok);
  EXPECT_FALSE(res.keep_alive());
  EXPECT_TRUE(c.closed_by_server());
}

TEST_F(AdminServerTest, IdleConnectionIsClosedAfterTheReadTimeout) {
  start({.read_timeout = 200ms});
  Client c(server_->port());
  const auto begin = std::chrono::steady_clock::now();
  EXPECT_TRUE(c.closed_by_server());
  EXPECT_GE(std::chrono::steady_clock::now() - begin, 150ms);
}

TEST_F(AdminServerTest, OversizedBodyIs413) {
  start({.max_body_bytes = 64});
  Client c(server_->port());
  auto res = c.request(http::verb::post, "/metrics", std::string(1000, 'x'));
  EXPECT_EQ(res.result(), http::status::payload_too_large);
  EXPECT_TRUE(c.closed_by_server());
}

TEST_F(AdminServerTest, GarbageIs400) {
  start();
  Client c(server_->port());
  asio::write(c.socket(), asio::buffer(std::string("NOT HTTP AT ALL\r\n\r\n")));
  auto res = c.read_response();
  EXPECT_EQ(res.result(), http::status::bad_request);
  EXPECT_TRUE(c.closed_by_server());
}

TEST_F(AdminServerTest, ConnectionsPastTheLimitAreClosed) {
  start({.max_connections = 1});
  Client first(server_->port());
  EXPECT_EQ(first.request(http::verb::get, "/healthz").result(), http::status::ok);
  Client second(server_->port());
  EXPECT_TRUE(second.closed_by_server());
  EXPECT_EQ(first.request(http::verb::get, "/healthz").result(), http::status::ok);
}

TEST_F(AdminServerTest, StopClosesTheListenerAndOpenConnections) {
  start();
  Client c(server_->port());
  EXPECT_EQ(c.request(http::verb::get, "/healthz").result(), http::status::ok);
  const std::uint16_t port = server_->port();
  server_->stop();
  EXPECT_TRUE(c.closed_by_server());
  asio::io_context io;
  tcp::socket s(io);
  boost::system::error_code ec;
  s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
  EXPECT_EQ(ec, asio::error::connection_refused);
}

TEST_F(AdminServerTest, ListenReportsErrorsAsValues) {
  start();
  AdminServer other(io_, registry_, {});
  std::optional<AdminListenError> error = other.listen("127.0.0.1", server_->port());
  ASSERT_TRUE(error);
  EXPECT_NE(error->message.find("bind"), std::string::npos) << error->message;

  AdminServer bad_host(io_, registry_, {});
  error = bad_host.listen("no-such-host.invalid", 0);
  ASSERT_TRUE(error);
  EXPECT_NE(error->message.find("resolve"), std::string::npos) << error->message;

  EXPECT_TRUE(server_->listen("127.0.0.1", 0));  // already listening
}

}  // namespace
}  // namespace groundgate::proxy::observability
