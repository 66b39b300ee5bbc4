#include "proxy/server/exchange.h"

#include <atomic>

#include <boost/asio/this_coro.hpp>
#include <boost/beast/core/string.hpp>

#include "proxy/http1/request_path.h"
#include "proxy/server/forwarding.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

Exchange::Exchange(ServerContext& ctx, AnyStream& client, beast::flat_buffer& client_buffer,
                   http1::RequestParser& request)
    : ctx_(ctx),
      client_(client),
      client_buffer_(client_buffer),
      request_(request),
      keep_alive_(request.keep_alive()),
      runtime_(ctx.configs.current()),
      config_(*runtime_->config),
      start_(Clock::now()),
      record_(ctx, start_) {
  trace_.begin(runtime_->sampler ? &*runtime_->sampler : nullptr, request.fields(), start_);
}

awaitable<bool> Exchange::run() {
  start_request();
  if (!body_consumed_ && beast::iequals(request_.fields()[http::field::expect], "100-continue")) {
    if (!co_await write_raw("HTTP/1.1 100 Continue\r\n\r\n")) co_return false;
  }
  if (inspected_ && !take_buffered_body() && !co_await read_inspected_body()) {
    finish_record();
    co_return false;
  }
  const Routing routing = select_route();
  if (routing != Routing::kRouted) {
    co_await reply_not_routed(routing);
    finish_record();
    co_return may_keep_connection() && response_complete();
  }
  switch (co_await forward_request()) {
    case Connected::kSent:
      break;
    case Connected::kUnreachable:
      finish_record();
      co_return may_keep_connection() && response_complete();
    case Connected::kFailed:
      finish_record();
      co_return false;
  }
  if (!chain_.empty()) co_await prepare_filters();
  co_await exchange_response();
  if (!response_started() && !client_gone_) co_await reply_upstream_failure();
  finish_record();
  co_return response_complete() && !client_gone_ && may_keep_connection();
}

void Exchange::start_request() {
  path_ = path_of(request_.target());
  record_.request(request_.method_string(), path_);
  // Routes match the path as an upstream may read it, as inspection does.
  normalized_path_ = http1::normalized_path(request_.target());
  endpoint_ = openai::RequestInspector::kind_of_normalized(normalized_path_);
  inspected_ = is_inspected(request_.method(), endpoint_);
  body_consumed_ = request_.is_done();  // the request has no body
  // Only a request without a body may go twice: the proxy holds the body of none of the
  // idempotent methods (it reads the body of chat requests, which are POSTs).
  retry_safe_ = is_idempotent(request_.method()) && body_consumed_;
}

awaitable<void> Exchange::reply_not_routed(Routing routing) {
  if (routing == Routing::kNoRoute) {
    fail(ErrorKind::kNoRoute);
    co_return co_await reply_error(http::status::not_found,
                                   "groundgate: no route matches " + std::string(path_),
                                   "invalid_request_error", "no_route");
  }
  fail(ErrorKind::kPolicyNotAllowed);
  co_await reply_error(http::status::forbidden,
                       "groundgate: route '" + route_->name +
                           "' does not allow the policy named by x-groundgate-policy",
                       "invalid_request_error", "policy_not_allowed");
}

awaitable<Exchange::Connected> Exchange::forward_request() {
  // A pooled connection may have been closed by the upstream meanwhile: a request it failed
  // goes once more, on a new connection (may_retry; receive_response does the same when it
  // closes before answering).
  trace_.mark(ExchangeTrace::Mark::kUpstreamStart);
  const asio::any_io_executor executor = co_await asio::this_coro::executor;
  set_upstream_key(executor);
  for (bool allow_pooled = true;; allow_pooled = false) {
    bool acquired = allow_pooled && take_pooled_upstream(executor);
    if (!acquired) acquired = co_await connect_new_upstream();
    if (!acquired) {
      co_await reply_unreachable();
      co_return Connected::kUnreachable;
    }
    const Sent sent = co_await send_request();
    if (sent == Sent::kAll) co_return Connected::kSent;
    const bool retry = may_retry(sent);
    upstream_->close();
    upstream_.reset();
    if (retry) {
      count_retry(observability::kRetryWriteFailed);
      continue;
    }
    fail(ErrorKind::kUpstreamClosedEarly);
    if (error_ == ErrorKind::kBadRequest) {  // the body the client sent broke its framing
      keep_alive_ = false;
      co_await reply_error(http::status::bad_request, "groundgate: malformed request body",
                           "invalid_request_error", "bad_request");
    } else if (inspected_) {
      co_await reply_error(http::status::bad_gateway, "groundgate: upstream closed the connection",
                           "upstream_error", "upstream_disconnected");
    }
    co_return Connected::kFailed;
  }
}

awaitable<void> Exchange::prepare_filters() {
  // The filters' one-off work (indexing the request's context) while the upstream works on
  // its first token; a large context is indexed on a worker, not on this I/O thread.
  trace_.mark(ExchangeTrace::Mark::kPrepareStart);
  const FilterWorkers::Where prepared = co_await ctx_.filter_workers.prepare(chain_);
  if (prepared == FilterWorkers::Where::kNothing) co_return;
  const std::string_view where = prepared == FilterWorkers::Where::kWorker ? "worker" : "inline";
  ctx_.metrics.filter_preparations_total.with({where}).inc();
  trace_.mark(ExchangeTrace::Mark::kPrepareEnd);
  trace_.prepared_on(where);
}

awaitable<void> Exchange::exchange_response() {
  auto executor = co_await asio::this_coro::executor;
  handlers_done_.emplace(executor, asio::steady_timer::time_point::max());
  side_.emplace(executor, StreamSideRequests::Origin{runtime_, *upstream_config_, request_},
                ctx_.metrics.side_requests_now, ctx_.filter_workers);
  watchdog_.emplace(executor, static_cast<Watchdog::Owner&>(*this),
                    Watchdog::Limits{config_.limits.client_idle_timeout,
                                     std::min<Clock::duration>(upstream_config_->header_timeout,
                                                               upstream_config_->idle_timeout),
                                     start_ + upstream_config_->total_timeout});
  // From here on the watchdog bounds every wait: no per-operation timer on either stream.
  client_.tcp().expires_never();
  upstream_->tcp().expires_never();
  // The client watcher and the watchdog run beside the response on this connection's executor
  // (its strand, or its thread's io_context); the response side stops them when it ends, and
  // we wait for the watcher's last read (the watchdog's pending wake holds no reference to
  // this exchange).
  start_side_tasks();
  co_await receive_response();
  // The side calls end before the exchange reports them (their lifetime does not need it).
  if (side_->started()) co_await side_->drain();
  while (client_watch_ != ClientWatch::kIdle)
    co_await handlers_done_->async_wait(kUseTuple);
  release_upstream();
}

awaitable<void> Exchange::reply_upstream_failure() {
  if (error_ == ErrorKind::kShutdown) {
    co_await reply_error(http::status::service_unavailable, "groundgate: shutting down",
                         "server_error", "proxy_shutting_down");
  } else if (error_ == ErrorKind::kUpstreamTimeout) {  // the watchdog's, whatever was under way
    co_await reply_error(http::status::gateway_timeout, "groundgate: upstream timed out",
                         "upstream_error", "upstream_timeout");
  } else if (!unreachable_kind_.empty()) {  // a retry's new connection could not be had
    co_await reply_unreachable();
  } else if (error_ == ErrorKind::kUpstreamBadResponse) {
    co_await reply_error(http::status::bad_gateway,
                         "groundgate: upstream sent a malformed response", "upstream_error",
                         "upstream_bad_response");
  } else {
    co_await reply_error(http::status::bad_gateway, "groundgate: upstream closed the connection",
                         "upstream_error", "upstream_disconnected");
  }
}

awaitable<bool> run_exchange(ServerContext& context, AnyStream& client,
                             beast::flat_buffer& client_buffer, http1::RequestParser& request) {
  struct InFlight {
    std::atomic<int64_t>& count;
    explicit InFlight(std::atomic<int64_t>& c) : count(c) { count.fetch_add(1); }
    ~InFlight() { count.fetch_sub(1); }
  } in_flight(context.exchanges_in_flight);
  Exchange exchange(context, client, client_buffer, request);
  co_return co_await exchange.run();
}

}  // namespace groundgate::proxy::server
