#include "proxy/server/exchange.h"

#include <boost/asio/write.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include "proxy/openai/error_body.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

awaitable<void> Exchange::reply_error(http::status status, std::string_view message,
                                      std::string_view type, std::string_view code) {
  http::response<http::string_body> response{status, 11};
  response.set(http::field::content_type, "application/json");
  response.body() = openai::error_body(message, type, code);
  response.prepare_payload();
  response.keep_alive(may_keep_connection());
  status_ = static_cast<int>(status);
  client_.tcp().expires_after(config_.limits.client_idle_timeout);
  auto [ec, n] = co_await http::async_write(client_, response, kUseTuple);
  advance(ec ? ResponseProgress::kStarted : ResponseProgress::kComplete);
  record_.sent(n);
}

awaitable<bool> Exchange::write_raw(std::string_view bytes) {
  client_.tcp().expires_after(config_.limits.client_idle_timeout);
  auto [ec, n] = co_await asio::async_write(client_, asio::buffer(bytes), kUseTuple);
  co_return !ec;
}

}  // namespace groundgate::proxy::server
