#include "proxy/server/exchange.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <span>

#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include "proxy/openai/chunk_writer.h"
#include "proxy/openai/error_body.h"
#include "proxy/openai/json_transform.h"
#include "proxy/openai/model_calls.h"
#include "proxy/openai/response_id.h"
#include "proxy/openai/responses_json_transform.h"
#include "proxy/server/answer_reading.h"
#include "proxy/server/forwarding.h"
#include "proxy/server/header_writer.h"
#include "proxy/server/http_read.h"
#include "proxy/sse/sse_transform.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

namespace {

// More interim (1xx) responses than this before the final one is a broken upstream.
constexpr int kMaxInterimResponses = 8;

// The findings a guard error carries, at most: the latest ones (ChunkWriter::last_annotations).
constexpr std::size_t kMaxErrorFindingsBytes = 64u << 10;

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
  if (upstream_cut_ == UpstreamCut::kTotalDeadline || upstream_cut_ == UpstreamCut::kWaitTimeout ||
      ec == beast::error::timeout) {
    return ErrorKind::kUpstreamTimeout;
  }
  if (is_http_error(ec) && ec != http::error::end_of_stream && ec != http::error::partial_message) {
    return ErrorKind::kUpstreamBadResponse;
  }
  return ErrorKind::kUpstreamClosedEarly;
}

awaitable<void> Exchange::receive_response() {
  auto sent = Clock::now();
  watchdog_->set_upstream_wait_limit(upstream_config_->header_timeout);
  std::optional<http1::ResponseParser> parser;
  // Interim responses (1xx but 101) come before the final one, within the header timeout:
  // each goes on to an HTTP/1.1 client (RFC 9110 section 15.2), then the next header is read.
  for (int interim = 0;;) {
    parser.emplace();
    parser->header_limit(static_cast<std::uint32_t>(config_.limits.max_header_bytes));
    parser->body_limit(boost::none);
    if (request_.method() == http::verb::head) parser->skip(true);
    watchdog_->upstream_wait_started(sent);
    auto [ec, n] = co_await read_http(*upstream_, upstream_buffer_, *parser, ReadUntil::kHeader);
    watchdog_->upstream_wait_ended();
    ctx_.metrics.upstream_in_bytes.inc(n);
    // Nothing of a response came (not even an interim one): the request may go once more.
    if (ec && interim == 0 && may_retry_unanswered(ec, *parser) &&
        co_await resend_on_new_connection()) {
      sent = Clock::now();
      continue;
    }
    if (ec) {
      fail(upstream_read_error(ec));
      stop_side_tasks();
      co_return;
    }
    const unsigned status = parser->status();
    if (status < 100 || status >= 200 || status == 101) break;
    if (++interim > kMaxInterimResponses) {
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
  record_.first_byte(ttfb);
  trace_.mark(ExchangeTrace::Mark::kFirstByte);
  ctx_.metrics.upstream_ttfb_seconds.with({route_->name}).observe(ttfb);

  const http1::HeaderFields& response = parser->fields();
  if (has_transfer_coding_besides_chunked(response)) {
    fail(ErrorKind::kUpstreamBadResponse);
    record_.upstream_body_error("transfer coding other than chunked");
    stop_side_tasks();
    co_return;
  }
  status_ = static_cast<int>(parser->status());
  upstream_keep_alive_ = parser->keep_alive();
  const bool has_body = !parser->is_done();
  if (!has_body) upstream_response_read();  // no body (HEAD, 204, 304, length 0)
  // What the body is, as the proxy reads an answer (answer_reading.h).
  const AnswerReading reading =
      inspected_ ? read_answer(parser->status(), has_body, response, info_.stream)
                 : AnswerReading{};
  watchdog_->set_upstream_wait_limit(upstream_config_->idle_timeout);
  trace_.mark(ExchangeTrace::Mark::kBodyStart);
  // Side requests go to the endpoint the app used (their bodies are its requests), answered
  // before the response ends, streamed or not. The body is not sent again: theirs is made of it.
  // Side jobs (an SQL query's runs on the operator's database) go to the workers, off this
  // thread, and are answered the same way.
  if (!chain_.empty()) {
    chain_.serve_side_jobs();
    if (auto calls = openai::model_calls(info_.kind, std::move(body_), std::move(layout_))) {
      chain_.serve_side_requests(calls);
    }
  }
  AnswerFormat format = reading.format;
  // A client that asked for no stream reads a body that is JSON as JSON, whatever its type.
  if (!chain_.empty() && format == AnswerFormat::kSse && !info_.stream &&
      co_await peek_body_type(*parser, reading.coding) == http1::BodyType::kJson) {
    format = AnswerFormat::kJson;
  }
  if (!chain_.empty() && format == AnswerFormat::kUnreadable) {
    co_await unreadable_answer(*parser, reading.unreadable);
  } else if (!chain_.empty() && format == AnswerFormat::kJson) {
    co_await transform_json_body(*parser, reading.coding);
  } else {
    // Without filters an SSE answer is only counted, which a coded one cannot be.
    RelayPlan plan;
    plan.sse = format == AnswerFormat::kSse &&
               (!chain_.empty() || reading.coding == http1::ContentCoding::kIdentity);
    if (!chain_.empty()) plan.coding = reading.coding;
    co_await relay_body(*parser, plan);
  }
  trace_.mark(ExchangeTrace::Mark::kBodyEnd);
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
  watchdog_->client_write_started();
  auto [ec, n] = co_await client_.async_write_unbounded(w.rest(), kUseTuple);
  watchdog_->client_write_ended();
  w.ec = ec;
  w.written += n;
}

bool Exchange::end_client_write(const ClientWrite& w) {
  record_.sent(w.written);
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

awaitable<void> Exchange::transform_json_body(http1::ResponseParser& upstream_response,
                                              http1::ContentCoding coding) {
  std::string body;
  upstream_response.body_to_string(body, config_.limits.max_response_body);
  // A response without a body was complete with its header: the connection is pooled already.
  if (upstream_answer_ == UpstreamAnswer::kReading) {
    watchdog_->upstream_wait_started();
    auto [ec, n] =
        co_await read_http(*upstream_, upstream_buffer_, upstream_response, ReadUntil::kMessage);
    watchdog_->upstream_wait_ended();
    ctx_.metrics.upstream_in_bytes.inc(n);
    if (ec) {
      fail(ec == http::error::body_limit ? ErrorKind::kUpstreamBadResponse
                                         : upstream_read_error(ec));
      co_return;
    }
    upstream_response_read();
  }
  const Clock::time_point guard_start = Clock::now();
  const bool coded = coding != http1::ContentCoding::kIdentity;
  if (coded) {
    // Decoded for the filters, bounded as the body is; the client gets it decoded.
    std::string decoded;
    http1::ContentDecoder decoder(coding);
    const auto result = decoder.decode(body, decoded, config_.limits.max_response_body);
    if (result != http1::ContentDecoder::Result::kOk || !decoder.complete()) {
      const bool cut_short = result == http1::ContentDecoder::Result::kOk;
      // As a stream's body that does not decode (relay_body): the upstream's fault.
      fail(ErrorKind::kUpstreamBadResponse);
      record_.upstream_body_error(cut_short ? std::string_view("content coding cut short")
                                            : http1::describe(result));
      co_return co_await unreadable_answer(upstream_response, "content_encoding", std::move(body));
    }
    body = std::move(decoded);
  }
  // A stream's events, whatever the type says (an SDK that asked for a stream reads them).
  if (http1::sniffed_body_type(body) == http1::BodyType::kEventStream) {
    co_return co_await event_stream_body(upstream_response, std::move(body), coded);
  }
  const std::unique_ptr<openai::JsonTransform> transform =
      info_.kind == openai::EndpointKind::kResponses
          ? openai::responses_json_transform(body, &chain_)
          : openai::completion_json_transform(body, &chain_);
  transform->start();
  // The whole answer waits anyway: the filters' side requests are answered before it goes.
  side_answers_wait_started();
  while (transform->waiting()) {
    std::optional<SideAnswers> answers = co_await side_->next(chain_, client_gone_);
    if (!answers) break;
    transform->answer(answers->filter, std::move(answers->answers));
  }
  side_answers_wait_ended();
  if (client_gone_) co_return;
  auto transformed = transform->finish();
  upstream_response_id_ = openai::response_id(body);
  keep_verdicts_if_answered();
  // The same decision as a stopped stream's (relay_body), whatever reaches the client.
  if (transformed.stopped) fail(ErrorKind::kFilter);
  const config::PolicyConfig* policy = config_.find_policy(policy_);
  const unsigned block_status = policy != nullptr ? policy->block_status : 0;
  if (transformed.stopped && (transformed.refused || block_status != 0)) {
    co_return co_await reply_guard_error(transformed.refused, transformed.annotations,
                                         Clock::now() - guard_start);
  }
  http::response<http::string_body> response{static_cast<http::status>(status_), 11};
  copy_end_to_end_headers(upstream_response.fields(), response, /*drop_accept_encoding=*/false);
  if (coded) response.erase(http::field::content_encoding);
  response.body() = transformed.changed ? std::move(transformed.body) : std::move(body);
  set_guard_headers(response, Clock::now() - guard_start);
  co_await write_json_response(response);
}

awaitable<void> Exchange::unreadable_answer(http1::ResponseParser& upstream_response,
                                            std::string_view reason,
                                            std::optional<std::string> body) {
  const Clock::time_point guard_start = Clock::now();
  const std::size_t bytes =
      body ? body->size()
           : static_cast<std::size_t>(upstream_response.content_length().value_or(0));
  std::vector<std::string> annotations = chain_.on_unverified({-1, reason, bytes, 0});
  const bool refused = chain_.stopped();
  if (refused) {
    fail(ErrorKind::kFilter);
    annotations.push_back(openai::ChunkWriter::stopped_annotation(chain_.stop_reason()));
  }
  // The summary rides on the error; a body the proxy cannot read has no place for it (the
  // headers say what it would).
  for (std::string& a : chain_.answer_end())
    annotations.push_back(std::move(a));
  if (refused) {
    co_return co_await reply_guard_error(/*refused=*/true, annotations, Clock::now() - guard_start);
  }
  if (!body) co_return co_await relay_body(upstream_response, RelayPlan{.guard_headers = true});
  http::response<http::string_body> response{static_cast<http::status>(status_), 11};
  copy_end_to_end_headers(upstream_response.fields(), response, /*drop_accept_encoding=*/false);
  response.body() = std::move(*body);
  set_guard_headers(response, Clock::now() - guard_start);
  co_await write_json_response(response);
}

awaitable<void> Exchange::reply_guard_error(bool refused,
                                            const std::vector<std::string>& annotations,
                                            Clock::duration transform_time) {
  const config::PolicyConfig* policy = config_.find_policy(policy_);
  const unsigned block_status = policy != nullptr ? policy->block_status : 0;
  status_ = block_status != 0 ? static_cast<int>(block_status) : 502;
  http::response<http::string_body> response{static_cast<http::status>(status_), 11};
  response.set(http::field::content_type, "application/json");
  response.body() = refused ? openai::error_body(
                                  "groundgate could not verify the answer: the upstream's "
                                  "response could not be read",
                                  "upstream_error", "groundgate_unverified")
                            : openai::error_body(
                                  "groundgate blocked the answer: it failed verification "
                                  "against the provided context",
                                  "invalid_request_error", "groundgate_blocked");
  // Why it was blocked: which sentences, with what label and code (never their text).
  openai::ChunkWriter::add_annotations(
      response.body(), openai::ChunkWriter::last_annotations(annotations, kMaxErrorFindingsBytes));
  set_guard_headers(response, transform_time);
  co_await write_json_response(response);
}

awaitable<void> Exchange::write_json_response(http::response<http::string_body>& response) {
  response.prepare_payload();
  response.keep_alive(may_keep_connection());
  watchdog_->client_write_started();
  advance(ResponseProgress::kEnding);
  auto [wec, wn] = co_await http::async_write(client_, response, kUseTuple);
  watchdog_->client_write_ended();
  advance(ResponseProgress::kStarted);
  record_.sent(wn);
  if (wec) {
    client_gone_ = true;
    fail(ErrorKind::kClientDisconnect);
    co_return;
  }
  advance(ResponseProgress::kComplete);
}

sse::AnnotationPlacement Exchange::annotation_placement() const {
  const config::PolicyConfig* policy = config_.find_policy(policy_);
  return policy != nullptr && policy->annotations == config::AnnotationStyle::kComment
             ? sse::AnnotationPlacement::kCommentLines
             : sse::AnnotationPlacement::kInChunks;
}

std::vector<std::pair<std::string_view, std::string>> Exchange::guard_headers(
    Clock::duration transform_time) {
  std::vector<std::pair<std::string_view, std::string>> headers;
  double added_ms = std::chrono::duration<double, std::milli>(transform_time).count();
  for (const auto& [key, value] : chain_.report().fields) {
    if (key == "guard.verdict") headers.emplace_back("x-groundgate-verdict", value);
    if (key == "guard.checked") headers.emplace_back("x-groundgate-checked", value);
    if (key == "guard.prepare_ms") added_ms += std::strtod(value.c_str(), nullptr);
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", added_ms);
  headers.emplace_back("x-groundgate-added-ms", text);
  return headers;
}

void Exchange::set_guard_headers(http::response<http::string_body>& response,
                                 Clock::duration transform_time) {
  // What the guard said about the answer, for clients that read headers rather than bodies.
  if (chain_.empty()) return;
  for (const auto& [name, value] : guard_headers(transform_time))
    response.set(name, value);
  if (!verdict_id_.empty()) response.set("x-groundgate-id", verdict_id_);
}

}  // namespace groundgate::proxy::server
