#include "proxy/server/upstream_connector.h"

#include <openssl/ssl.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "proxy/server/draining_read_buffer.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
using asio::ip::tcp;

namespace {
constexpr auto kUse = asio::as_tuple(asio::use_awaitable);
}

asio::awaitable<UpstreamConnection> connect_upstream(asio::any_io_executor executor,
                                                     const config::UpstreamConfig& upstream,
                                                     asio::ssl::context* tls) {
  UpstreamConnection out;
  tcp::resolver resolver(executor);
  auto [rec, endpoints] =
      co_await resolver.async_resolve(upstream.host, std::to_string(upstream.port), kUse);
  if (rec) {
    out.error_kind = "upstream_resolve";
    out.error = "cannot resolve " + upstream.host + ": " + rec.message();
    co_return out;
  }
  beast::tcp_stream tcp_stream(executor);
  tcp_stream.expires_after(upstream.connect_timeout);
  auto [cec, ep] = co_await tcp_stream.async_connect(endpoints, kUse);
  if (cec) {
    out.error_kind = cec == beast::error::timeout ? "upstream_timeout" : "upstream_connect";
    out.error = "cannot connect to " + upstream.host + ":" + std::to_string(upstream.port) + ": " +
                cec.message();
    co_return out;
  }
  tcp_stream.socket().set_option(tcp::no_delay(true));
  if (!upstream.https) {
    // Reads say when they emptied the socket, which spares the relay a read per event that
    // would find nothing (draining_read_buffer.h). Without it reads work as before.
    set_reports_queued_bytes(tcp_stream.socket().native_handle());
    out.stream = std::make_unique<AnyStream>(std::move(tcp_stream));
    co_return out;
  }
  if (tls == nullptr) {
    out.error_kind = "upstream_tls";
    out.error = "no TLS context for upstream " + upstream.name;
    co_return out;
  }
  AnyStream::Tls tls_stream(std::move(tcp_stream), *tls);
  const std::string& name =
      upstream.tls.server_name.empty() ? upstream.host : upstream.tls.server_name;
  if (!SSL_set_tlsext_host_name(tls_stream.native_handle(), name.c_str())) {
    out.error_kind = "upstream_tls";
    out.error = "cannot set SNI " + name;
    co_return out;
  }
  if (!upstream.tls.insecure_skip_verify) {
    tls_stream.set_verify_callback(asio::ssl::host_name_verification(name));
  }
  beast::get_lowest_layer(tls_stream).expires_after(upstream.connect_timeout);
  auto [hec] = co_await tls_stream.async_handshake(asio::ssl::stream_base::client, kUse);
  if (hec) {
    out.error_kind = hec == beast::error::timeout ? "upstream_timeout" : "upstream_tls";
    out.error = "TLS handshake with " + name + " failed: " + hec.message();
    co_return out;
  }
  out.stream = std::make_unique<AnyStream>(std::move(tls_stream));
  co_return out;
}

}  // namespace groundgate::proxy::server
