#include "proxy/server/exchange.h"

#include <boost/asio/execution/context.hpp>
#include <boost/asio/query.hpp>
#include <boost/asio/this_coro.hpp>

#include "proxy/server/upstream_connector.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace http = boost::beast::http;
using asio::awaitable;
using observability::ErrorKind;

awaitable<bool> Exchange::acquire_upstream(bool allow_pooled) {
  auto* tls = runtime_->tls_for(upstream_config_->name);
  auto executor = co_await asio::this_coro::executor;
  upstream_key_ = upstream_pool_key(upstream_config_->name, upstream_config_->host,
                                    upstream_config_->port, upstream_config_->https, tls,
                                    &asio::query(executor, asio::execution::context));
  upstream_reused_ = false;
  if (allow_pooled) {
    auto pooled = ctx_.upstream_pool.take(upstream_key_);
    // One io_context per thread: the connection is already where this exchange runs. With a
    // strand per connection, it moves to this exchange's strand.
    if (pooled && (pooled->get_executor() == executor || pooled->rebind(executor))) {
      upstream_ = std::move(pooled);
      upstream_reused_ = true;
      co_return true;
    }
    if (pooled) pooled->close();
  }
  auto connection = co_await connect_upstream(executor, *upstream_config_, tls);
  if (connection.stream) {
    upstream_ = std::move(connection.stream);
    co_return true;
  }
  bool timeout = connection.error_kind == "upstream_timeout";
  fail(timeout                                   ? ErrorKind::kUpstreamTimeout
       : connection.error_kind == "upstream_tls" ? ErrorKind::kUpstreamTls
                                                 : ErrorKind::kUpstreamConnect);
  co_await reply_error(
      timeout ? http::status::gateway_timeout : http::status::bad_gateway,
      "groundgate: upstream " + upstream_config_->name + " unreachable: " + connection.error,
      "upstream_error", connection.error_kind);
  co_return false;
}

void Exchange::release_upstream(std::size_t unsent_bytes) {
  if (!upstream_) return;
  // Only a response read to its end, with nothing after it, leaves the connection in a known
  // state; anything cut short (client gone, filter stop, timeout, error) may still carry bytes.
  bool reusable = upstream_keep_alive_ && upstream_done_ && body_consumed_ && !error_ &&
                  upstream_buffer_.size() == unsent_bytes && status_ != 101;
  if (reusable) {
    ctx_.upstream_pool.park(upstream_key_, std::move(upstream_), upstream_config_->pool.max_idle,
                            upstream_config_->pool.idle_time);
  } else {
    upstream_->close();
    upstream_.reset();
  }
}

void Exchange::upstream_response_read(std::size_t unsent_bytes) {
  upstream_done_ = true;
  release_upstream(unsent_bytes);
}

}  // namespace groundgate::proxy::server
