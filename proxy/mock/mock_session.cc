#include "proxy/mock/mock_session.h"

#include <algorithm>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_cat.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/chunk_encode.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/span_body.hpp>
#include <boost/beast/http/write.hpp>
#include <cmath>
#include <random>
#include <utility>

#include "proxy/mock/error_body.h"
#include "proxy/mock/json_text.h"

namespace groundgate::proxy::mock {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using net::awaitable;
using std::chrono::steady_clock;

constexpr auto kUseTuple = net::as_tuple(net::use_awaitable);
constexpr uint64_t kBodyLimit = 16u << 20;
constexpr uint32_t kHeaderLimit = 64u << 10;
constexpr size_t kKeptBufferBytes = 64u << 10;  // beyond this, buffers shrink between requests
constexpr size_t kFlushBytes = 16u << 10;       // unpaced streams write in batches of this
constexpr auto kIdleTimeout = std::chrono::seconds(120);
constexpr auto kWriteTimeout = std::chrono::seconds(30);
constexpr auto kDrainTimeout = std::chrono::seconds(2);
constexpr uint64_t kDrainLimit = 64u << 20;
constexpr auto kLongestInterval = std::chrono::hours(1);
constexpr std::string_view kServer = "groundgate-mock";
constexpr std::string_view kJson = "application/json";
constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

std::string random_id(std::string_view prefix, size_t length) {
  static constexpr std::string_view kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  thread_local std::mt19937_64 random{std::random_device{}()};
  std::string id(prefix);
  for (size_t i = 0; i < length; ++i)
    id.push_back(kAlphabet[random() % kAlphabet.size()]);
  return id;
}

int64_t unix_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::chrono::nanoseconds token_interval(double tokens_per_second) {
  const double ns = 1e9 / tokens_per_second;
  const auto longest = std::chrono::duration_cast<std::chrono::nanoseconds>(kLongestInterval);
  if (ns >= static_cast<double>(longest.count())) return longest;
  return std::chrono::nanoseconds(std::max<int64_t>(1, std::llround(ns)));
}

bool is_http_error(const beast::error_code& ec) {
  return ec.category() == http::make_error_code(http::error::bad_target).category();
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool path_is_under(std::string_view path, std::string_view prefix) {
  return path.starts_with(prefix) && (path.size() == prefix.size() || path[prefix.size()] == '/');
}

}  // namespace

MockSession::MockSession(net::ip::tcp::socket socket, std::shared_ptr<const MockContext> context)
    : stream_(std::move(socket)), timer_(stream_.get_executor()), context_(std::move(context)) {}

void MockSession::close() {
  closing_ = true;
  timer_.cancel();
  beast::error_code ignored;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
  stream_.close();
}

void MockSession::abort() {
  stream_.close();
}

awaitable<void> MockSession::run() {
  while (!closing_) {
    http::request_parser<http::string_body> parser;  // a fresh parser per message
    parser.body_limit(kBodyLimit);
    parser.header_limit(kHeaderLimit);
    stream_.expires_after(kIdleTimeout);
    auto [ec, read] = co_await http::async_read_header(stream_, buffer_, parser, kUseTuple);
    if (!ec && !parser.is_done()) {
      // curl and others wait for this before sending a body over 1 KiB.
      if (beast::iequals(parser.get()[http::field::expect], "100-continue")) {
        stream_.expires_after(kWriteTimeout);
        std::tie(ec, std::ignore) =
            co_await net::async_write(stream_, net::buffer(kContinue), kUseTuple);
      }
      stream_.expires_after(kIdleTimeout);
      if (!ec)
        std::tie(ec, std::ignore) = co_await http::async_read(stream_, buffer_, parser, kUseTuple);
    }
    if (closing_ || ec == http::error::end_of_stream) break;
    if (ec) {
      version_ = 11;
      keep_alive_ = false;
      if (ec == http::error::body_limit) {
        co_await send_error(413, "The request body is larger than 16 MiB.");
        co_await drain();
      } else if (ec == http::error::header_limit) {
        co_await send_error(431, "The request headers are too large.");
      } else if (is_http_error(ec)) {
        co_await send_error(400, "The request is not valid HTTP/1.1: " + ec.message());
      }
      co_return;
    }
    const Request& request = parser.get();
    version_ = request.version();
    keep_alive_ = request.keep_alive();
    if (!co_await handle(request)) co_return;
    if (buffer_.capacity() > kKeptBufferBytes) buffer_.shrink_to_fit();
    if (out_.capacity() > kKeptBufferBytes) std::string().swap(out_);
  }
  beast::error_code ignored;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
}

awaitable<bool> MockSession::handle(const Request& request) {
  const std::string_view target = request.target();
  const std::string_view path = target.substr(0, target.find('?'));
  const auto method = request.method();
  if (path_is_under(path, "/mock/echo")) {
    write_echo(request);
    co_return co_await send(http::status::ok, kJson);
  }
  const bool chat = path == "/v1/chat/completions";
  const bool responses = path == "/v1/responses";
  if (chat || responses || path == "/v1/completions") {
    if (method != http::verb::post)
      co_return co_await send_error(405, "Use POST for " + std::string(path) + ".");
    context_->requests->add(path, request.body(), request[http::field::authorization]);
    co_return co_await complete(request, chat        ? Api::kChat
                                         : responses ? Api::kResponses
                                                     : Api::kCompletion);
  }
  constexpr std::string_view kStored = "/v1/responses/";
  if (path.starts_with(kStored))
    co_return co_await stored_response(request, path.substr(kStored.size()));
  if (path == "/v1/models") {
    if (method != http::verb::get) co_return co_await send_error(405, "Use GET for /v1/models.");
    write_models();
    co_return co_await send(http::status::ok, kJson);
  }
  co_return co_await send_error(
      404, "Unknown request URL: " + std::string(request.method_string()) + " " +
               std::string(path) +
               ". Please check the URL for typos, or see the docs at "
               "https://platform.openai.com/docs/api-reference/.");
}

awaitable<bool> MockSession::complete(const Request& request, Api api) {
  const RequestParse parsed = parse_request(api, request.body());
  if (!parsed.ok()) co_return co_await send_error(400, parsed.error, parsed.param);
  const MockRequest& mock_request = parsed.request;
  const ResponsePlan plan =
      plan_response(mock_request, context_->script, context_->options.tokens_per_second);

  if (plan.first_byte_delay.count() > 0 &&
      !co_await wait_until(steady_clock::now() + plan.first_byte_delay))
    co_return false;
  if (plan.status != 200) co_return co_await send_error(plan.status, plan.error_message);
  if (plan.close_after_tokens && !mock_request.stream) {
    abort();  // a whole response cannot die mid-way: the upstream dies before answering
    co_return false;
  }

  const Usage usage{mock_request.prompt_tokens, plan.completion_tokens};
  if (api == Api::kResponses) {
    const std::string id = random_id("resp_", 48);
    const std::string item_id = random_id(plan.tool_call != nullptr ? "fc_" : "msg_", 48);
    const std::string call_id = random_id("call_", 24);
    const std::string search_id = random_id("fs_", 48);
    ResponsesWriter writer(
        ResponsesIdentity{
            .response_id = id,
            .message_id = item_id,
            .call_id = call_id,
            .search_id = search_id,
            .created_at = unix_seconds(),
            .model = mock_request.model,
            .stamp = context_->options.stamp,
            .background = mock_request.background,
        },
        plan);
    // Stored as OpenAI stores responses (store defaults to true): GET finds it finished.
    std::string stored;
    writer.completed(stored, usage);
    context_->responses->put(id, std::move(stored), mock_request.input_items);
    co_return co_await answer(mock_request, plan, writer, usage);
  }
  const std::string id = random_id(api == Api::kChat ? "chatcmpl-" : "cmpl-", 29);
  const bool include_usage = mock_request.stream && mock_request.include_usage;
  ChatAnswerWriter chat(
      ResponseIdentity{
          .api = api,
          .id = id,
          .created = unix_seconds(),
          .model = mock_request.model,
          .fingerprint = context_->fingerprint,
          .stamp = context_->options.stamp,
          .include_usage = include_usage,
      },
      plan, plan.tool_call != nullptr ? random_id("call_", 24) : std::string());
  co_return co_await answer(mock_request, plan, chat, usage);
}

awaitable<bool> MockSession::answer(const MockRequest& request, const ResponsePlan& plan,
                                    AnswerWriter& writer, Usage usage) {
  if (request.stream) co_return co_await stream_answer(plan, writer, usage);
  out_.clear();
  writer.whole(out_, usage);
  co_return co_await send(http::status::ok, kJson);
}

awaitable<bool> MockSession::stream_answer(const ResponsePlan& plan, AnswerWriter& writer,
                                           Usage usage) {
  const bool chunked = version_ >= 11;  // HTTP/1.0 gets a body delimited by the close
  http::response<http::empty_body> response{http::status::ok, version_};
  response.set(http::field::server, kServer);
  response.set(http::field::content_type, "text/event-stream; charset=utf-8");
  response.set(http::field::cache_control, "no-cache");
  response.set("x-request-id", random_id("req_", 32));
  response.keep_alive(keep_alive_ && chunked);
  response.chunked(chunked);
  http::response_serializer<http::empty_body> serializer{response};
  stream_.expires_after(kWriteTimeout);
  if (auto [ec, sent] = co_await http::async_write_header(stream_, serializer, kUseTuple); ec)
    co_return false;

  out_.clear();
  writer.start(out_);
  size_t longest = 0;
  for (size_t i = 0; i < plan.choices.size(); ++i) {
    if (plan.choices[i].tokens == 0) writer.finish(out_, i);
    longest = std::max(longest, plan.choices[i].tokens);
  }
  if (!co_await write_events(chunked)) co_return false;

  // Deadlines from one start time, so that the rate holds however late a wake-up is.
  const auto start = steady_clock::now();
  const bool paced = plan.tokens_per_second > 0;
  const auto interval = paced ? token_interval(plan.tokens_per_second) : std::chrono::nanoseconds{};
  for (size_t tick = 1; tick <= longest; ++tick) {
    if (plan.close_after_tokens && tick > *plan.close_after_tokens) {
      co_await write_events(chunked);
      abort();  // the upstream dies: no last chunk, no end of the answer
      co_return false;
    }
    if (paced && !co_await wait_until(start + interval * static_cast<int64_t>(tick)))
      co_return false;
    for (size_t i = 0; i < plan.choices.size(); ++i) {
      const ChoicePlan& choice = plan.choices[i];
      if (tick > choice.tokens) continue;
      writer.token(out_, i, choice.text->token(tick - 1));
      if (tick == choice.tokens) writer.finish(out_, i);
    }
    if ((paced || out_.size() >= kFlushBytes) && !co_await write_events(chunked)) co_return false;
  }
  writer.end(out_, usage);

  stream_.expires_after(kWriteTimeout);
  if (!chunked) {
    co_await net::async_write(stream_, net::buffer(out_), kUseTuple);
    co_return false;
  }
  auto [ec, sent] = co_await net::async_write(
      stream_, beast::buffers_cat(http::make_chunk(net::buffer(out_)), http::make_chunk_last()),
      kUseTuple);
  out_.clear();
  co_return !ec && keep_alive_;
}

awaitable<bool> MockSession::stored_response(const Request& request, std::string_view rest) {
  const std::string_view id = rest.substr(0, rest.find('/'));
  const std::string_view action = rest.substr(id.size());
  const auto method = request.method();
  if (method == http::verb::get && (action.empty() || action == "/input_items")) {
    auto stored =
        action.empty() ? context_->responses->response(id) : context_->responses->input_items(id);
    if (!stored)
      co_return co_await send_error(404, "No response found with id '" + std::string(id) + "'.");
    if (action.empty()) {
      out_ = std::move(*stored);
    } else {
      out_.assign(R"({"object":"list","data":)");
      out_.append(*stored);
      out_.append(R"(,"first_id":null,"last_id":null,"has_more":false})");
    }
    co_return co_await send(http::status::ok, kJson);
  }
  if (method == http::verb::post && action == "/cancel") {
    // The mock's background responses are done at once: cancelling returns them as they are.
    auto stored = context_->responses->response(id);
    if (!stored)
      co_return co_await send_error(404, "No response found with id '" + std::string(id) + "'.");
    out_ = std::move(*stored);
    co_return co_await send(http::status::ok, kJson);
  }
  if (method == http::verb::delete_ && action.empty()) {
    if (!context_->responses->erase(id))
      co_return co_await send_error(404, "No response found with id '" + std::string(id) + "'.");
    out_.assign(R"({"id":)");
    append_json_string(out_, id);
    out_.append(R"(,"object":"response.deleted","deleted":true})");
    co_return co_await send(http::status::ok, kJson);
  }
  co_return co_await send_error(
      404, "Unknown request URL: " + std::string(request.method_string()) + " " +
               std::string(request.target()) + ".");
}

void MockSession::write_echo(const Request& request) {
  // Header names lower-cased; repeated headers joined with ", " as HTTP allows.
  std::vector<std::pair<std::string, std::string>> headers;
  for (const auto& field : request) {
    std::string name(field.name_string());
    std::transform(name.begin(), name.end(), name.begin(), lower);
    auto it = std::find_if(headers.begin(), headers.end(),
                           [&](const auto& header) { return header.first == name; });
    if (it == headers.end()) {
      headers.emplace_back(std::move(name), std::string(field.value()));
    } else {
      it->second.append(", ").append(field.value());
    }
  }
  out_.clear();
  out_.append(R"({"method":)");
  append_json_string(out_, request.method_string());
  out_.append(R"(,"path":)");
  append_json_string(out_, request.target());
  out_.append(R"(,"headers":{)");
  for (size_t i = 0; i < headers.size(); ++i) {
    if (i > 0) out_.push_back(',');
    append_json_string(out_, headers[i].first);
    out_.push_back(':');
    append_json_string(out_, headers[i].second);
  }
  out_.append(R"(},"body":)");
  append_json_string(out_, request.body());
  out_.push_back('}');
}

void MockSession::write_models() {
  constexpr int64_t kCreated = 1715367049;
  out_.clear();
  out_.append(R"({"object":"list","data":[)");
  for (size_t i = 0; i < context_->models.size(); ++i) {
    if (i > 0) out_.push_back(',');
    out_.append(R"({"id":)");
    append_json_string(out_, context_->models[i]);
    out_.append(R"(,"object":"model","created":)");
    append_number(out_, kCreated);
    out_.append(R"(,"owned_by":"groundgate-mock"})");
  }
  out_.append("]}");
}

awaitable<bool> MockSession::send(http::status status, std::string_view content_type) {
  http::response<http::span_body<const char>> response{status, version_};
  response.set(http::field::server, kServer);
  response.set(http::field::content_type, content_type);
  response.set("x-request-id", random_id("req_", 32));
  response.keep_alive(keep_alive_);
  response.body() = {out_.data(), out_.size()};
  response.prepare_payload();
  stream_.expires_after(kWriteTimeout);
  auto [ec, sent] = co_await http::async_write(stream_, response, kUseTuple);
  out_.clear();
  co_return !ec && keep_alive_;
}

awaitable<bool> MockSession::send_error(unsigned status, std::string_view message,
                                        std::string_view param) {
  out_.clear();
  append_error_body(out_, status, message, param);
  co_return co_await send(static_cast<http::status>(status), kJson);
}

awaitable<bool> MockSession::write_events(bool chunked) {
  if (out_.empty()) co_return true;
  stream_.expires_after(kWriteTimeout);
  beast::error_code ec;
  if (chunked) {
    std::tie(ec, std::ignore) =
        co_await net::async_write(stream_, http::make_chunk(net::buffer(out_)), kUseTuple);
  } else {
    std::tie(ec, std::ignore) = co_await net::async_write(stream_, net::buffer(out_), kUseTuple);
  }
  out_.clear();
  co_return !ec && !closing_;
}

awaitable<void> MockSession::drain() {
  beast::error_code ignored;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
  char sink[4096];
  stream_.expires_after(kDrainTimeout);
  for (uint64_t drained = 0; drained < kDrainLimit && !closing_;) {
    auto [ec, read] = co_await stream_.async_read_some(net::buffer(sink), kUseTuple);
    if (ec) break;
    drained += read;
  }
}

awaitable<bool> MockSession::wait_until(steady_clock::time_point when) {
  timer_.expires_at(when);
  auto [ec] = co_await timer_.async_wait(kUseTuple);
  co_return !ec && !closing_;
}

}  // namespace groundgate::proxy::mock
