#include "proxy/mock/mock_upstream.h"

#include <algorithm>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <cmath>
#include <mutex>
#include <random>
#include <unordered_map>

#include "proxy/mock/mock_session.h"

namespace groundgate::proxy::mock {
namespace {

namespace net = boost::asio;
using net::awaitable;
using net::ip::tcp;

constexpr auto kUseTuple = net::as_tuple(net::use_awaitable);
constexpr auto kAcceptBackoff = std::chrono::milliseconds(100);
constexpr const char* kDefaultModels[] = {"gpt-4o-mini", "gpt-4o", "gpt-4.1-mini",
                                          "gpt-3.5-turbo-instruct"};

std::string random_fingerprint() {
  std::mt19937_64 random{std::random_device{}()};
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "fp_";
  for (int i = 0; i < 10; ++i)
    out.push_back(kHex[random() % 16]);
  return out;
}

// The default models, then the script's literal (non-glob) model names.
std::vector<std::string> model_list(const MockScript& script) {
  std::vector<std::string> models(std::begin(kDefaultModels), std::end(kDefaultModels));
  for (const auto& entry : script.entries()) {
    if (entry.model.empty() || entry.model.find_first_of("*?") != std::string::npos) continue;
    if (std::find(models.begin(), models.end(), entry.model) == models.end())
      models.push_back(entry.model);
  }
  return models;
}

}  // namespace

struct MockUpstream::State {
  explicit State(net::io_context& io) : io(io), acceptor(net::make_strand(io)) {}

  net::io_context& io;
  tcp::acceptor acceptor;  // on its own strand
  std::shared_ptr<const MockContext> context;
  uint16_t port = 0;

  std::mutex mutex;  // guards what follows
  bool stopped = false;
  uint64_t next_id = 0;
  std::unordered_map<uint64_t, std::weak_ptr<MockSession>> sessions;
};

namespace {

awaitable<void> serve(std::shared_ptr<MockUpstream::State> state,
                      std::shared_ptr<MockSession> session, uint64_t id) {
  co_await session->run();
  std::lock_guard lock(state->mutex);
  state->sessions.erase(id);
}

awaitable<void> accept_loop(std::shared_ptr<MockUpstream::State> state) {
  net::steady_timer backoff(state->acceptor.get_executor());
  for (;;) {
    auto [ec, socket] =
        co_await state->acceptor.async_accept(net::make_strand(state->io), kUseTuple);
    if (!state->acceptor.is_open() || ec == net::error::operation_aborted) co_return;
    if (ec) {  // e.g. out of file descriptors: wait instead of spinning
      backoff.expires_after(kAcceptBackoff);
      co_await backoff.async_wait(kUseTuple);
      continue;
    }
    boost::system::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);  // every token goes out at once
    auto session = std::make_shared<MockSession>(std::move(socket), state->context);
    uint64_t id = 0;
    {
      std::lock_guard lock(state->mutex);
      if (state->stopped) continue;
      id = state->next_id++;
      state->sessions.emplace(id, session);
    }
    const auto executor = session->executor();
    net::co_spawn(executor, serve(state, std::move(session), id), net::detached);
  }
}

}  // namespace

MockCreate MockUpstream::create(net::io_context& io, MockOptions options) {
  MockCreate out;
  if (!std::isfinite(options.tokens_per_second)) {
    out.error = "tokens_per_second must be a finite number";
    return out;
  }
  auto context = std::make_shared<MockContext>();
  if (!options.script_file.empty() || !options.script_yaml.empty()) {
    ScriptLoad load = options.script_file.empty() ? MockScript::parse(options.script_yaml)
                                                  : MockScript::load_file(options.script_file);
    if (!load.ok()) {
      out.error = std::move(load.error);
      return out;
    }
    context->script = MockScript(std::move(load.entries));
  }
  context->fingerprint = random_fingerprint();
  context->models = model_list(context->script);
  context->responses = std::make_shared<ResponseStore>();
  context->requests = std::make_shared<RequestLog>(options.record_file, options.keep_requests);
  if (std::string error = context->requests->open(); !error.empty()) {
    out.error = std::move(error);
    return out;
  }

  boost::system::error_code ec;
  tcp::resolver resolver(io);
  const auto endpoints =
      resolver.resolve(options.host, std::to_string(options.port),
                       tcp::resolver::passive | tcp::resolver::numeric_service, ec);
  if (ec || endpoints.empty()) {
    out.error = "cannot resolve listen host '" + options.host + "': " + ec.message();
    return out;
  }
  const tcp::endpoint endpoint = endpoints.begin()->endpoint();
  auto state = std::make_shared<State>(io);
  auto& acceptor = state->acceptor;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (!ec) state->port = acceptor.local_endpoint(ec).port();
  if (ec) {
    out.error = "cannot listen on " + options.host + ":" + std::to_string(options.port) + ": " +
                ec.message();
    return out;
  }
  context->options = std::move(options);
  state->context = std::move(context);
  out.upstream.reset(new MockUpstream(std::move(state)));
  return out;
}

MockUpstream::~MockUpstream() {
  stop();
}

uint16_t MockUpstream::port() const {
  return state_->port;
}

std::vector<RecordedRequest> MockUpstream::requests() const {
  return state_->context->requests->requests();
}

void MockUpstream::start() {
  net::co_spawn(state_->acceptor.get_executor(), accept_loop(state_), net::detached);
}

void MockUpstream::stop() {
  net::post(state_->acceptor.get_executor(), [state = state_] {
    boost::system::error_code ignored;
    state->acceptor.close(ignored);
  });
  std::lock_guard lock(state_->mutex);
  state_->stopped = true;
  for (auto& [id, weak] : state_->sessions) {
    if (auto session = weak.lock()) {
      const auto executor = session->executor();
      net::post(executor, [session = std::move(session)] { session->close(); });
    }
  }
}

}  // namespace groundgate::proxy::mock
