#include "proxy/server/exchange.h"

#include <boost/asio/error.hpp>
#include <boost/asio/execution/context.hpp>
#include <boost/asio/query.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/beast/http/error.hpp>

#include "proxy/server/upstream_connector.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

void Exchange::set_upstream_key(const asio::any_io_executor& executor) {
  upstream_key_ =
      upstream_pool_key(upstream_config_->name, upstream_config_->host, upstream_config_->port,
                        upstream_config_->https, runtime_->tls_for(upstream_config_->name),
                        &asio::query(executor, asio::execution::context));
}

bool Exchange::take_pooled_upstream(const asio::any_io_executor& executor) {
  upstream_reused_ = false;
  auto pooled = ctx_.upstream_pool.take(upstream_key_);
  if (!pooled) return false;
  // One io_context per thread: the connection is already where this exchange runs. With a
  // strand per connection, it moves to this exchange's strand.
  if (pooled->get_executor() == executor || pooled->rebind(executor)) {
    upstream_ = std::move(pooled);
    upstream_reused_ = true;
    return true;
  }
  pooled->close();
  return false;
}

awaitable<bool> Exchange::connect_new_upstream() {
  upstream_reused_ = false;
  auto executor = co_await asio::this_coro::executor;
  auto connection = co_await connect_upstream(executor, *upstream_config_,
                                              runtime_->tls_for(upstream_config_->name));
  if (connection.stream) {
    upstream_ = std::move(connection.stream);
    co_return true;
  }
  fail(connection.error_kind == "upstream_timeout" ? ErrorKind::kUpstreamTimeout
       : connection.error_kind == "upstream_tls"   ? ErrorKind::kUpstreamTls
                                                   : ErrorKind::kUpstreamConnect);
  unreachable_kind_ = std::move(connection.error_kind);
  unreachable_ = std::move(connection.error);
  co_return false;
}

awaitable<void> Exchange::reply_unreachable() {
  co_await reply_error(
      unreachable_kind_ == "upstream_timeout" ? http::status::gateway_timeout
                                              : http::status::bad_gateway,
      "groundgate: upstream " + upstream_config_->name + " unreachable: " + unreachable_,
      "upstream_error", unreachable_kind_);
}

bool Exchange::may_retry(Sent sent) const {
  if (!upstream_reused_ || sent == Sent::kAll) return false;
  // A request cut short while it was written reached the upstream in part: again only when
  // it may go twice, and when the client's side did not cut it (error_).
  return sent == Sent::kNothing || (retry_safe_ && !error_);
}

bool Exchange::may_retry_unanswered(const beast::error_code& ec,
                                    const http1::ResponseParser& response) const {
  // The upstream closed (or reset) the connection before a byte of its response: it may
  // have done so at the moment the request arrived, as it closes idle connections.
  const bool closed = ec == http::error::end_of_stream || ec == asio::error::connection_reset ||
                      ec == asio::ssl::error::stream_truncated;
  return closed && upstream_reused_ && retry_safe_ && !error_ && !response.got_some() &&
         upstream_buffer_.size() == 0;
}

void Exchange::count_retry(std::string_view reason) {
  ctx_.metrics.upstream_retries_total.with({route_->name, reason}).inc();
  record_.upstream_retry(reason);
}

awaitable<bool> Exchange::resend_on_new_connection() {
  count_retry(observability::kRetryEmptyResponse);
  upstream_->close();
  upstream_.reset();
  // The watchdog bounds the new attempt as it bounds the wait for the header; while the
  // connection is being made there is nothing to cancel, and connect_timeout bounds that.
  watchdog_->upstream_wait_started();
  bool sent = false;
  // The client may have left, or the watchdog expired, while it connected (error_).
  if (co_await connect_new_upstream() && !error_) {
    sent = co_await send_request() == Sent::kAll;
  }
  watchdog_->upstream_wait_ended();
  if (!sent) {
    fail(ErrorKind::kUpstreamClosedEarly);
    co_return false;
  }
  upstream_->tcp().expires_never();  // the watchdog bounds every wait from here on
  co_return true;
}

void Exchange::release_upstream(std::size_t unsent_bytes) {
  if (!upstream_) return;
  // Only a response read to its end, with nothing after it, leaves the connection in a known
  // state; anything cut short (client gone, filter stop, timeout, error) may still carry bytes.
  bool reusable = upstream_keep_alive_ && upstream_answer_ != UpstreamAnswer::kReading &&
                  body_consumed_ && !error_ && upstream_buffer_.size() == unsent_bytes &&
                  status_ != 101;
  if (reusable) {
    ctx_.upstream_pool.park(upstream_key_, std::move(upstream_), upstream_config_->pool.max_idle,
                            upstream_config_->pool.idle_time);
  } else {
    upstream_->close();
    upstream_.reset();
  }
}

void Exchange::upstream_response_read(std::size_t unsent_bytes) {
  if (upstream_answer_ == UpstreamAnswer::kReading) upstream_answer_ = UpstreamAnswer::kRead;
  release_upstream(unsent_bytes);
}

}  // namespace groundgate::proxy::server
