// The production threading model: one io_context per I/O thread, each accepting on its own
// SO_REUSEPORT listening socket, connections run with no strand. Streams relay byte for byte
// from every thread at once, connections land on more than one thread, drain closes every
// listening socket, and an upstream connection is reused on the thread that opened it
// (per-thread pool, sized by `upstreams.<name>.pool`).
#include <gtest/gtest.h>
#include <sys/socket.h>  // SO_REUSEPORT

#include <algorithm>
#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/streambuf.hpp>

#include "config/config_loader.h"
#include "proxy/server/proxy_server.h"
#include "tests/integration/support/http_client.h"
#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

const std::string kEvents =
    "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
    "\"choices\":[{\"index\":0,\"delta\":{\"content\":\"The tower\"},\"finish_reason\":null}]}"
    "\n\n: comment\r\n\r\n"
    "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
    "\"choices\":[{\"index\":0,\"delta\":{\"content\":\" is tall.\"},\"finish_reason\":null}]}"
    "\n\ndata: [DONE]\n\n";

const std::string kStreamRequest =
    R"({"model":"m","stream":true,"messages":[{"role":"user","content":"q"}]})";

// Unlike RawUpstream::sse_header(), no `Connection: close`: the connection may be reused.
const std::string kKeepAliveSseHeader =
    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n";

// Answers every request on a connection with kEvents, split into two HTTP chunks.
RawUpstream::Handler keep_alive_sse(std::atomic<int>& requests) {
  return [&requests](tcp::socket& socket, const std::string& first) {
    asio::streambuf pending;
    for (std::string request = first; !request.empty();
         request = RawUpstream::read_next_request(socket, pending)) {
      ++requests;
      RawUpstream::send(socket, kKeepAliveSseHeader + RawUpstream::chunk(kEvents.substr(0, 70)) +
                                    RawUpstream::chunk(kEvents.substr(70)) + "0\r\n\r\n");
    }
  };
}

// A ProxyServer on `threads` io_contexts, one thread each, as `groundgate serve` runs it.
class PerThreadProxy {
 public:
  PerThreadProxy(unsigned threads, const std::string& yaml) {
    for (unsigned i = 0; i < threads; ++i) {
      contexts_.push_back(std::make_unique<asio::io_context>(1));
      guards_.push_back(asio::make_work_guard(*contexts_.back()));
    }
    auto loaded = config::load_config_string(
        "listen: 127.0.0.1:0\nadmin_listen: 127.0.0.1:0\n" + yaml, "test.yaml");
    for (const auto& e : loaded.errors)
      ADD_FAILURE() << e.to_string();
    auto runtime = proxy::server::build_runtime_config(loaded.config);
    EXPECT_TRUE(runtime.runtime) << runtime.error;
    std::vector<asio::io_context*> io;
    for (auto& c : contexts_)
      io.push_back(c.get());
    server_ = std::make_unique<proxy::server::ProxyServer>(io, runtime.runtime, "");
    for (auto& c : contexts_)
      threads_.emplace_back([&c = *c] { c.run(); });
    run_on_first([&] { error_ = server_->start(); });
  }

  ~PerThreadProxy() {
    run_on_first([&] { server_->stop(); });
    guards_.clear();
    for (auto& c : contexts_)
      c->stop();
    for (auto& t : threads_)
      t.join();
    server_.reset();
  }

  const std::string& error() const { return error_; }
  uint16_t port() const { return server_->port(); }
  uint16_t admin_port() const { return server_->admin_port(); }
  std::size_t listeners() const { return server_->listeners(); }
  // Starts a drain on the first thread (where `groundgate serve` runs it).
  void drain(std::function<void()> done) {
    run_on_first([&] { server_->drain(std::move(done)); });
  }

 private:
  void run_on_first(const std::function<void()>& f) {
    std::promise<void> done;
    asio::post(*contexts_.front(), [&] {
      f();
      done.set_value();
    });
    done.get_future().wait();
  }

  std::vector<std::unique_ptr<asio::io_context>> contexts_;
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> guards_;
  std::vector<std::thread> threads_;
  std::unique_ptr<proxy::server::ProxyServer> server_;
  std::string error_;
};

// groundgate_connections_accepted_total per I/O thread, from the admin endpoint.
std::vector<int> accepted_by_thread(uint16_t admin_port, unsigned threads) {
  const std::string text = http_request(admin_port, "GET", "/metrics").body;
  std::vector<int> accepted;
  for (unsigned i = 0; i < threads; ++i) {
    const std::string name =
        "groundgate_connections_accepted_total{thread=\"" + std::to_string(i) + "\"} ";
    auto at = text.find(name);
    accepted.push_back(at == std::string::npos ? -1 : std::stoi(text.substr(at + name.size())));
  }
  return accepted;
}

int threads_used(const std::vector<int>& accepted) {
  return static_cast<int>(
      std::count_if(accepted.begin(), accepted.end(), [](int n) { return n > 0; }));
}

std::string config_for(uint16_t upstream_port, const std::string& pool) {
  return "upstreams:\n  up:\n    url: http://127.0.0.1:" + std::to_string(upstream_port) + "\n" +
         pool + "routes:\n  - {name: all, match: {path_prefix: /}, upstream: up}\n" +
         "logging: {access_log: false}\n";
}

TEST(IoPerThread, ConcurrentStreamsOnEveryThreadAreByteIdentical) {
  std::atomic<int> requests{0};
  RawUpstream upstream(keep_alive_sse(requests));
  PerThreadProxy proxy(2, config_for(upstream.port(), ""));
  ASSERT_EQ(proxy.error(), "");

  constexpr int kClients = 8;
  constexpr int kRequestsEach = 5;
  std::atomic<int> identical{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&] {
      HttpClient client(proxy.port());  // one keep-alive connection, so one thread, per client
      for (int r = 0; r < kRequestsEach; ++r) {
        auto response = client.request("POST", "/v1/chat/completions", kStreamRequest);
        if (response.status == 200 && response.body == kEvents) ++identical;
      }
    });
  }
  for (auto& t : clients)
    t.join();
  EXPECT_EQ(identical.load(), kClients * kRequestsEach);
  EXPECT_EQ(requests.load(), kClients * kRequestsEach);
  EXPECT_LE(upstream.connections(), kClients) << "upstream connections were not reused";
}

#ifdef SO_REUSEPORT
TEST(IoPerThread, EveryThreadListensAndConnectionsLandOnMoreThanOne) {
  std::atomic<int> requests{0};
  RawUpstream upstream(keep_alive_sse(requests));
  constexpr unsigned kThreads = 3;
  PerThreadProxy proxy(kThreads, config_for(upstream.port(), ""));
  ASSERT_EQ(proxy.error(), "");
  EXPECT_EQ(proxy.listeners(), kThreads) << "one SO_REUSEPORT socket per thread";
  // The kernel picks a socket by a hash of each connection's addresses: with 30 fresh
  // connections, all on one thread has a chance of 3 * 3^-30.
  constexpr int kConnections = 30;
  for (int i = 0; i < kConnections; ++i) {
    auto response = http_request(proxy.port(), "POST", "/v1/chat/completions", kStreamRequest);
    EXPECT_EQ(response.body, kEvents);
  }
  auto accepted = accepted_by_thread(proxy.admin_port(), kThreads);
  EXPECT_EQ(std::accumulate(accepted.begin(), accepted.end(), 0), kConnections);
  EXPECT_GE(threads_used(accepted), 2) << "all connections were accepted on one thread";
}
#endif

TEST(IoPerThread, DrainClosesTheListeningSocketOfEveryThread) {
  std::atomic<int> requests{0};
  RawUpstream upstream(keep_alive_sse(requests));
  constexpr unsigned kThreads = 3;
  PerThreadProxy proxy(kThreads, config_for(upstream.port(), ""));
  ASSERT_EQ(proxy.error(), "");
  EXPECT_EQ(http_request(proxy.port(), "POST", "/v1/chat/completions", kStreamRequest).status, 200);
  std::promise<void> drained;
  proxy.drain([&] { drained.set_value(); });
  ASSERT_EQ(drained.get_future().wait_for(std::chrono::seconds(10)), std::future_status::ready);
  // Fresh connections hash to any of the sockets: one left listening would complete the TCP
  // handshake of some of them (sessions end at once while draining, so HTTP cannot tell).
  asio::io_context io;
  const tcp::endpoint proxy_endpoint(asio::ip::make_address("127.0.0.1"), proxy.port());
  for (int i = 0; i < 20; ++i) {
    tcp::socket socket(io);
    boost::system::error_code ec;
    socket.connect(proxy_endpoint, ec);
    EXPECT_EQ(ec, asio::error::connection_refused) << "attempt " << i;
  }
}

TEST(IoPerThread, EachThreadReusesItsOwnUpstreamConnection) {
  std::atomic<int> requests{0};
  RawUpstream upstream(keep_alive_sse(requests));
  constexpr unsigned kThreads = 2;
  PerThreadProxy proxy(kThreads, config_for(upstream.port(), ""));
  ASSERT_EQ(proxy.error(), "");
  // A fresh client connection per request, each on the thread whose socket the kernel chose.
  for (int i = 0; i < 6; ++i) {
    auto response = http_request(proxy.port(), "POST", "/v1/chat/completions", kStreamRequest);
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.body, kEvents);
  }
  EXPECT_EQ(requests.load(), 6);
  EXPECT_EQ(upstream.connections(), threads_used(accepted_by_thread(proxy.admin_port(), kThreads)))
      << "one pooled upstream connection per thread that ran requests expected";
}

TEST(IoPerThread, PoolMaxIdleZeroOpensAConnectionPerRequest) {
  std::atomic<int> requests{0};
  RawUpstream upstream(keep_alive_sse(requests));
  PerThreadProxy proxy(2, config_for(upstream.port(), "    pool: {max_idle: 0}\n"));
  ASSERT_EQ(proxy.error(), "");
  for (int i = 0; i < 4; ++i) {
    auto response = http_request(proxy.port(), "POST", "/v1/chat/completions", kStreamRequest);
    EXPECT_EQ(response.body, kEvents);
  }
  EXPECT_EQ(upstream.connections(), 4);
}

}  // namespace
}  // namespace groundgate::testing
