#include "proxy/server/proxy_server.h"

#include <spdlog/spdlog.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "config/config_loader.h"
#include "proxy/server/session.h"
#include "proxy/server/tls_contexts.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
using asio::ip::tcp;

namespace {
constexpr auto kUse = asio::as_tuple(asio::use_awaitable);
}

ProxyServer::ProxyServer(asio::io_context& io, std::shared_ptr<const RuntimeConfig> runtime,
                         std::string config_path)
    : io_(io),
      config_path_(std::move(config_path)),
      context_(std::make_shared<ServerContext>(std::move(runtime))),
      acceptor_(io) {}

ProxyServer::ProxyServer(std::vector<asio::io_context*> io_per_thread,
                         std::shared_ptr<const RuntimeConfig> runtime, std::string config_path)
    : ProxyServer(*io_per_thread.at(0), std::move(runtime), std::move(config_path)) {
  io_per_thread_ = std::move(io_per_thread);
}

ProxyServer::~ProxyServer() {
  beast::error_code ec;
  acceptor_.close(ec);
  if (admin_) admin_->stop();
  // Idle connections may belong to any io_context: closed while all of them still exist.
  context_->upstream_pool.clear();
}

asio::any_io_executor ProxyServer::next_connection_executor() {
  if (io_per_thread_.empty()) return asio::make_strand(io_);
  asio::io_context& io = *io_per_thread_[next_io_];
  next_io_ = (next_io_ + 1) % io_per_thread_.size();
  return io.get_executor();
}

std::string ProxyServer::start() {
  auto runtime = context_->configs.current();
  const config::Config& config = *runtime->config;
  if (config.logging.access_log) {
    auto opened = observability::AccessLog::open({config.logging.access_log_path});
    if (!opened.log) return "access log: " + opened.error;
    context_->access_log = std::move(opened.log);
  }
  if (config.tls) {
    auto tls = make_server_tls_context(*config.tls);
    if (!tls.context) return tls.error;
    tls_ = std::move(tls.context);
  }

  beast::error_code ec;
  auto address = asio::ip::make_address(config.listen.host, ec);
  if (ec) return "listen: bad address " + config.listen.host;
  tcp::endpoint endpoint(address, config.listen.port);
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    return "listen on " + config.listen.host + ":" + std::to_string(config.listen.port) + ": " +
           ec.message();
  }
  port_ = acceptor_.local_endpoint().port();

  admin_ = std::make_unique<observability::AdminServer>(
      io_, context_->registry, [context = context_] { return !context->draining.load(); });
  if (auto error = admin_->listen(config.admin_listen.host, config.admin_listen.port)) {
    return "admin_listen: " + error->message;
  }
  asio::co_spawn(io_, accept_loop(), asio::detached);
  return {};
}

asio::awaitable<void> ProxyServer::accept_loop() {
  for (;;) {
    auto [ec, socket] = co_await acceptor_.async_accept(next_connection_executor(), kUse);
    if (ec) {
      if (!acceptor_.is_open()) co_return;
      spdlog::warn("accept: {}", ec.message());
      continue;  // e.g. EMFILE: the next accept may succeed once connections close
    }
    auto limits = context_->configs.current()->config->limits;
    if (context_->metrics.connections_open.with({}).value() >=
        static_cast<double>(limits.max_connections)) {
      beast::error_code ignored;
      socket.close(ignored);
      continue;
    }
    socket.set_option(tcp::no_delay(true), ec);
    beast::tcp_stream tcp_stream(std::move(socket));
    auto executor = tcp_stream.get_executor();
    AnyStream stream = tls_ ? AnyStream(AnyStream::Tls(std::move(tcp_stream), *tls_))
                            : AnyStream(std::move(tcp_stream));
    asio::co_spawn(executor, run_session(context_, std::move(stream)),
                   [](std::exception_ptr error) {
                     if (!error) return;
                     try {
                       std::rethrow_exception(error);
                     } catch (const std::exception& e) {
                       spdlog::error("session ended by an exception: {}", e.what());
                     }
                   });
  }
}

std::string ProxyServer::reload() {
  auto fail = [this](std::string message) {
    context_->metrics.config_reloads_total.with({observability::kReloadError}).inc();
    spdlog::error("config reload rejected, keeping the running config: {}", message);
    return message;
  };
  if (config_path_.empty()) return fail("built-in config: nothing to reload");
  auto loaded = config::load_config_file(config_path_);
  if (!loaded.config) {
    std::string message;
    for (const auto& e : loaded.errors)
      message += e.to_string() + "\n";
    return fail(message);
  }
  auto runtime = build_runtime_config(loaded.config);
  if (!runtime.runtime) return fail(runtime.error);
  const auto& old_config = *context_->configs.current()->config;
  if (loaded.config->listen.host != old_config.listen.host ||
      loaded.config->listen.port != old_config.listen.port) {
    spdlog::warn("config reload: a new listen address takes effect only after a restart");
  }
  context_->configs.replace(std::move(runtime.runtime));
  context_->metrics.config_reloads_total.with({observability::kReloadOk}).inc();
  spdlog::info("config reloaded from {}", config_path_);
  return {};
}

void ProxyServer::stop() {
  beast::error_code ec;
  acceptor_.close(ec);
  if (admin_) admin_->stop();
}

void ProxyServer::drain(std::function<void()> done) {
  context_->draining = true;
  beast::error_code ec;
  acceptor_.close(ec);
  auto deadline =
      std::chrono::steady_clock::now() + context_->configs.current()->config->limits.drain_timeout;
  spdlog::info("draining: {} exchanges in flight", context_->exchanges_in_flight.load());
  poll_drain(deadline, std::move(done));
}

void ProxyServer::poll_drain(std::chrono::steady_clock::time_point deadline,
                             std::function<void()> done) {
  if (context_->exchanges_in_flight.load() == 0 || std::chrono::steady_clock::now() >= deadline) {
    if (context_->exchanges_in_flight.load() != 0) {
      spdlog::warn("drain deadline reached with {} exchanges in flight",
                   context_->exchanges_in_flight.load());
    }
    if (admin_) admin_->stop();
    done();
    return;
  }
  drain_timer_.emplace(io_, std::chrono::milliseconds(20));
  drain_timer_->async_wait([this, deadline, done = std::move(done)](beast::error_code) mutable {
    poll_drain(deadline, std::move(done));
  });
}

}  // namespace groundgate::proxy::server
