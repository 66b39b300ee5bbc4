#include "proxy/observability/admin_server.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <future>
#include <set>
#include <string_view>

namespace groundgate::proxy::observability {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// Everything the connection coroutines share; touched only on `strand` once listening.
class AdminServerState {
 public:
  AdminServerState(asio::io_context& io, MetricsRegistry& registry, std::function<bool()> ready,
                   AdminServerLimits limits)
      : strand(asio::make_strand(io)),
        acceptor(strand),
        registry(registry),
        ready(std::move(ready)),
        limits(limits) {}

  void close_all() {
    stopped = true;
    boost::system::error_code ignored;
    acceptor.close(ignored);
    for (beast::tcp_stream* stream : connections)
      stream->close();
  }

  asio::strand<asio::io_context::executor_type> strand;
  tcp::acceptor acceptor;
  MetricsRegistry& registry;
  std::function<bool()> ready;
  std::function<void()> before_scrape;
  AdminServer::FindVerdicts find_verdicts;
  AdminServerLimits limits;
  std::set<beast::tcp_stream*> connections;
  bool stopped = false;
};

namespace {

constexpr auto kAsTuple = asio::as_tuple(asio::use_awaitable);
constexpr std::string_view kMetricsContentType = "text/plain; version=0.0.4; charset=utf-8";
constexpr std::string_view kTextContentType = "text/plain; charset=utf-8";
constexpr std::string_view kJsonContentType = "application/json";
constexpr std::string_view kVerdictsPrefix = "/verdicts/";

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

Response make_response(http::status status, unsigned version, bool keep_alive, std::string body,
                       std::string_view content_type = kTextContentType) {
  Response res{status, version};
  res.set(http::field::server, "groundgate-admin");
  res.set(http::field::content_type, content_type);
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(keep_alive);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

// The whole routing of the admin API: a pure function of the request and the state.
Response handle(const Request& req, AdminServerState& s, bool from_loopback) {
  std::string_view target = req.target();
  target = target.substr(0, target.find('?'));
  const unsigned version = req.version();
  const bool keep_alive = req.keep_alive();
  const bool verdicts = target.starts_with(kVerdictsPrefix) && s.find_verdicts;
  if (target != "/healthz" && target != "/readyz" && target != "/metrics" && !verdicts) {
    return make_response(http::status::not_found, version, keep_alive, "not found\n");
  }
  if (req.method() != http::verb::get) {
    Response res =
        make_response(http::status::method_not_allowed, version, keep_alive, "use GET\n");
    res.set(http::field::allow, "GET");
    return res;
  }
  if (verdicts) {
    AdminServer::VerdictAnswer answer =
        s.find_verdicts(target.substr(kVerdictsPrefix.size()), from_loopback);
    if (answer.forbidden) {
      return make_response(http::status::forbidden, version, keep_alive,
                           R"({"error":"verdicts are looked up from the loopback only"})",
                           kJsonContentType);
    }
    std::optional<std::string>& found = answer.document;
    if (!found) {
      return make_response(http::status::not_found, version, keep_alive,
                           R"({"error":"no verdicts for this id: unknown, or no longer kept"})",
                           kJsonContentType);
    }
    return make_response(http::status::ok, version, keep_alive, std::move(*found),
                         kJsonContentType);
  }
  if (target == "/healthz") return make_response(http::status::ok, version, keep_alive, "ok");
  if (target == "/readyz") {
    const bool ready = !s.ready || s.ready();
    return ready
               ? make_response(http::status::ok, version, keep_alive, "ready")
               : make_response(http::status::service_unavailable, version, keep_alive, "not ready");
  }
  if (s.before_scrape) s.before_scrape();
  return make_response(http::status::ok, version, keep_alive, s.registry.expose(),
                       kMetricsContentType);
}

// The answer to a request that could not be parsed; the connection closes after it.
std::optional<Response> parse_error_response(const boost::system::error_code& ec) {
  if (ec == http::error::body_limit) {
    return make_response(http::status::payload_too_large, 11, false, "body too large\n");
  }
  if (ec == http::error::header_limit || ec == http::error::buffer_overflow) {
    return make_response(http::status::request_header_fields_too_large, 11, false,
                         "header too large\n");
  }
  if (ec.category() == http::make_error_code(http::error::bad_target).category()) {
    return make_response(http::status::bad_request, 11, false, "bad request\n");
  }
  return std::nullopt;  // timeout, reset, closed: nobody to answer
}

asio::awaitable<void> serve(std::shared_ptr<AdminServerState> s, tcp::socket socket) {
  beast::tcp_stream stream(std::move(socket));
  s->connections.insert(&stream);
  struct Unregister {
    AdminServerState& s;
    beast::tcp_stream* stream;
    ~Unregister() { s.connections.erase(stream); }
  } unregister{*s, &stream};

  boost::system::error_code peer_ec;
  const tcp::endpoint peer = stream.socket().remote_endpoint(peer_ec);
  const bool from_loopback = !peer_ec && peer.address().is_loopback();
  const AdminServerLimits& limits = s->limits;
  beast::flat_buffer buffer(limits.max_header_bytes + limits.max_body_bytes);
  while (!s->stopped) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(limits.max_header_bytes));
    parser.body_limit(limits.max_body_bytes);
    stream.expires_after(limits.read_timeout);
    auto [read_ec, read_n] = co_await http::async_read(stream, buffer, parser, kAsTuple);
    if (s->stopped) break;
    if (read_ec == http::error::end_of_stream) break;

    Response res;
    if (read_ec) {
      std::optional<Response> error_res = parse_error_response(read_ec);
      if (!error_res) co_return;
      res = std::move(*error_res);
    } else {
      res = handle(parser.get(), *s, from_loopback);
    }
    stream.expires_after(limits.write_timeout);
    auto [write_ec, write_n] = co_await http::async_write(stream, res, kAsTuple);
    if (write_ec) co_return;
    if (!res.keep_alive()) break;
  }
  boost::system::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
}

asio::awaitable<void> accept_loop(std::shared_ptr<AdminServerState> s) {
  while (!s->stopped) {
    auto [ec, socket] = co_await s->acceptor.async_accept(kAsTuple);
    if (s->stopped || ec == asio::error::operation_aborted) co_return;
    if (ec) {
      // Out of descriptors or similar: pause rather than spin on the same error.
      asio::steady_timer pause(s->strand, std::chrono::milliseconds(50));
      co_await pause.async_wait(kAsTuple);
      continue;
    }
    if (s->connections.size() >= s->limits.max_connections) {
      boost::system::error_code ignored;
      socket.close(ignored);
      continue;
    }
    asio::co_spawn(s->strand, serve(s, std::move(socket)), asio::detached);
  }
}

}  // namespace

AdminServer::AdminServer(asio::io_context& io, MetricsRegistry& registry,
                         std::function<bool()> ready, AdminServerLimits limits)
    : io_(io), state_(std::make_shared<AdminServerState>(io, registry, std::move(ready), limits)) {}

void AdminServer::on_scrape(std::function<void()> refresh) {
  state_->before_scrape = std::move(refresh);
}

void AdminServer::on_verdicts(FindVerdicts find) {
  state_->find_verdicts = std::move(find);
}

AdminServer::~AdminServer() {
  stop();
}

std::optional<AdminListenError> AdminServer::listen(const std::string& host, std::uint16_t port) {
  const std::string where = host + ":" + std::to_string(port);
  if (state_->acceptor.is_open() || state_->stopped) {
    return AdminListenError{"admin listen " + where + ": already listening or stopped"};
  }
  boost::system::error_code ec;
  tcp::endpoint endpoint;
  const asio::ip::address address = asio::ip::make_address(host, ec);
  if (!ec) {
    endpoint = tcp::endpoint(address, port);
  } else {
    tcp::resolver resolver(io_);
    const auto results = resolver.resolve(host, std::to_string(port), ec);
    if (ec || results.empty()) {
      return AdminListenError{"admin listen " + where + ": cannot resolve host: " +
                              (ec ? ec.message() : std::string("no address"))};
    }
    endpoint = results.begin()->endpoint();
  }

  tcp::acceptor& acceptor = state_->acceptor;
  const auto fail = [&](std::string_view step) {
    boost::system::error_code ignored;
    acceptor.close(ignored);
    return AdminListenError{"admin listen " + where + ": " + std::string(step) + ": " +
                            ec.message()};
  };
  acceptor.open(endpoint.protocol(), ec);
  if (ec) return fail("open");
  acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (ec) return fail("reuse_address");
  acceptor.bind(endpoint, ec);
  if (ec) return fail("bind");
  acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) return fail("listen");
  const tcp::endpoint local = acceptor.local_endpoint(ec);
  if (ec) return fail("local_endpoint");
  port_ = local.port();
  asio::co_spawn(state_->strand, accept_loop(state_), asio::detached);
  return std::nullopt;
}

void AdminServer::stop() {
  std::shared_ptr<AdminServerState> s = state_;
  // Before a successful listen() no coroutine exists, so nothing else touches the state.
  if (port_ == 0 || s->strand.running_in_this_thread() || io_.stopped()) {
    s->close_all();
    return;
  }
  if (io_.get_executor().running_in_this_thread()) {
    // Waiting here could block the very thread that has to run the strand.
    asio::dispatch(s->strand, [s] { s->close_all(); });
    return;
  }
  // Bounded: if no thread runs the io_context yet, the close happens when one does.
  auto done = std::make_shared<std::promise<void>>();
  std::future<void> closed = done->get_future();
  asio::dispatch(s->strand, [s, done] {
    s->close_all();
    done->set_value();
  });
  closed.wait_for(std::chrono::seconds(1));
}

}  // namespace groundgate::proxy::observability
