#include "proxy/server/collector_client.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include "proxy/server/forwarding.h"
#include "proxy/server/upstream_connector.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

constexpr auto kUse = asio::as_tuple(asio::use_awaitable);
// A collector or a receiver answers with a small status body (a partial-success message).
constexpr std::size_t kMaxResponseBody = 64 * 1024;

using Headers = std::vector<std::pair<std::string, std::string>>;

// As OTLP/HTTP says: these statuses are temporary; anything else but 2xx is final.
bool retryable(unsigned status) {
  return status == 429 || status == 502 || status == 503 || status == 504;
}

asio::awaitable<void> post(const config::UpstreamConfig& collector, const Headers& headers,
                           asio::ssl::context* tls, const std::string& body,
                           tracing::ExportResult& result) {
  auto executor = co_await asio::this_coro::executor;
  UpstreamConnection connection = co_await connect_upstream(executor, collector, tls);
  if (!connection.stream) {
    result = {false, true, connection.error};
    co_return;
  }
  AnyStream& stream = *connection.stream;
  http::request<http::string_body> request{http::verb::post, collector.base_path, 11};
  request.set(http::field::host, host_header(collector.host, collector.port, collector.https));
  request.set(http::field::content_type, "application/json");
  request.set(http::field::user_agent, "groundgate");
  for (const auto& [name, value] : headers)
    request.set(name, value);
  request.body() = body;
  request.prepare_payload();
  stream.tcp().expires_after(collector.header_timeout);
  auto [write_ec, written] = co_await http::async_write(stream, request, kUse);
  if (write_ec) {
    result = {false, true, "sending to " + collector.url + ": " + write_ec.message()};
    stream.close();
    co_return;
  }
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(kMaxResponseBody);
  auto [read_ec, read] = co_await http::async_read(stream, buffer, parser, kUse);
  stream.close();
  if (read_ec) {
    result = {false, true, "reading from " + collector.url + ": " + read_ec.message()};
    co_return;
  }
  const unsigned status = parser.get().result_int();
  if (status >= 200 && status < 300) {
    result = {true, false, {}};
  } else {
    result = {false, retryable(status), collector.url + " answered " + std::to_string(status)};
  }
}

tracing::ExportResult post_blocking(const config::UpstreamConfig& endpoint, const Headers& headers,
                                    asio::ssl::context* tls, const std::string& body) {
  tracing::ExportResult result{false, false, "not sent"};
  asio::io_context io;
  asio::co_spawn(io, post(endpoint, headers, tls, body, result), asio::detached);
  io.run();
  return result;
}

}  // namespace

tracing::Transport make_collector_transport(const config::TracingConfig& tracing,
                                            std::shared_ptr<asio::ssl::context> tls) {
  return [tracing, tls](const std::string& body) {
    return post_blocking(tracing.collector, tracing.headers, tls.get(), body);
  };
}

observability::WebhookTransport make_webhook_transport(const config::VerdictWebhookConfig& webhook,
                                                       std::shared_ptr<asio::ssl::context> tls) {
  return [webhook, tls](const std::string& body) {
    const tracing::ExportResult r =
        post_blocking(webhook.receiver, webhook.headers, tls.get(), body);
    return observability::WebhookResult{r.ok, r.retry, r.error};
  };
}

}  // namespace groundgate::proxy::server
