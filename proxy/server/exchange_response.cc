#include "proxy/server/exchange.h"

#include <array>

#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include "proxy/openai/json_transform.h"
#include "proxy/openai/sse_transform.h"
#include "proxy/server/forwarding.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

namespace {

constexpr std::size_t kRelayBufferBytes = 16 * 1024;

bool is_http_error(const beast::error_code& ec) {
  return ec.category() == http::make_error_code(http::error::end_of_stream).category();
}

double seconds_since(Exchange::Clock::time_point t) {
  return std::chrono::duration<double>(Exchange::Clock::now() - t).count();
}

}  // namespace

ErrorKind Exchange::upstream_read_error(const beast::error_code& ec) const {
  if (client_gone_) return ErrorKind::kClientDisconnect;
  if (total_expired_ || ec == beast::error::timeout) return ErrorKind::kUpstreamTimeout;
  if (is_http_error(ec) && ec != http::error::end_of_stream && ec != http::error::partial_message) {
    return ErrorKind::kUpstreamBadResponse;
  }
  return ErrorKind::kUpstreamClosedEarly;
}

awaitable<void> Exchange::receive_response() {
  http::response_parser<http::empty_body> parser;
  parser.header_limit(static_cast<std::uint32_t>(config_.limits.max_header_bytes));
  parser.body_limit(boost::none);
  if (request_.method() == http::verb::head) parser.skip(true);
  auto sent = Clock::now();
  upstream_->tcp().expires_after(upstream_config_->header_timeout);
  auto [ec, n] = co_await http::async_read_header(*upstream_, upstream_buffer_, parser, kUseTuple);
  ctx_.metrics.bytes_total.with({observability::kUpstreamIn}).inc(n);
  if (ec) {
    fail(upstream_read_error(ec));
    stop_side_tasks();
    co_return;
  }
  double ttfb = seconds_since(sent);
  record_.ttfb_ms = ttfb * 1000;
  ctx_.metrics.upstream_ttfb_seconds.with({route_->name}).observe(ttfb);

  const auto& response = parser.get();
  status_ = response.result_int();
  bool ok_identity = status_ == 200 && response[http::field::content_encoding].empty();
  std::string_view content_type = response[http::field::content_type];
  bool sse =
      inspected_ && info_.stream && ok_identity && content_type.starts_with("text/event-stream");
  bool json = inspected_ && !info_.stream && ok_identity && !chain_.empty() &&
              content_type.find("json") != std::string_view::npos;
  if (json) {
    co_await transform_json_body(parser);
  } else {
    co_await relay_body(parser, sse);
  }
  stop_side_tasks();
}

awaitable<bool> Exchange::write_body_piece(http::response_serializer<http::buffer_body>& serializer,
                                           http::response<http::buffer_body>& response,
                                           std::string_view piece) {
  response.body().data = const_cast<char*>(piece.data());
  response.body().size = piece.size();
  response.body().more = true;
  client_.tcp().expires_after(config_.limits.client_idle_timeout);  // a stalled client ends here
  auto [ec, n] = co_await http::async_write(client_, serializer, kUseTuple);
  if (ec == http::error::need_buffer) ec = {};
  record_.bytes_out += n;
  if (ec) {
    client_gone_ = true;
    fail(ErrorKind::kClientDisconnect);
    co_return false;
  }
  co_return true;
}

awaitable<void> Exchange::relay_body(http::response_parser<http::empty_body>& header_parser,
                                     bool sse) {
  const auto& upstream_response = header_parser.get();
  http::response<http::buffer_body> response;
  response.result(upstream_response.result_int());
  response.reason(upstream_response.reason());
  response.version(11);
  copy_end_to_end_headers(upstream_response, response, /*drop_accept_encoding=*/false);
  boost::optional<std::uint64_t> length = header_parser.content_length();
  bool sized = !sse && length.has_value();
  if (sized) {
    response.content_length(*length);
  } else if (!header_parser.is_done()) {
    response.chunked(true);
  }
  response.keep_alive(may_keep_connection());
  response.body().data = nullptr;
  response.body().more = !header_parser.is_done();
  http::response_serializer<http::buffer_body> serializer{response};
  client_.tcp().expires_after(config_.limits.client_idle_timeout);
  auto [hec, hn] = co_await http::async_write_header(client_, serializer, kUseTuple);
  response_started_ = true;
  record_.bytes_out += hn;
  if (hec) {
    client_gone_ = true;
    fail(ErrorKind::kClientDisconnect);
    co_return;
  }

  http::response_parser<http::buffer_body> parser{std::move(header_parser)};
  std::optional<openai::SseTransform> transform;
  auto& in_flight = ctx_.metrics.streams_in_flight.with({});
  if (sse) {
    transform.emplace(chain_.empty() ? nullptr : &chain_, config_.limits.max_sse_event);
    in_flight.inc();
  }
  auto& latency = ctx_.metrics.added_latency_seconds.with({});
  auto& upstream_in = ctx_.metrics.bytes_total.with({observability::kUpstreamIn});
  std::array<char, kRelayBufferBytes> buffer;
  std::string out;
  bool upstream_ok = true;
  while (!parser.is_done()) {
    parser.get().body().data = buffer.data();
    parser.get().body().size = buffer.size();
    upstream_->tcp().expires_after(upstream_config_->idle_timeout);
    auto [ec, n] = co_await http::async_read_some(*upstream_, upstream_buffer_, parser, kUseTuple);
    if (ec == http::error::need_buffer) ec = {};
    auto received = Clock::now();
    upstream_in.inc(n);
    if (ec) {
      upstream_ok = false;
      fail(upstream_read_error(ec));
      break;
    }
    std::string_view piece(buffer.data(), buffer.size() - parser.get().body().size);
    std::uint64_t events_before = transform ? transform->counters().events : 0;
    if (transform) {
      out.clear();
      transform->feed(piece, out);
      piece = out;
    }
    if (!piece.empty() && !co_await write_body_piece(serializer, response, piece)) break;
    if (transform) {
      double added = seconds_since(received);
      for (auto e = events_before; e < transform->counters().events; ++e)
        latency.observe(added);
      if (transform->stopped()) {
        fail(ErrorKind::kFilter);
        break;
      }
    }
  }
  if (sse) in_flight.dec();
  if (client_gone_) co_return;
  if (transform) {
    // A stopped or broken upstream stream still ends cleanly for the client.
    out.clear();
    transform->finish(upstream_ok && parser.is_done(), out);
    if (!out.empty() && !co_await write_body_piece(serializer, response, out)) co_return;
  } else if (!upstream_ok) {
    client_.close();  // a relayed body cut short cannot be ended honestly: close
    client_gone_ = true;
    co_return;
  }
  if (!serializer.is_done()) {
    response.body().data = nullptr;
    response.body().size = 0;
    response.body().more = false;
    client_.tcp().expires_after(config_.limits.client_idle_timeout);
    auto [ec, n] = co_await http::async_write(client_, serializer, kUseTuple);
    record_.bytes_out += n;
    if (ec && ec != http::error::need_buffer) {
      client_gone_ = true;
      co_return;
    }
  }
  response_complete_ = true;
}

awaitable<void> Exchange::transform_json_body(
    http::response_parser<http::empty_body>& header_parser) {
  http::response_parser<http::string_body> parser{std::move(header_parser)};
  parser.body_limit(config_.limits.max_response_body);
  upstream_->tcp().expires_after(upstream_config_->idle_timeout);
  auto [ec, n] = co_await http::async_read(*upstream_, upstream_buffer_, parser, kUseTuple);
  ctx_.metrics.bytes_total.with({observability::kUpstreamIn}).inc(n);
  if (ec) {
    fail(ec == http::error::body_limit ? ErrorKind::kUpstreamBadResponse : upstream_read_error(ec));
    co_return;
  }
  auto upstream_response = parser.release();
  http::response<http::string_body> response{upstream_response.result(), 11};
  copy_end_to_end_headers(upstream_response, response, /*drop_accept_encoding=*/false);
  auto transformed = openai::transform_completion_json(upstream_response.body(), &chain_);
  response.body() =
      transformed.changed ? std::move(transformed.body) : std::move(upstream_response.body());
  response.prepare_payload();
  response.keep_alive(may_keep_connection());
  client_.tcp().expires_after(config_.limits.client_idle_timeout);
  auto [wec, wn] = co_await http::async_write(client_, response, kUseTuple);
  response_started_ = true;
  record_.bytes_out += wn;
  if (wec) {
    client_gone_ = true;
    fail(ErrorKind::kClientDisconnect);
    co_return;
  }
  response_complete_ = true;
}

}  // namespace groundgate::proxy::server
