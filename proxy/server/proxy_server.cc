#include "proxy/server/proxy_server.h"

#include <spdlog/spdlog.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "filters/judge/judge_service.h"
#include "proxy/server/listen_sockets.h"
#include "proxy/server/session.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
using asio::ip::tcp;

namespace {
constexpr auto kUse = asio::as_tuple(asio::use_awaitable);
// After the drain timeout, how long exchanges have to end the way they were cut (an
// exchange's watchdog wakes within about 1.25 s; then the last bytes are written).
constexpr std::chrono::seconds kDrainCutGrace{3};

// The context-index cache keeps its own counts (filters/ knows no metrics); a scrape brings
// them in. The cache lives across reloads, so its counts only grow.
void refresh_cache_metrics(ServerContext& context) {
  const auto stats = context.configs.current()->filters->index_cache()->stats();
  auto catch_up = [](observability::Counter& counter, std::uint64_t total) {
    if (total > counter.value()) counter.inc(total - counter.value());
  };
  auto& m = context.metrics;
  catch_up(m.context_cache_lookups_total.with({observability::kCacheHit}), stats.hits);
  catch_up(m.context_cache_lookups_total.with({observability::kCacheMiss}), stats.misses);
  catch_up(m.context_cache_evictions_total.with({}), stats.evictions);
  m.context_cache_bytes.with({}).set(static_cast<double>(stats.memory_bytes));
  m.context_cache_entries.with({}).set(static_cast<double>(stats.entries));
  m.side_jobs_queued.with({}).set(static_cast<double>(context.filter_workers.jobs()));
  // Each live judge's breaker, calls in flight and verdict cache (filters/judge keeps them
  // across streams and reloads).
  for (const auto& judge : filters::judge::live_services()) {
    const std::string_view policy = judge->policy();
    m.judge_breaker_state.with({policy}).set(static_cast<double>(judge->breaker().state()));
    catch_up(m.judge_breaker_opened_total.with({policy}), judge->breaker().times_opened());
    m.judge_calls_in_flight.with({policy}).set(static_cast<double>(judge->in_flight().in_flight()));
    const auto cached = judge->cache().stats();
    catch_up(m.judge_cache_lookups_total.with({policy, observability::kCacheHit}), cached.hits);
    catch_up(m.judge_cache_lookups_total.with({policy, observability::kCacheMiss}), cached.misses);
    m.judge_cache_bytes.with({policy}).set(static_cast<double>(cached.memory_bytes));
  }
}
}  // namespace

ProxyServer::ProxyServer(asio::io_context& io, std::shared_ptr<const RuntimeConfig> runtime,
                         std::string config_path)
    : io_(io),
      config_path_(std::move(config_path)),
      context_(std::make_shared<ServerContext>(std::move(runtime))),
      reloader_(std::make_shared<ConfigReloader>(config_path_, context_)) {}

ProxyServer::ProxyServer(std::vector<asio::io_context*> io_per_thread,
                         std::shared_ptr<const RuntimeConfig> runtime, std::string config_path)
    : ProxyServer(*io_per_thread.at(0), std::move(runtime), std::move(config_path)) {
  io_per_thread_ = std::move(io_per_thread);
}

ProxyServer::~ProxyServer() {
  // The watch's thread first (a reload under way finishes): nothing reloads from here on.
  watch_.reset();
  // A preparation still on a worker uses its exchange's chain: done before the I/O contexts
  // (and the exchange frames they hold) go.
  context_->filter_workers.join();
  // The I/O threads have stopped: each socket can be closed from here.
  beast::error_code ec;
  for (auto& acceptor : acceptors_)
    acceptor->close(ec);
  if (admin_) admin_->stop();
  // Idle connections may belong to any io_context: closed while all of them still exist.
  context_->upstream_pool.clear();
}

ProxyServer::ConnectionPlace ProxyServer::next_connection_place() {
  if (io_per_thread_.empty()) return {asio::make_strand(io_), 0};
  const std::size_t thread = next_io_;
  next_io_ = (next_io_ + 1) % io_per_thread_.size();
  return {io_per_thread_[thread]->get_executor(), thread};
}

std::string ProxyServer::start() {
  auto runtime = context_->configs.current();
  const config::Config& config = *runtime->config;
  configure_tracing(*context_, *runtime);
  configure_verdicts(*context_, *runtime);
  if (config.logging.access_log) {
    auto opened = observability::AccessLog::open({config.logging.access_log_path});
    if (!opened.log) return "access log: " + opened.error;
    context_->access_log = std::move(opened.log);
  }

  beast::error_code ec;
  auto address = asio::ip::make_address(config.listen.host, ec);
  if (ec) return "listen: bad address " + config.listen.host;
  tcp::endpoint endpoint(address, config.listen.port);
  std::vector<asio::any_io_executor> executors;
  for (asio::io_context* io : io_per_thread_)
    executors.push_back(io->get_executor());
  // A shared io_context: the accept loop and close_listeners() meet on one strand.
  if (executors.empty()) executors.push_back(asio::make_strand(io_));
  auto sockets = open_listen_sockets(endpoint, executors);
  if (!sockets.error.empty()) {
    return "listen on " + config.listen.host + ":" + std::to_string(config.listen.port) + ": " +
           sockets.error;
  }
  acceptors_ = std::move(sockets.acceptors);
  acceptors_open_ = acceptors_.size();
  port_ = acceptors_.front()->local_endpoint().port();
  for (std::size_t i = 0; i < executors.size(); ++i) {
    const std::string thread = std::to_string(i);
    accepted_by_thread_.push_back(&context_->metrics.connections_accepted_total.with({thread}));
  }

  admin_ = std::make_unique<observability::AdminServer>(
      io_, context_->registry, [context = context_] { return !context->draining.load(); });
  admin_->on_scrape([context = context_] { refresh_cache_metrics(*context); });
  admin_->on_verdicts([context = context_](std::string_view id, bool from_loopback) {
    observability::AdminServer::VerdictAnswer answer;
    answer.forbidden = !from_loopback && !context->verdicts_from_anywhere.load();
    if (!answer.forbidden) answer.document = context->verdicts.find(id);
    return answer;
  });
  if (auto error = admin_->listen(config.admin_listen.host, config.admin_listen.port)) {
    return "admin_listen: " + error->message;
  }
  spdlog::info("accepting on {} listening socket(s) for {} I/O thread(s)", acceptors_.size(),
               executors.size());
  if (!config_path_.empty()) start_watch(config);
  for (std::size_t i = 0; i < acceptors_.size(); ++i) {
    asio::co_spawn(acceptors_[i]->get_executor(), accept_loop(i), asio::detached);
  }
  return {};
}

asio::awaitable<void> ProxyServer::accept_loop(std::size_t listener) {
  tcp::acceptor& acceptor = *acceptors_[listener];
  // Several listening sockets: one per thread, connections stay where they were accepted.
  const bool own_thread = acceptors_.size() > 1;
  for (;;) {
    ConnectionPlace place =
        own_thread ? ConnectionPlace{acceptor.get_executor(), listener} : next_connection_place();
    auto [ec, socket] = co_await acceptor.async_accept(place.executor, kUse);
    if (ec) {
      if (!acceptor.is_open()) co_return;
      spdlog::warn("accept: {}", ec.message());
      continue;  // e.g. EMFILE: the next accept may succeed once connections close
    }
    accepted_by_thread_[place.thread]->inc();
    const std::shared_ptr<const RuntimeConfig> runtime = context_->configs.current();
    const auto& limits = runtime->config->limits;
    if (context_->metrics.connections_open.with({}).value() >=
        static_cast<double>(limits.max_connections)) {
      beast::error_code ignored;
      socket.close(ignored);
      continue;
    }
    socket.set_option(tcp::no_delay(true), ec);
    beast::tcp_stream tcp_stream(std::move(socket));
    auto executor = tcp_stream.get_executor();
    // A TLS session keeps the context it was made with, whatever a reload installs meanwhile.
    std::shared_ptr<asio::ssl::context> tls = runtime->server_tls;
    AnyStream stream = tls ? AnyStream(AnyStream::Tls(std::move(tcp_stream), *tls))
                           : AnyStream(std::move(tcp_stream));
    asio::co_spawn(
        executor,
        [context = context_, tls = std::move(tls), stream = std::move(stream)]() mutable
        -> asio::awaitable<void> { co_await run_session(context, std::move(stream)); },
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

void ProxyServer::request_reload() {
  if (watch_) {
    watch_->request_reload();
  } else {
    reload();
  }
}

std::string ProxyServer::reload() {
  ConfigReloader::Result result = reloader_->reload();
  if (watch_ && result.watched) {
    watch_->watch(std::move(result.watched->files), result.watched->debounce);
  }
  return result.error;
}

void ProxyServer::start_watch(const config::Config& config) {
  watch_ =
      std::make_unique<ConfigWatch>([reloader = reloader_] { return reloader->reload().watched; });
  if (auto error = watch_->start(); !error.empty()) {
    spdlog::warn("config watch unavailable ({}): reload with SIGHUP", error);
  }
  ConfigWatch::Watched watched = watched_files(config, config_path_);
  watch_->watch(std::move(watched.files), watched.debounce);
  watch_->wait_until_watching();
  if (config.reload.watch) {
    spdlog::info("reloading on changes to {} and the files it names ({} directories watched)",
                 config_path_, watch_->watched_directories().size());
  }
}

void ProxyServer::close_listeners() {
  // An acceptor is used only on its own executor (its thread, or the strand); dispatch()
  // closes the one of the calling thread at once.
  for (auto& acceptor : acceptors_) {
    asio::dispatch(acceptor->get_executor(), [this, &acceptor = *acceptor] {
      if (!acceptor.is_open()) return;
      beast::error_code ec;
      acceptor.close(ec);
      acceptors_open_.fetch_sub(1);
    });
  }
}

void ProxyServer::stop() {
  close_listeners();
  if (admin_) admin_->stop();
}

void ProxyServer::drain(std::function<void()> done) {
  context_->draining = true;
  close_listeners();
  auto deadline =
      std::chrono::steady_clock::now() + context_->configs.current()->config->limits.drain_timeout;
  spdlog::info("draining: {} exchanges in flight", context_->exchanges_in_flight.load());
  poll_drain(deadline, std::move(done));
}

void ProxyServer::poll_drain(std::chrono::steady_clock::time_point deadline,
                             std::function<void()> done) {
  const bool drained = context_->exchanges_in_flight.load() == 0 && acceptors_open_.load() == 0;
  const auto now = std::chrono::steady_clock::now();
  if (now >= deadline && !context_->drain_expired.load()) {
    // Exchanges still running are cut as an upstream failure would cut them (their watchdogs
    // look at least once a second): a streamed answer ends with an error event and the end of
    // its body, not a dropped connection.
    spdlog::warn("drain deadline reached with {} exchanges in flight: cutting them",
                 context_->exchanges_in_flight.load());
    context_->drain_expired = true;
  }
  if (drained || now >= deadline + kDrainCutGrace) {
    if (!drained) {
      spdlog::warn("{} exchanges still in flight after the cut",
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
