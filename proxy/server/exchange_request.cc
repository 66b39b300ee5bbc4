#include "proxy/server/exchange.h"

#include <array>
#include <memory>

#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_suffix.hpp>
#include <boost/beast/http/buffer_body.hpp>
#include <boost/beast/http/write.hpp>

#include "config/route_table.h"
#include "proxy/openai/request_writer.h"
#include "proxy/server/forwarding.h"
#include "proxy/server/header_writer.h"
#include "proxy/server/http_read.h"
#include "proxy/server/verdict_record.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

namespace {

constexpr std::size_t kRelayBufferBytes = 16 * 1024;

}  // namespace

bool Exchange::take_buffered_body() {
  // The usual request's body came with its header: all of a declared length within the limit
  // in the buffer is parsed from there (it cannot fail), without a read or a coroutine.
  const auto declared = request_.content_length();
  if (!declared || request_.chunked() || *declared > config_.limits.max_request_body ||
      client_buffer_.size() < *declared) {
    return false;
  }
  request_.body_to_string(body_, config_.limits.max_request_body);
  beast::error_code ec;
  std::size_t consumed = 0;
  const bool ended = parse_buffered(client_buffer_, request_, ReadUntil::kMessage, ec, consumed);
  record_.received(consumed);
  if (!ended || ec || !request_.is_done()) return false;  // read_inspected_body decides
  body_consumed_ = true;
  return true;
}

awaitable<bool> Exchange::read_inspected_body() {
  // A declared length over the limit is refused without reading the body; the body's sink
  // bounds the rest (a chunked body as it arrives).
  auto declared = request_.content_length();
  bool too_large = declared && *declared > config_.limits.max_request_body;
  request_.body_to_string(body_, config_.limits.max_request_body);
  beast::error_code ec;
  if (!too_large) {
    client_.tcp().expires_after(config_.limits.client_body_timeout);
    auto [read_ec, n] = co_await read_http(client_, client_buffer_, request_, ReadUntil::kMessage);
    record_.received(n);
    ec = read_ec;
  }
  if (too_large || ec == http::error::body_limit) {
    fail(ErrorKind::kBodyTooLarge);
    keep_alive_ = false;  // the rest of the body is unread: the connection cannot go on
    co_await reply_error(http::status::payload_too_large,
                         "groundgate: request body exceeds the limit of " +
                             std::to_string(config_.limits.max_request_body) + " bytes",
                         "invalid_request_error", "request_too_large");
    co_return false;
  }
  if (ec) {
    if (malformed_message(ec)) {  // RFC 9112 section 6.3: 400, and the connection closes
      fail(ErrorKind::kBadRequest);
      keep_alive_ = false;
      co_await reply_error(http::status::bad_request, "groundgate: malformed request body",
                           "invalid_request_error", "bad_request");
      co_return false;
    }
    fail(ec == beast::error::timeout ? ErrorKind::kClientTimeout : ErrorKind::kClientDisconnect);
    co_return false;
  }
  body_consumed_ = true;
  co_return true;
}

Routing Exchange::select_route() {
  // An inspected body is parsed here, once: what routing needs now, and the view its filters
  // read (create_chain), from the same parse and in the same call.
  thread_local openai::RequestInspector inspector;  // keeps its parser's buffers
  if (inspected_) info_ = inspector.inspect(endpoint_, body_);
  config::RequestAttributes attributes{
      request_.method_string(), normalized_path_, info_.model,
      [this](std::string_view name) -> std::optional<std::string_view> {
        return request_.fields().find(name);
      }};
  route_ = config::match_route(config_, attributes);
  if (route_ == nullptr) return Routing::kNoRoute;
  upstream_config_ = config_.find_upstream(route_->upstream);
  if (upstream_config_ == nullptr) return Routing::kNoRoute;  // validation forbids it; be safe
  record_.routed(route_->name, upstream_config_->name, info_.model, info_.stream);
  if (inspected_ && !info_.valid_json) {
    ctx_.metrics.request_body_not_json_total.with({route_->name}).inc();
  }
  std::optional<std::string> policy = select_policy();
  if (!policy) return Routing::kPolicyRefused;
  policy_ = std::move(*policy);
  if (inspected_) create_chain(inspector);
  return Routing::kRouted;
}

void Exchange::create_chain(const openai::RequestInspector& inspector) {
  if (!runtime_->filters->has_filters(policy_)) return;
  // A body that does not parse gets its chain too: the guard then reads no context, and every
  // sentence of the answer is unverified (on_error decides), never "nothing to check".
  openai::DecodedRequest request = inspector.decode();
  chain_ = runtime_->filters->create(
      policy_, {route_->name, policy_, request.view, config_.logging.log_content});
  layout_ = std::move(request.layout);
  // What the filters read for themselves (context extension fields, a schema) stays here.
  const std::vector<std::string> strip = chain_.members_to_strip();
  if (std::optional<std::string> forwarded = openai::without_members(body_, strip, layout_)) {
    body_ = std::move(*forwarded);
  }
  if (!chain_.empty()) {
    verdict_id_ = observability::new_verdict_id();
    // Copies only for answers the look-up keeps (the webhook reads the summary alone).
    chain_.keep_annotations(config_.verdicts.keep.count() > 0 ? kKeptAnnotationBytes : 0);
  }
}

std::optional<std::string> Exchange::select_policy() const {
  const std::optional<std::string_view> named = request_.fields().find("x-groundgate-policy");
  if (!named) return route_->policy;
  // A client must not choose its own checks (or none) where the route does not allow it.
  if (!route_->allow_policy_header || config_.find_policy(*named) == nullptr) {
    return std::nullopt;
  }
  return std::string(*named);
}

void Exchange::prepare_upstream_header(http::request_header<>& out) const {
  out.method_string(request_.method_string());  // also a method Beast has no verb for
  out.target(upstream_target(upstream_config_->base_path, request_.target()));
  out.version(11);
  copy_end_to_end_headers(request_.fields(), out, /*drop_accept_encoding=*/inspected_,
                          trace_.propagates());
  if (trace_.propagates()) out.set("traceparent", trace_.upstream_traceparent());
  out.set(http::field::host,
          host_header(upstream_config_->host, upstream_config_->port, upstream_config_->https));
  // No Connection header: HTTP/1.1 keeps the connection, and the pool reuses it.
}

awaitable<Exchange::Sent> Exchange::send_inspected_request() {
  // The header goes from the client's fields straight to bytes (header_writer.h).
  std::string header;
  header.reserve(kHeaderReserve);
  append_request_line(request_.method_string(),
                      upstream_target(upstream_config_->base_path, request_.target()), 11, header);
  append_end_to_end_headers(request_.fields(), /*drop_accept_encoding=*/true, header,
                            trace_.propagates());
  if (trace_.propagates()) append_field("traceparent", trace_.upstream_traceparent(), header);
  append_field("Host",
               host_header(upstream_config_->host, upstream_config_->port, upstream_config_->https),
               header);
  append_field("Content-Length", std::to_string(body_.size()), header);
  end_header(header);  // no Connection header: HTTP/1.1 keeps the connection for the pool
  // Header and body in one write, at once when the socket takes them (the usual case: no
  // asynchronous write, no copy of the body); the rest asynchronously, bounded by the timeout.
  const std::array<asio::const_buffer, 2> buffers{asio::buffer(header), asio::buffer(body_)};
  upstream_->tcp().expires_after(upstream_config_->header_timeout);
  beast::error_code ec;
  std::size_t n = upstream_->write_some_now(buffers, ec);
  if (!ec && n < asio::buffer_size(buffers)) {
    beast::buffers_suffix<std::array<asio::const_buffer, 2>> rest(buffers);
    rest.consume(n);
    auto [wec, wn] = co_await asio::async_write(*upstream_, rest, kUseTuple);
    ec = wec;
    n += wn;
  }
  ctx_.metrics.upstream_out_bytes.inc(n);
  if (!ec) co_return Sent::kAll;
  co_return n == 0 ? Sent::kNothing : Sent::kPart;
}

awaitable<Exchange::Sent> Exchange::send_streamed_request() {
  http::request<http::buffer_body> request;
  prepare_upstream_header(request.base());
  if (auto length = request_.content_length()) {
    request.content_length(*length);
  } else if (request_.chunked()) {
    request.chunked(true);
  }
  request.body().data = nullptr;
  request.body().more = !request_.is_done();
  http::request_serializer<http::buffer_body> serializer{request};
  upstream_->tcp().expires_after(upstream_config_->header_timeout);
  auto [hec, hn] = co_await http::async_write_header(*upstream_, serializer, kUseTuple);
  if (hec) co_return hn == 0 ? Sent::kNothing : Sent::kPart;
  // The body is relayed piece by piece, never held whole: no body limit.
  // On the heap, not in the coroutine's frame: a frame that size is never one Asio's
  // per-thread cache recycles, and GCC 12 then warns of the frame's inlined allocation
  // (-Wmismatched-new-delete).
  const std::unique_ptr<char[]> buffer = std::make_unique_for_overwrite<char[]>(kRelayBufferBytes);
  while (!request_.is_done()) {
    request_.body_to_window(buffer.get(), kRelayBufferBytes);
    client_.tcp().expires_after(config_.limits.client_body_timeout);
    auto [ec, n] = co_await read_http(client_, client_buffer_, request_, ReadUntil::kSomeBody);
    if (ec) {
      fail(malformed_message(ec)         ? ErrorKind::kBadRequest
           : ec == beast::error::timeout ? ErrorKind::kClientTimeout
                                         : ErrorKind::kClientDisconnect);
      co_return Sent::kPart;
    }
    record_.received(n);
    request.body().data = buffer.get();
    request.body().size = kRelayBufferBytes - request_.window_left();
    request.body().more = !request_.is_done();
    if (request.body().size == 0 && request.body().more) continue;  // a chunk header only
    upstream_->tcp().expires_after(upstream_config_->idle_timeout);
    auto [wec, wn] = co_await http::async_write(*upstream_, serializer, kUseTuple);
    if (wec == http::error::need_buffer) wec = {};
    if (wec) {
      fail(ErrorKind::kUpstreamClosedEarly);
      co_return Sent::kPart;
    }
  }
  if (!serializer.is_done()) {
    request.body().data = nullptr;
    request.body().size = 0;
    request.body().more = false;
    auto [ec, n] = co_await http::async_write(*upstream_, serializer, kUseTuple);
    if (ec && ec != http::error::need_buffer) {
      fail(ErrorKind::kUpstreamClosedEarly);
      co_return Sent::kPart;
    }
  }
  body_consumed_ = true;
  co_return Sent::kAll;
}

}  // namespace groundgate::proxy::server
