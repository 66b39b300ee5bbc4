#include "proxy/server/exchange.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

namespace {

// Bytes of pipelined requests read ahead while a response streams; beyond this, stop reading.
constexpr std::size_t kReadAheadBytes = 64 * 1024;

}  // namespace

awaitable<void> Exchange::watch_client() {
  // Reads while the response streams: EOF or an error means the client left, and the upstream
  // request is cancelled at once. Bytes that arrive are a pipelined next request: kept.
  while (side_tasks_running_) {
    if (client_buffer_.size() >= kReadAheadBytes) {  // stop_side_tasks() cancels the wait
      co_await park_timer_->async_wait(kUseTuple);
      continue;
    }
    auto [ec, n] = co_await client_.async_read_some(client_buffer_.prepare(4096), kUseTuple);
    client_buffer_.commit(n);
    if (!ec) continue;
    if (side_tasks_running_) {
      client_gone_ = true;
      fail(ErrorKind::kClientDisconnect);
      upstream_->tcp().cancel();
    }
    break;
  }
}

awaitable<void> Exchange::total_deadline() {
  if (!side_tasks_running_) co_return;  // the response ended before this task started
  auto [ec] = co_await deadline_timer_->async_wait(kUseTuple);
  if (!ec && side_tasks_running_) {
    total_expired_ = true;
    fail(ErrorKind::kUpstreamTimeout);
    upstream_->tcp().cancel();
  }
}

void Exchange::stop_side_tasks() {
  side_tasks_running_ = false;
  if (!client_gone_) client_.tcp().cancel();
  park_timer_->cancel();
  deadline_timer_->cancel();
}

}  // namespace groundgate::proxy::server
