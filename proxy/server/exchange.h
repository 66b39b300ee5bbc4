#pragma once
// One request and its response on a client connection: from a request header already read
// to the last byte of the response. The Exchange's members are defined in several files, one
// per side: exchange.cc (the sequence), exchange_request.cc, exchange_response.cc (the
// response header, client writes, JSON bodies), exchange_relay.cc (the body relay, a class
// with its own state), exchange_upstream.cc (pooled connections, retries),
// exchange_side_tasks.cc (the client watcher, and what the watchdog tells), exchange_replies.cc
// and exchange_report.cc (verdicts kept, the record finished). Its collaborators: the watchdog
// (watchdog.h), the filters' side requests (stream_side_requests.h), the record that becomes
// the access log line and the request metrics (exchange_record.h); its states:
// exchange_state.h.

#include <array>
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/buffers_suffix.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/serializer.hpp>
#include <boost/beast/http/string_body.hpp>

#include "filters/stream/filter_chain.h"
#include "proxy/http1/body_framing.h"
#include "proxy/http1/content_coding.h"
#include "proxy/http1/media_type.h"
#include "proxy/http1/message_parser.h"
#include "proxy/openai/request_inspector.h"
#include "proxy/server/any_stream.h"
#include "proxy/server/exchange_record.h"
#include "proxy/server/exchange_state.h"
#include "proxy/server/exchange_trace.h"
#include "proxy/server/server_context.h"
#include "proxy/server/stream_side_requests.h"
#include "proxy/server/watchdog.h"
#include "proxy/sse/sse_transform.h"

namespace groundgate::proxy::server {

// Returns true when the connection may carry another request.
boost::asio::awaitable<bool> run_exchange(ServerContext& context, AnyStream& client,
                                          boost::beast::flat_buffer& client_buffer,
                                          http1::RequestParser& request);

inline constexpr auto kUseTuple = boost::asio::as_tuple(boost::asio::use_awaitable);

class Exchange final : private Watchdog::Owner {
 public:
  using Clock = std::chrono::steady_clock;
  Exchange(ServerContext& ctx, AnyStream& client, boost::beast::flat_buffer& client_buffer,
           http1::RequestParser& request);

  boost::asio::awaitable<bool> run();

 private:
  // The steps of run() (exchange.cc): the request's facts from its header; the reply to a
  // request that was not routed; the upstream connection and the request sent on it; the
  // filters' one-off work; the response with the side tasks beside it; the reply when no
  // response reached the client.
  void start_request();
  boost::asio::awaitable<void> reply_not_routed(Routing routing);
  // kUnreachable: no connection (the reply is made); kFailed: the request could not be sent.
  enum class Connected { kSent, kUnreachable, kFailed };
  boost::asio::awaitable<Connected> forward_request();
  boost::asio::awaitable<void> prepare_filters();
  boost::asio::awaitable<void> exchange_response();
  boost::asio::awaitable<void> reply_upstream_failure();

  // Request side (exchange_request.cc): an inspected body from the client's buffer when it is
  // all there (true), else read (false: it was refused, or the client left).
  bool take_buffered_body();
  boost::asio::awaitable<bool> read_inspected_body();
  Routing select_route();
  // The policy's filter chain for the request `inspector` parsed last, and the body as it is
  // forwarded (without the members the filters keep to themselves).
  void create_chain(const openai::RequestInspector& inspector);
  // The route's policy, or the one x-groundgate-policy names; nullopt: the header names one the
  // route does not allow (or none that exists).
  std::optional<std::string> select_policy() const;
  // Where the policy puts annotations in an SSE response.
  sse::AnnotationPlacement annotation_placement() const;
  // x-groundgate-verdict, -checked and -added-ms: what the guard said of a response whose
  // verdict is known before its header goes (not streamed, or unreadable).
  std::vector<std::pair<std::string_view, std::string>> guard_headers(
      Clock::duration transform_time);
  void set_guard_headers(boost::beast::http::response<boost::beast::http::string_body>& response,
                         Clock::duration transform_time);
  // A guarded answer's verdicts into the look-up, and to the webhook when it is flagged, once
  // (exchange_report.cc): as soon as the answer's summary is made, before the bytes that end
  // the answer go, so that a client that read them finds its verdicts; at the latest when the
  // exchange is recorded. `verdict`: the answer's, when no summary says it.
  void keep_verdicts(std::string_view verdict = {});
  void keep_verdicts_if_answered();
  void prepare_upstream_header(boost::beast::http::request_header<>& out) const;
  // How far a request got before its upstream connection failed (may_retry).
  enum class Sent { kAll, kNothing, kPart };
  boost::asio::awaitable<Sent> send_request() {
    return inspected_ ? send_inspected_request() : send_streamed_request();
  }
  boost::asio::awaitable<Sent> send_inspected_request();
  boost::asio::awaitable<Sent> send_streamed_request();

  // Upstream connection (exchange_upstream.cc): the pool's key of this exchange's upstream on
  // `executor`'s context; a pooled connection if one is parked (no wait, the usual case); else
  // a new one, false when none could be had: error_ says why, unreachable_kind_ and
  // unreachable_ what the connector said.
  void set_upstream_key(const boost::asio::any_io_executor& executor);
  bool take_pooled_upstream(const boost::asio::any_io_executor& executor);
  boost::asio::awaitable<bool> connect_new_upstream();
  // The error reply for an upstream that could not be reached.
  boost::asio::awaitable<void> reply_unreachable();
  // A request that failed on a pooled connection goes again on a new one, once (RFC 9112
  // section 9.3.1): when nothing of it was written (`sent`), or, for a request that may be sent
  // twice (retry_safe_), when the upstream closed the connection before answering.
  bool may_retry(Sent sent) const;
  bool may_retry_unanswered(const boost::beast::error_code& ec,
                            const http1::ResponseParser& response) const;
  // Counts a retry (metrics, access log) for `reason` (proxy_metrics.h).
  void count_retry(std::string_view reason);
  // The retry of an unanswered request, made while the side tasks run: a new connection, the
  // request written again. False when that failed (error_ says why).
  boost::asio::awaitable<bool> resend_on_new_connection();
  // Parks the connection for the next exchange when its response ended cleanly, else closes it.
  // A no-op once the connection is gone: the exchange calls it again when it ends.
  // `unsent_bytes`: at the front of upstream_buffer_, bytes of the finished response still to
  // be written to the client (the relay writes them from there); anything after them is stray.
  void release_upstream(std::size_t unsent_bytes = 0);
  // The upstream response has been read to its end: the connection goes back to the pool now,
  // before the last bytes reach the client, whose next request may follow at once and should
  // find it there instead of opening another connection.
  void upstream_response_read(std::size_t unsent_bytes = 0);

  // Response side (exchange_response.cc).
  boost::asio::awaitable<void> receive_response();
  // An interim (1xx) response of the upstream goes on to the client; false: the client left.
  boost::asio::awaitable<bool> forward_interim(const http1::ResponseParser& upstream_response);
  boost::asio::awaitable<void> transform_json_body(http1::ResponseParser& response,
                                                   http1::ContentCoding coding);
  // An answer on a guarded route that the proxy cannot read (its media type or coding, or a
  // coded body that does not decode): unverified, the chain decides. It goes as it came, with
  // the guard's headers, or not at all (the policy's error in its place). `body`: its bytes
  // when they were read already, else it is relayed from the upstream.
  boost::asio::awaitable<void> unreadable_answer(http1::ResponseParser& response,
                                                 std::string_view reason,
                                                 std::optional<std::string> body = std::nullopt);
  // What an answer's body is, whatever its media type (exchange_body_format.cc): the framing
  // of the upstream's body; what its first bytes (read as far as needed, none taken) say it is;
  // and a body labelled JSON that is an event stream, read whole through the stream's transform
  // and written as one response.
  http1::BodyFraming body_framing(const http1::ResponseParser& response) const;
  boost::asio::awaitable<http1::BodyType> peek_body_type(const http1::ResponseParser& response,
                                                         http1::ContentCoding coding);
  boost::asio::awaitable<void> event_stream_body(const http1::ResponseParser& response,
                                                 std::string body, bool coded);
  // Writes a whole response (prepares its length and connection fields).
  boost::asio::awaitable<void> write_json_response(
      boost::beast::http::response<boost::beast::http::string_body>& response);
  // The guard's error in place of an answer it stopped whole: `refused` (it could not be read)
  // or blocked (the policy's block_status); `annotations` ride on the error body.
  boost::asio::awaitable<void> reply_guard_error(bool refused,
                                                 const std::vector<std::string>& annotations,
                                                 Clock::duration transform_time);
  // Writes bytes to the client (a header, or body bytes), framed as a chunk when `as_chunk`;
  // an empty chunk is the end of the body (the last chunk). At once when the socket takes them
  // all, the usual case, else the rest asynchronously. False when the client is gone.
  boost::asio::awaitable<bool> write_client(std::string_view bytes, bool as_chunk);
  // The same in three steps, so that the relay's hot path makes no coroutine call when the
  // socket takes everything at once: start_client_write writes what the socket takes now and
  // says whether that was all (or failed); finish_client_write writes the rest; then
  // end_client_write counts the bytes and is false when the client is gone.
  // The pieces go out as one chunk (one write), framed when `as_chunk`.
  struct ClientWrite {
    static constexpr std::size_t kMaxPieces = 8;
    std::array<char, 20> size_line{};
    std::array<boost::asio::const_buffer, kMaxPieces + 2> buffers{};
    std::size_t count = 0;
    std::size_t written = 0;
    bool last_chunk = false;  // no bytes: the last chunk, which ends the body
    boost::beast::error_code ec;

    // What start_client_write left to write.
    boost::beast::buffers_suffix<std::span<const boost::asio::const_buffer>> rest() const {
      boost::beast::buffers_suffix<std::span<const boost::asio::const_buffer>> r(
          std::span<const boost::asio::const_buffer>(buffers.data(), count));
      r.consume(written);
      return r;
    }
  };
  bool start_client_write(std::span<const std::string_view> pieces, bool as_chunk, ClientWrite& w);
  boost::asio::awaitable<void> finish_client_write(ClientWrite& w);
  bool end_client_write(const ClientWrite& w);
  observability::ErrorKind upstream_read_error(const boost::beast::error_code& ec) const;

  // The response body relay (exchange_relay.cc): relay_body writes the header, runs the loop
  // (a BodyRelay, with its own state) and ends the body.
  class BodyRelay;
  struct RelayPlan {
    bool sse = false;  // an SSE answer: through the filters (or counted, without any)
    http1::ContentCoding coding = http1::ContentCoding::kIdentity;  // decoded for the filters
    bool guard_headers = false;  // the guard's verdict is known: its headers go too
  };
  boost::asio::awaitable<void> relay_body(http1::ResponseParser& response, RelayPlan plan);
  // The relayed response's header: the upstream's end-to-end fields, then ours (the guard's,
  // framing, connection). `decode`: the body goes decoded; `chunked`: set when it goes in
  // chunks.
  std::string relayed_header(const http1::ResponseParser& response, const RelayPlan& plan,
                             bool decode, bool& chunked);
  // Why a stream ended before its answer's end: the proxy's drain timeout cut it, or else the
  // upstream did.
  openai::StreamCutShort cut_short() const;
  static double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  }

  // Side tasks beside receive_response once the request is sent (exchange_side_tasks.cc),
  // each a chain of completion handlers: the client watcher (read_client; the exchange waits
  // for its last read) and the watchdog (watchdog.h), which tells the exchange what expired
  // through its Owner interface until it is stopped.
  void start_side_tasks();
  void read_client();
  void client_watch_ended();
  void stop_side_tasks();
  void cancel_upstream();
  // Watchdog::Owner.
  bool shutdown_expired() const override;
  bool upstream_reset_pending() const override;
  void upstream_cut(UpstreamCut why) override;
  void client_stalled() override;

  // Replies made by the proxy itself, OpenAI-shaped (exchange_replies.cc).
  boost::asio::awaitable<void> reply_error(boost::beast::http::status status,
                                           std::string_view message, std::string_view type,
                                           std::string_view code);
  boost::asio::awaitable<bool> write_raw(std::string_view bytes);

  // The finished exchange: its verdicts kept, its record written (exchange_record.h), its
  // trace's spans queued (exchange_report.cc).
  void finish_record();

  void fail(observability::ErrorKind kind) {
    if (!error_) error_ = kind;
  }
  bool may_keep_connection() const { return keep_alive_ && body_consumed_ && !ctx_.draining; }
  void advance(ResponseProgress progress) {
    if (progress > response_) response_ = progress;
  }
  bool response_started() const { return response_ >= ResponseProgress::kStarted; }
  bool response_complete() const { return response_ == ResponseProgress::kComplete; }
  // The upstream's answer is all in, and the exchange now waits only for side answers; then
  // it goes on.
  void side_answers_wait_started() {
    if (upstream_answer_ == UpstreamAnswer::kRead)
      upstream_answer_ = UpstreamAnswer::kSideAnswersAwaited;
  }
  void side_answers_wait_ended() {
    if (upstream_answer_ == UpstreamAnswer::kSideAnswersAwaited)
      upstream_answer_ = UpstreamAnswer::kRead;
  }

  ServerContext& ctx_;
  AnyStream& client_;
  boost::beast::flat_buffer& client_buffer_;
  // The request: its header was read by the session; its body, if read, is read through it.
  http1::RequestParser& request_;
  bool keep_alive_;
  std::shared_ptr<const RuntimeConfig> runtime_;
  const config::Config& config_;
  Clock::time_point start_;

  std::string_view path_;  // of request_'s target, which stays as it is for the exchange
  // The path as an upstream may read it (http1::normalized_path): what routes match, and the
  // API it names.
  std::string normalized_path_;
  openai::EndpointKind endpoint_ = openai::EndpointKind::kOther;
  bool inspected_ = false;
  bool body_consumed_ = false;
  // The request may be sent again: its method is idempotent and it has no body (a streamed
  // body is gone once relayed).
  bool retry_safe_ = false;
  std::string body_;  // inspected requests only, as forwarded
  openai::RequestInfo info_;
  openai::RequestLayout layout_;  // of body_, for the filters' side requests
  const config::RouteConfig* route_ = nullptr;
  const config::UpstreamConfig* upstream_config_ = nullptr;
  std::string policy_;
  filters::stream::FilterChain chain_;
  // A guarded answer's id (x-groundgate-id; GET /verdicts/{id} on the admin listener).
  std::string verdict_id_;
  std::string upstream_response_id_;  // the upstream's id of the answer, once read
  bool verdicts_kept_ = false;
  // The filters' side requests and jobs (stream_side_requests.h): the relay hands their answers
  // to the stream's transform; a whole JSON answer waits for all of them (transform_json_body).
  std::optional<StreamSideRequests> side_;  // from the request sent to the exchange's end

  std::unique_ptr<AnyStream> upstream_;
  std::string upstream_key_;      // its pool
  bool upstream_reused_ = false;  // taken from the pool
  // Why no connection could be had (upstream_connector.h's error_kind and error); empty when
  // one could.
  std::string unreachable_kind_;
  std::string unreachable_;
  bool upstream_keep_alive_ = false;  // the upstream's response allows another request
  UpstreamAnswer upstream_answer_ = UpstreamAnswer::kReading;
  boost::beast::flat_buffer upstream_buffer_;
  // Cancelled when a chain of completion handlers that run() waits for ends: the relay loop,
  // then the client watcher. Each wait is in a loop on its own condition, so one timer serves
  // both.
  std::optional<boost::asio::steady_timer> handlers_done_;
  std::optional<Watchdog> watchdog_;  // from the request sent to the response's end
  ClientWatch client_watch_ = ClientWatch::kIdle;
  ResponseProgress response_ = ResponseProgress::kNone;
  bool client_gone_ = false;
  UpstreamCut upstream_cut_ = UpstreamCut::kNone;
  int status_ = 0;
  std::optional<observability::ErrorKind> error_;
  // What the exchange reports of itself, written once when it ends.
  ExchangeRecord record_;
  ExchangeTrace trace_;
};

}  // namespace groundgate::proxy::server
