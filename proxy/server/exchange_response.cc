#include "proxy/server/exchange.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <span>

#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include "proxy/openai/error_body.h"
#include "proxy/openai/json_transform.h"
#include "proxy/openai/responses_json_transform.h"
#include "proxy/openai/sse_transform.h"
#include "proxy/server/forwarding.h"
#include "proxy/server/header_writer.h"
#include "proxy/server/http_read.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

namespace {

// More interim (1xx) responses than this before the final one is a broken upstream.
constexpr int kMaxInterimResponses = 8;

bool is_http_error(const beast::error_code& ec) {
  return ec.category() == http::make_error_code(http::error::end_of_stream).category();
}

// "%zx\r\n" of a chunk's size into `out`; returns its length.
std::size_t format_chunk_size(std::size_t size, std::array<char, 20>& out) {
  constexpr std::string_view kHex = "0123456789abcdef";
  std::array<char, 16> digits;
  std::size_t count = 0;
  do {
    digits[count++] = kHex[size & 0xf];
    size >>= 4;
  } while (size != 0);
  for (std::size_t i = 0; i < count; ++i)
    out[i] = digits[count - 1 - i];
  out[count] = '\r';
  out[count + 1] = '\n';
  return count + 2;
}

}  // namespace

ErrorKind Exchange::upstream_read_error(const beast::error_code& ec) const {
  if (client_gone_) return ErrorKind::kClientDisconnect;
  if (total_expired_ || upstream_timed_out_ || ec == beast::error::timeout) {
    return ErrorKind::kUpstreamTimeout;
  }
  if (is_http_error(ec) && ec != http::error::end_of_stream && ec != http::error::partial_message) {
    return ErrorKind::kUpstreamBadResponse;
  }
  return ErrorKind::kUpstreamClosedEarly;
}

awaitable<void> Exchange::receive_response() {
  auto sent = Clock::now();
  upstream_wait_limit_ = upstream_config_->header_timeout;
  std::optional<http1::ResponseParser> parser;
  // Interim responses (1xx but 101) come before the final one, within the header timeout:
  // each goes on to an HTTP/1.1 client (RFC 9110 section 15.2), then the next header is read.
  for (int interim = 0;; ++interim) {
    parser.emplace();
    parser->header_limit(static_cast<std::uint32_t>(config_.limits.max_header_bytes));
    parser->body_limit(boost::none);
    if (request_.method() == http::verb::head) parser->skip(true);
    upstream_wait_since_ = sent;
    auto [ec, n] = co_await read_http(*upstream_, upstream_buffer_, *parser, ReadUntil::kHeader);
    upstream_wait_since_ = kNotWaiting;
    ctx_.metrics.upstream_in_bytes.inc(n);
    if (ec) {
      fail(upstream_read_error(ec));
      stop_side_tasks();
      co_return;
    }
    const unsigned status = parser->status();
    if (status < 100 || status >= 200 || status == 101) break;
    if (interim == kMaxInterimResponses) {
      fail(ErrorKind::kUpstreamBadResponse);
      stop_side_tasks();
      co_return;
    }
    if (request_.version() >= 11 && !co_await forward_interim(*parser)) {
      stop_side_tasks();
      co_return;
    }
  }
  double ttfb = seconds_since(sent);
  record_.ttfb_ms = ttfb * 1000;
  ctx_.metrics.upstream_ttfb_seconds.with({route_->name}).observe(ttfb);

  const http1::HeaderFields& response = parser->fields();
  if (has_transfer_coding_besides_chunked(response)) {
    fail(ErrorKind::kUpstreamBadResponse);
    record_.extra.emplace_back("upstream_body_error", "transfer coding other than chunked");
    stop_side_tasks();
    co_return;
  }
  status_ = static_cast<int>(parser->status());
  upstream_keep_alive_ = parser->keep_alive();
  if (parser->is_done()) upstream_response_read();  // no body (HEAD, 204, 304, length 0)
  bool ok_identity = status_ == 200 && response[http::field::content_encoding].empty();
  std::string_view content_type = response[http::field::content_type];
  bool sse =
      inspected_ && info_.stream && ok_identity && content_type.starts_with("text/event-stream");
  bool json = inspected_ && !info_.stream && ok_identity && !chain_.empty() &&
              content_type.find("json") != std::string_view::npos;
  upstream_wait_limit_ = upstream_config_->idle_timeout;
  if (json) {
    co_await transform_json_body(*parser);
  } else {
    co_await relay_body(*parser, sse);
  }
  stop_side_tasks();
}

awaitable<bool> Exchange::forward_interim(const http1::ResponseParser& upstream_response) {
  std::string header;
  header.reserve(kHeaderReserve);
  append_status_line(11, upstream_response.status(), upstream_response.reason(), header);
  append_end_to_end_headers(upstream_response.fields(), /*drop_accept_encoding=*/false, header);
  end_header(header);
  co_return co_await write_client(header, /*as_chunk=*/false);
}

bool Exchange::start_client_write(std::span<const std::string_view> pieces, bool as_chunk,
                                  ClientWrite& w) {
  std::size_t total = 0;
  w.count = 0;
  if (as_chunk) ++w.count;  // the size line, filled in below
  for (std::string_view piece : pieces) {
    w.buffers[w.count++] = asio::buffer(piece);
    total += piece.size();
  }
  w.last_chunk = total == 0;
  if (as_chunk) {
    w.buffers[0] = asio::buffer(w.size_line.data(), format_chunk_size(total, w.size_line));
    w.buffers[w.count++] = asio::buffer("\r\n", 2);
  }
  const std::span<const asio::const_buffer> all(w.buffers.data(), w.count);
  w.written = client_.write_some_now(all, w.ec);
  return w.ec || w.written == asio::buffer_size(all);
}

awaitable<void> Exchange::finish_client_write(ClientWrite& w) {
  // The socket is full (or TLS): the rest goes asynchronously, bounded by the watchdog.
  client_write_since_ = Clock::now();
  auto [ec, n] = co_await client_.async_write_unbounded(w.rest(), kUseTuple);
  client_write_since_ = kNotWaiting;
  w.ec = ec;
  w.written += n;
}

bool Exchange::end_client_write(const ClientWrite& w) {
  record_.bytes_out += w.written;
  if (!w.ec) return true;
  client_gone_ = true;
  // The last chunk ends the body: a client that leaves then has had the whole answer.
  if (!w.last_chunk) fail(ErrorKind::kClientDisconnect);
  return false;
}

awaitable<bool> Exchange::write_client(std::string_view bytes, bool as_chunk) {
  ClientWrite w;
  if (!start_client_write({&bytes, 1}, as_chunk, w)) co_await finish_client_write(w);
  co_return end_client_write(w);
}

awaitable<void> Exchange::transform_json_body(http1::ResponseParser& upstream_response) {
  std::string body;
  upstream_response.body_to_string(body, config_.limits.max_response_body);
  // A response without a body was complete with its header: the connection is pooled already.
  if (!upstream_done_) {
    upstream_wait_since_ = Clock::now();
    auto [ec, n] =
        co_await read_http(*upstream_, upstream_buffer_, upstream_response, ReadUntil::kMessage);
    upstream_wait_since_ = kNotWaiting;
    ctx_.metrics.upstream_in_bytes.inc(n);
    if (ec) {
      fail(ec == http::error::body_limit ? ErrorKind::kUpstreamBadResponse
                                         : upstream_read_error(ec));
      co_return;
    }
    upstream_response_read();
  }
  http::response<http::string_body> response{static_cast<http::status>(status_), 11};
  copy_end_to_end_headers(upstream_response.fields(), response, /*drop_accept_encoding=*/false);
  const Clock::time_point guard_start = Clock::now();
  auto transformed = info_.kind == openai::EndpointKind::kResponses
                         ? openai::transform_responses_json(body, &chain_)
                         : openai::transform_completion_json(body, &chain_);
  const config::PolicyConfig* policy = config_.find_policy(policy_);
  if (transformed.stopped && policy != nullptr && policy->block_status != 0) {
    co_await reply_error(static_cast<http::status>(policy->block_status),
                         "groundgate blocked the answer: it failed verification against the "
                         "provided context",
                         "invalid_request_error", "groundgate_blocked");
    co_return;
  }
  response.body() = transformed.changed ? std::move(transformed.body) : std::move(body);
  if (!chain_.empty()) set_guard_headers(response, Clock::now() - guard_start);
  response.prepare_payload();
  response.keep_alive(may_keep_connection());
  client_write_since_ = Clock::now();
  auto [wec, wn] = co_await http::async_write(client_, response, kUseTuple);
  client_write_since_ = kNotWaiting;
  response_started_ = true;
  record_.bytes_out += wn;
  if (wec) {
    client_gone_ = true;
    fail(ErrorKind::kClientDisconnect);
    co_return;
  }
  response_complete_ = true;
}

openai::AnnotationPlacement Exchange::annotation_placement() const {
  const config::PolicyConfig* policy = config_.find_policy(policy_);
  return policy != nullptr && policy->annotations == config::AnnotationStyle::kComment
             ? openai::AnnotationPlacement::kCommentLines
             : openai::AnnotationPlacement::kInChunks;
}

void Exchange::set_guard_headers(http::response<http::string_body>& response,
                                 Clock::duration transform_time) {
  // What the guard said about the answer, for clients that read headers rather than bodies.
  double added_ms = std::chrono::duration<double, std::milli>(transform_time).count();
  for (const auto& [key, value] : chain_.report().fields) {
    if (key == "guard.verdict") response.set("x-groundgate-verdict", value);
    if (key == "guard.checked") response.set("x-groundgate-checked", value);
    if (key == "guard.prepare_ms") added_ms += std::strtod(value.c_str(), nullptr);
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", added_ms);
  response.set("x-groundgate-added-ms", text);
}

}  // namespace groundgate::proxy::server
