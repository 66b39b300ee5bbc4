#include "proxy/server/session.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include "proxy/http1/request_target.h"
#include "proxy/openai/error_body.h"
#include "proxy/server/exchange.h"
#include "proxy/server/forwarding.h"
#include "proxy/server/http_read.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using observability::ErrorKind;

namespace {

constexpr auto kUse = asio::as_tuple(asio::use_awaitable);

asio::awaitable<void> reply_bad_request(AnyStream& client, http::status status,
                                        std::string_view message) {
  http::response<http::string_body> response{status, 11};
  response.set(http::field::content_type, "application/json");
  response.body() = openai::error_body(
      message, "invalid_request_error",
      status == http::status::not_implemented ? "not_implemented" : "bad_request");
  response.prepare_payload();
  response.keep_alive(false);
  co_await http::async_write(client, response, kUse);
}

// Closing a socket while request bytes are still unread makes the kernel answer with a reset,
// and a reset can discard a response the client has not read yet (a 400 sent in the middle of
// a request body). As nginx's lingering close: stop sending, then read and drop what the client
// still sends until it closes, for at most kLingerTime and kLingerBytes, and only then close.
constexpr auto kLingerTime = std::chrono::seconds(2);
constexpr std::size_t kLingerBytes = 4u << 20;

asio::awaitable<void> close_lingering(AnyStream& client) {
  boost::system::error_code ec;
  client.tcp().socket().shutdown(asio::ip::tcp::socket::shutdown_send, ec);
  if (!ec) {
    client.tcp().expires_after(kLingerTime);
    char sink[4096];
    for (std::size_t drained = 0; drained < kLingerBytes;) {
      auto [read_ec, n] = co_await client.tcp().async_read_some(asio::buffer(sink), kUse);
      if (read_ec) break;
      drained += n;
    }
  }
  client.close();
}

}  // namespace

asio::awaitable<void> run_session(std::shared_ptr<ServerContext> shared, AnyStream client) {
  ServerContext& context = *shared;
  auto& open = context.metrics.connections_open.with({});
  open.inc();
  struct Close {
    observability::Gauge& gauge;
    ~Close() { gauge.dec(); }
  } close_guard{open};

  const config::Limits limits = context.configs.current()->config->limits;
  if (auto* tls = client.tls()) {
    client.tcp().expires_after(limits.client_header_timeout);
    auto [ec] = co_await tls->async_handshake(asio::ssl::stream_base::server, kUse);
    if (ec) {
      context.metrics.errors_total.with({observability::error_kind_name(ErrorKind::kTlsHandshake)})
          .inc();
      co_return;
    }
  }

  beast::flat_buffer buffer;
  bool first = true;
  bool client_closed = false;
  while (!context.draining) {
    http1::RequestParser request;
    request.header_limit(static_cast<std::uint32_t>(limits.max_header_bytes));
    request.body_limit(boost::none);  // the body limit is applied where the body is read
    client.tcp().expires_after(first ? limits.client_header_timeout : limits.client_idle_timeout);
    auto [ec, n] = co_await read_http(client, buffer, request, ReadUntil::kHeader);
    if (ec == http::error::end_of_stream || ec == asio::error::eof) {
      client_closed = true;
      break;
    }
    if (ec) {
      if (ec == http::error::header_limit) {
        co_await reply_bad_request(client, http::status::request_header_fields_too_large,
                                   "groundgate: request headers too large");
      } else if (ec.category() == http::make_error_code(http::error::end_of_stream).category()) {
        co_await reply_bad_request(client, http::status::bad_request,
                                   "groundgate: malformed HTTP request");
      }
      if (ec != beast::error::timeout &&
          ec.category() == http::make_error_code(http::error::end_of_stream).category()) {
        context.metrics.errors_total.with({observability::error_kind_name(ErrorKind::kBadRequest)})
            .inc();
      }
      break;
    }
    first = false;
    // RFC 9112 section 3.2: an HTTP/1.1 request without Host, or any with two, is refused.
    const std::size_t hosts = request.fields().count(http::field::host);
    if (hosts > 1 || (hosts == 0 && request.version() >= 11)) {
      co_await reply_bad_request(client, http::status::bad_request,
                                 "groundgate: a request needs exactly one Host header");
      context.metrics.errors_total.with({observability::error_kind_name(ErrorKind::kBadRequest)})
          .inc();
      break;
    }
    if (const unsigned refusal =
            refuse_request_transfer_coding(request.fields(), request.version())) {
      co_await reply_bad_request(client, static_cast<http::status>(refusal),
                                 refusal == 400
                                     ? "groundgate: a request's transfer coding must end in chunked"
                                     : "groundgate: no transfer coding but chunked is supported");
      context.metrics.errors_total.with({observability::error_kind_name(ErrorKind::kBadRequest)})
          .inc();
      break;
    }
    // Routed and forwarded in one normal form, so that no spelling of a path an upstream reads
    // as a guarded one misses its route; what has none is refused.
    http1::NormalizedTarget target = http1::normalize_target(
        request.target(), request.fields().find(http::field::host).value_or(""));
    if (!target.ok) {
      co_await reply_bad_request(client, http::status::bad_request,
                                 "groundgate: " + std::string(target.error));
      context.metrics.errors_total.with({observability::error_kind_name(ErrorKind::kBadRequest)})
          .inc();
      break;
    }
    request.set_target(target.target);
    if (!co_await run_exchange(context, client, buffer, request)) break;
  }

  if (auto* tls = client.tls()) {
    client.tcp().expires_after(std::chrono::seconds(2));
    co_await tls->async_shutdown(kUse);  // stream_truncated from the peer is benign here
  }
  if (client_closed) {
    client.close();
  } else {
    co_await close_lingering(client);
  }
}

}  // namespace groundgate::proxy::server
