#pragma once
// One exchange's side requests and side jobs (filters/stream/stream_filter.h): what its chain
// posts goes out on the exchange's executor (side_requests.h sends it), to the stream's own
// endpoint on the route's upstream with the client's header fields, or to the endpoint a batch
// names; next() waits for the next batch's answers, which the relay and the whole-body
// transforms hand to their filters. report() puts what was sent into the access log and the
// metrics.

#include <chrono>
#include <memory>
#include <optional>
#include <string_view>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include "config/config.h"
#include "filters/stream/filter_chain.h"
#include "proxy/http1/message_parser.h"
#include "proxy/server/filter_workers.h"
#include "proxy/server/runtime_config.h"
#include "proxy/server/side_requests.h"

namespace groundgate::proxy::observability {
struct AccessLogRecord;
struct ProxyMetrics;
}  // namespace groundgate::proxy::observability

namespace groundgate::proxy::server {

class StreamSideRequests {
 public:
  // Where the requests go from: the configuration (held by each call, which may outlive the
  // exchange), the route's upstream, and the client's request (its target and header fields).
  struct Origin {
    std::shared_ptr<const RuntimeConfig> runtime;
    const config::UpstreamConfig& upstream;
    const http1::RequestParser& request;
  };

  StreamSideRequests(boost::asio::any_io_executor executor, Origin origin,
                     observability::Gauge& in_flight, FilterWorkers& workers)
      : executor_(std::move(executor)),
        origin_(std::move(origin)),
        in_flight_(in_flight),
        workers_(workers) {}
  StreamSideRequests(const StreamSideRequests&) = delete;
  StreamSideRequests& operator=(const StreamSideRequests&) = delete;

  // Sends what `chain` posted.
  void start(filters::stream::FilterChain& chain);
  // Sends it too, then waits for the next batch's answers: nullopt when none is out, or when
  // `client_gone` turns true.
  boost::asio::awaitable<std::optional<SideAnswers>> next(filters::stream::FilterChain& chain,
                                                          const bool& client_gone);
  // Every call ends now; drain() also waits until none is left running (before the exchange
  // reports). Whether a filter posted anything, so that there may be calls to wait for.
  void cancel();
  boost::asio::awaitable<void> drain();
  bool started() const { return side_ != nullptr; }
  // Requests and jobs sent, their failures and the stream's wait, for `route`.
  void report(std::string_view route, observability::AccessLogRecord& record,
              observability::ProxyMetrics& metrics) const;

 private:
  // Where a batch for `endpoint` (null: the stream's own) goes, or nowhere (an upstream the
  // client's credentials may not go to).
  std::optional<SideDestination> destination(const filters::stream::SideEndpoint* endpoint) const;
  void report_jobs(std::string_view route, observability::AccessLogRecord& record,
                   observability::ProxyMetrics& metrics) const;

  boost::asio::any_io_executor executor_;
  Origin origin_;
  observability::Gauge& in_flight_;
  FilterWorkers& workers_;
  std::unique_ptr<SideRequests> side_;  // made when a filter first posts side requests
  // How long the stream waited for side answers.
  std::chrono::steady_clock::duration waited_{};
};

}  // namespace groundgate::proxy::server
