#include "proxy/server/exchange.h"

#include <array>
#include <chrono>
#include <optional>
#include <string>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/buffer_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/serializer.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include "config/route_table.h"
#include "proxy/openai/error_body.h"
#include "proxy/openai/json_transform.h"
#include "proxy/openai/request_inspector.h"
#include "proxy/openai/sse_transform.h"
#include "proxy/server/forwarding.h"
#include "proxy/server/upstream_connector.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;
using Clock = std::chrono::steady_clock;

namespace {

constexpr auto kUse = asio::as_tuple(asio::use_awaitable);
constexpr std::size_t kRelayBufferBytes = 16 * 1024;
// Bytes of pipelined requests read ahead while a response streams; beyond this, stop reading.
constexpr std::size_t kReadAheadBytes = 64 * 1024;

bool is_http_error(const beast::error_code& ec) {
  return ec.category() == http::make_error_code(http::error::end_of_stream).category();
}

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

class Exchange {
 public:
  Exchange(ServerContext& ctx, AnyStream& client, beast::flat_buffer& client_buffer,
           RequestHeaderParser& header)
      : ctx_(ctx),
        client_(client),
        client_buffer_(client_buffer),
        header_(header),
        request_(header.get().base()),
        keep_alive_(header.keep_alive()),
        runtime_(ctx.configs.current()),
        config_(*runtime_->config),
        start_(Clock::now()) {
    record_.start_time = std::chrono::system_clock::now();
    record_.request_id = std::to_string(ctx.next_request_id.fetch_add(1));
  }

  awaitable<bool> run();

 private:
  // Request side.
  awaitable<bool> read_inspected_body();
  bool select_route();
  std::string select_policy() const;
  void prepare_upstream_header(http::request_header<>& out) const;
  awaitable<bool> send_inspected_request();
  awaitable<bool> send_streamed_request();

  // Response side; the last two run beside receive_response once the request is sent.
  awaitable<void> receive_response();
  awaitable<void> watch_client();
  awaitable<void> total_deadline();
  void stop_side_tasks();
  awaitable<void> relay_body(http::response_parser<http::empty_body>& header_parser, bool sse);
  awaitable<void> transform_json_body(http::response_parser<http::empty_body>& header_parser);
  awaitable<bool> write_body_piece(http::response_serializer<http::buffer_body>& serializer,
                                   http::response<http::buffer_body>& response,
                                   std::string_view piece);

  // Replies made by the proxy itself, OpenAI-shaped.
  awaitable<void> reply_error(http::status status, std::string_view message, std::string_view type,
                              std::string_view code);
  awaitable<bool> write_raw(std::string_view bytes);

  void fail(ErrorKind kind) {
    if (!error_) error_ = kind;
  }
  ErrorKind upstream_read_error(const beast::error_code& ec) const;
  bool may_keep_connection() const { return keep_alive_ && body_consumed_ && !ctx_.draining; }
  void finish_record();
  // Verdict counts and fields of the stream's filters → metrics and the access log.
  void record_filter_report(std::string_view route);

  ServerContext& ctx_;
  AnyStream& client_;
  beast::flat_buffer& client_buffer_;
  RequestHeaderParser& header_;
  http::request_header<> request_;  // a copy: the parser moves into a body parser
  bool keep_alive_;
  std::shared_ptr<const RuntimeConfig> runtime_;
  const config::Config& config_;
  Clock::time_point start_;

  std::string path_;
  bool inspected_ = false;
  bool body_consumed_ = false;
  std::string body_;  // inspected requests only
  openai::RequestInfo info_;
  const config::RouteConfig* route_ = nullptr;
  const config::UpstreamConfig* upstream_config_ = nullptr;
  std::string policy_;
  filters::stream::FilterChain chain_;

  std::unique_ptr<AnyStream> upstream_;
  beast::flat_buffer upstream_buffer_;
  std::optional<asio::steady_timer> park_timer_;
  std::optional<asio::steady_timer> deadline_timer_;
  std::optional<asio::steady_timer> side_tasks_done_;  // cancelled when the last side task ends
  int side_tasks_left_ = 0;
  bool side_tasks_running_ = false;
  bool response_started_ = false;  // the client has our status line
  bool response_complete_ = false;
  bool client_gone_ = false;
  bool total_expired_ = false;
  int status_ = 0;
  std::optional<ErrorKind> error_;
  observability::AccessLogRecord record_;
};

awaitable<bool> Exchange::run() {
  path_ = std::string(path_of(request_.target()));
  record_.method = std::string(request_.method_string());
  record_.path = path_;
  inspected_ = is_inspected(request_.method(), path_);
  body_consumed_ = header_.is_done();

  if (!body_consumed_ && beast::iequals(request_[http::field::expect], "100-continue")) {
    if (!co_await write_raw("HTTP/1.1 100 Continue\r\n\r\n")) co_return false;
  }
  if (inspected_ && !co_await read_inspected_body()) {
    finish_record();
    co_return false;
  }
  if (!select_route()) {
    fail(ErrorKind::kNoRoute);
    co_await reply_error(http::status::not_found, "groundgate: no route matches " + path_,
                         "invalid_request_error", "no_route");
    finish_record();
    co_return may_keep_connection() && response_complete_;
  }

  auto executor = co_await asio::this_coro::executor;
  auto connection = co_await connect_upstream(executor, *upstream_config_,
                                              runtime_->tls_for(upstream_config_->name));
  if (!connection.stream) {
    bool timeout = connection.error_kind == "upstream_timeout";
    fail(timeout                                   ? ErrorKind::kUpstreamTimeout
         : connection.error_kind == "upstream_tls" ? ErrorKind::kUpstreamTls
                                                   : ErrorKind::kUpstreamConnect);
    co_await reply_error(
        timeout ? http::status::gateway_timeout : http::status::bad_gateway,
        "groundgate: upstream " + upstream_config_->name + " unreachable: " + connection.error,
        "upstream_error", connection.error_kind);
    finish_record();
    co_return may_keep_connection() && response_complete_;
  }
  upstream_ = std::move(connection.stream);

  if (!(inspected_ ? co_await send_inspected_request() : co_await send_streamed_request())) {
    finish_record();
    co_return false;
  }

  park_timer_.emplace(executor, asio::steady_timer::time_point::max());
  side_tasks_done_.emplace(executor, asio::steady_timer::time_point::max());
  auto elapsed = std::chrono::duration_cast<config::Millis>(Clock::now() - start_);
  deadline_timer_.emplace(executor, upstream_config_->total_timeout - elapsed);
  client_.tcp().expires_never();  // the watcher's read must not inherit an earlier deadline
  // The client watcher and the total deadline run beside the response on this strand; the
  // response side stops them when it ends, and we wait for both before the frame goes.
  side_tasks_running_ = true;
  side_tasks_left_ = 2;
  auto side_task_ended = [this](std::exception_ptr) {
    if (--side_tasks_left_ == 0) side_tasks_done_->cancel();
  };
  asio::co_spawn(executor, watch_client(), side_task_ended);
  asio::co_spawn(executor, total_deadline(), side_task_ended);
  co_await receive_response();
  while (side_tasks_left_ > 0)
    co_await side_tasks_done_->async_wait(kUse);

  if (!response_started_ && !client_gone_) {
    bool timeout = error_ == ErrorKind::kUpstreamTimeout;
    co_await reply_error(
        timeout ? http::status::gateway_timeout : http::status::bad_gateway,
        timeout ? "groundgate: upstream timed out" : "groundgate: upstream closed the connection",
        "upstream_error", timeout ? "upstream_timeout" : "upstream_disconnected");
  }
  finish_record();
  co_return response_complete_ && !client_gone_ && may_keep_connection();
}

awaitable<bool> Exchange::read_inspected_body() {
  // Beast checks a Content-Length against the limit only while parsing the header, which was
  // read without one; chunked bodies are checked as they arrive.
  auto declared = header_.content_length();
  bool too_large = declared && *declared > config_.limits.max_request_body;
  http::request_parser<http::string_body> parser{std::move(header_)};
  parser.body_limit(config_.limits.max_request_body);
  beast::error_code ec;
  if (!too_large) {
    client_.tcp().expires_after(config_.limits.client_body_timeout);
    auto [read_ec, n] = co_await http::async_read(client_, client_buffer_, parser, kUse);
    record_.bytes_in += n;
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
    fail(ec == beast::error::timeout ? ErrorKind::kClientTimeout : ErrorKind::kClientDisconnect);
    co_return false;
  }
  body_consumed_ = true;
  body_ = std::move(parser.get().body());
  thread_local openai::RequestInspector inspector;  // keeps its parser's buffers
  info_ = inspector.inspect(path_, body_);
  co_return true;
}

bool Exchange::select_route() {
  config::RequestAttributes attributes{
      record_.method, path_, info_.model,
      [this](std::string_view name) -> std::optional<std::string_view> {
        auto it = request_.find(name);
        if (it == request_.end()) return std::nullopt;
        return it->value();
      }};
  route_ = config::match_route(config_, attributes);
  if (route_ == nullptr) return false;
  upstream_config_ = config_.find_upstream(route_->upstream);
  if (upstream_config_ == nullptr) return false;  // validation forbids it; be safe anyway
  record_.route = route_->name;
  record_.upstream = upstream_config_->name;
  record_.model = info_.model;
  record_.stream = info_.stream;
  if (inspected_ && !info_.valid_json) {
    ctx_.metrics.request_body_not_json_total.with({route_->name}).inc();
  }
  policy_ = select_policy();
  if (inspected_ && info_.valid_json) {
    std::string forwarded;  // the body without context extension fields, when a filter strips them
    chain_ = runtime_->filters->create(policy_, {route_->name, policy_, body_, &forwarded});
    if (!forwarded.empty()) body_ = std::move(forwarded);
  }
  return true;
}

std::string Exchange::select_policy() const {
  auto it = request_.find("x-groundgate-policy");
  if (it != request_.end() && route_->allow_policy_header &&
      config_.find_policy(it->value()) != nullptr) {
    return std::string(it->value());
  }
  return route_->policy;
}

void Exchange::prepare_upstream_header(http::request_header<>& out) const {
  out.method(request_.method());
  out.target(upstream_target(upstream_config_->base_path, request_.target()));
  out.version(11);
  copy_end_to_end_headers(request_, out, /*drop_accept_encoding=*/inspected_);
  out.set(http::field::host,
          host_header(upstream_config_->host, upstream_config_->port, upstream_config_->https));
  out.set(http::field::connection, "close");  // one exchange per upstream connection
}

awaitable<bool> Exchange::send_inspected_request() {
  http::request<http::string_body> request;
  prepare_upstream_header(request.base());
  request.body() = body_;
  request.prepare_payload();
  upstream_->tcp().expires_after(upstream_config_->header_timeout);
  auto [ec, n] = co_await http::async_write(*upstream_, request, kUse);
  ctx_.metrics.bytes_total.with({observability::kUpstreamOut}).inc(n);
  if (ec) {
    fail(ErrorKind::kUpstreamClosedEarly);
    co_await reply_error(http::status::bad_gateway, "groundgate: upstream closed the connection",
                         "upstream_error", "upstream_disconnected");
    co_return false;
  }
  co_return true;
}

awaitable<bool> Exchange::send_streamed_request() {
  http::request_parser<http::buffer_body> parser{std::move(header_)};
  parser.body_limit(boost::none);  // relayed piece by piece, never held whole
  http::request<http::buffer_body> request;
  prepare_upstream_header(request.base());
  if (auto length = parser.content_length()) {
    request.content_length(*length);
  } else if (parser.chunked()) {
    request.chunked(true);
  }
  request.body().data = nullptr;
  request.body().more = !parser.is_done();
  http::request_serializer<http::buffer_body> serializer{request};
  upstream_->tcp().expires_after(upstream_config_->header_timeout);
  auto [hec, hn] = co_await http::async_write_header(*upstream_, serializer, kUse);
  if (hec) {
    fail(ErrorKind::kUpstreamClosedEarly);
    co_return false;
  }
  std::array<char, kRelayBufferBytes> buffer;
  while (!parser.is_done()) {
    parser.get().body().data = buffer.data();
    parser.get().body().size = buffer.size();
    client_.tcp().expires_after(config_.limits.client_body_timeout);
    auto [ec, n] = co_await http::async_read_some(client_, client_buffer_, parser, kUse);
    if (ec == http::error::need_buffer) ec = {};
    if (ec) {
      fail(ec == beast::error::timeout ? ErrorKind::kClientTimeout : ErrorKind::kClientDisconnect);
      co_return false;
    }
    record_.bytes_in += n;
    request.body().data = buffer.data();
    request.body().size = buffer.size() - parser.get().body().size;
    request.body().more = !parser.is_done();
    upstream_->tcp().expires_after(upstream_config_->idle_timeout);
    auto [wec, wn] = co_await http::async_write(*upstream_, serializer, kUse);
    if (wec == http::error::need_buffer) wec = {};
    if (wec) {
      fail(ErrorKind::kUpstreamClosedEarly);
      co_return false;
    }
  }
  if (!serializer.is_done()) {
    request.body().data = nullptr;
    request.body().size = 0;
    request.body().more = false;
    auto [ec, n] = co_await http::async_write(*upstream_, serializer, kUse);
    if (ec && ec != http::error::need_buffer) {
      fail(ErrorKind::kUpstreamClosedEarly);
      co_return false;
    }
  }
  body_consumed_ = true;
  co_return true;
}

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
  auto [ec, n] = co_await http::async_read_header(*upstream_, upstream_buffer_, parser, kUse);
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
  auto [ec, n] = co_await http::async_write(client_, serializer, kUse);
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
  auto [hec, hn] = co_await http::async_write_header(client_, serializer, kUse);
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
    auto [ec, n] = co_await http::async_read_some(*upstream_, upstream_buffer_, parser, kUse);
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
    auto [ec, n] = co_await http::async_write(client_, serializer, kUse);
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
  auto [ec, n] = co_await http::async_read(*upstream_, upstream_buffer_, parser, kUse);
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
  auto [wec, wn] = co_await http::async_write(client_, response, kUse);
  response_started_ = true;
  record_.bytes_out += wn;
  if (wec) {
    client_gone_ = true;
    fail(ErrorKind::kClientDisconnect);
    co_return;
  }
  response_complete_ = true;
}

awaitable<void> Exchange::watch_client() {
  // Reads while the response streams: EOF or an error means the client left, and the upstream
  // request is cancelled at once. Bytes that arrive are a pipelined next request: kept.
  while (side_tasks_running_) {
    if (client_buffer_.size() >= kReadAheadBytes) {  // stop_side_tasks() cancels the wait
      co_await park_timer_->async_wait(kUse);
      continue;
    }
    auto [ec, n] = co_await client_.async_read_some(client_buffer_.prepare(4096), kUse);
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
  auto [ec] = co_await deadline_timer_->async_wait(kUse);
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

awaitable<void> Exchange::reply_error(http::status status, std::string_view message,
                                      std::string_view type, std::string_view code) {
  http::response<http::string_body> response{status, 11};
  response.set(http::field::content_type, "application/json");
  response.body() = openai::error_body(message, type, code);
  response.prepare_payload();
  response.keep_alive(may_keep_connection());
  status_ = static_cast<int>(status);
  client_.tcp().expires_after(config_.limits.client_idle_timeout);
  auto [ec, n] = co_await http::async_write(client_, response, kUse);
  response_started_ = true;
  response_complete_ = !ec;
  record_.bytes_out += n;
}

awaitable<bool> Exchange::write_raw(std::string_view bytes) {
  client_.tcp().expires_after(config_.limits.client_idle_timeout);
  auto [ec, n] = co_await asio::async_write(client_, asio::buffer(bytes), kUse);
  co_return !ec;
}

void Exchange::record_filter_report(std::string_view route) {
  constexpr std::string_view kVerdictPrefix = "semantic_pieces.";
  auto report = chain_.report();
  for (const auto& [key, count] : report.counts) {
    record_.extra.emplace_back(key, std::to_string(count));
    if (std::string_view(key).starts_with(kVerdictPrefix)) {
      std::string_view label = std::string_view(key).substr(kVerdictPrefix.size());
      ctx_.metrics.verdicts_total.with({route, label}).inc(count);
    }
  }
  for (auto& field : report.fields)
    record_.extra.push_back(std::move(field));
}

void Exchange::finish_record() {
  double duration = seconds_since(start_);
  record_.status = status_;
  record_.duration_ms = duration * 1000;
  std::string_view route = route_ != nullptr ? std::string_view(route_->name) : "none";
  std::string status = std::to_string(status_);
  ctx_.metrics.requests_total.with({route, status}).inc();
  ctx_.metrics.request_duration_seconds.with({route}).observe(duration);
  ctx_.metrics.bytes_total.with({observability::kClientIn}).inc(record_.bytes_in);
  ctx_.metrics.bytes_total.with({observability::kClientOut}).inc(record_.bytes_out);
  if (!chain_.empty()) record_filter_report(route);
  if (error_) {
    record_.error = std::string(observability::error_kind_name(*error_));
    ctx_.metrics.errors_total.with({record_.error}).inc();
  }
  if (ctx_.access_log) ctx_.access_log->write(record_);
}

}  // namespace

awaitable<bool> run_exchange(ServerContext& context, AnyStream& client,
                             beast::flat_buffer& client_buffer, RequestHeaderParser& header) {
  struct InFlight {
    std::atomic<int64_t>& count;
    explicit InFlight(std::atomic<int64_t>& c) : count(c) { count.fetch_add(1); }
    ~InFlight() { count.fetch_sub(1); }
  } in_flight(context.exchanges_in_flight);
  Exchange exchange(context, client, client_buffer, header);
  co_return co_await exchange.run();
}

}  // namespace groundgate::proxy::server
