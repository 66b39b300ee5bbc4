#pragma once
// What an exchange reports of itself, kept until it ends and then written once: the access
// log line (observability::AccessLogRecord, which it owns), the request and error metrics, and
// the filters' and side requests' reports. The exchange tells it what happened as it happens
// (the request, its route, bytes each way, the upstream's first byte, a retry, a broken
// upstream body) and how it ended; nothing else writes the record.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "filters/stream/stream_filter.h"
#include "proxy/observability/access_log_record.h"
#include "proxy/observability/error_kind.h"

namespace groundgate::proxy::server {

struct ServerContext;
class StreamSideRequests;

class ExchangeRecord {
 public:
  using Clock = std::chrono::steady_clock;

  // The request arrived at `start`: it gets the next request id.
  ExchangeRecord(ServerContext& ctx, Clock::time_point start);
  ExchangeRecord(const ExchangeRecord&) = delete;
  ExchangeRecord& operator=(const ExchangeRecord&) = delete;

  // The request line (the path loses its query string when written).
  void request(std::string_view method, std::string_view path);
  // The route the request took, the upstream it goes to, and what the body asked for.
  void routed(std::string_view route, std::string_view upstream, std::string_view model,
              bool stream);
  // Bytes read from the client, and written to it.
  void received(std::size_t bytes) { entry_.bytes_in += bytes; }
  void sent(std::size_t bytes) { entry_.bytes_out += bytes; }
  // The upstream's response header came `seconds` after the request went.
  void first_byte(double seconds) { entry_.ttfb_ms = seconds * 1000; }
  // The request went again on a new connection, for `reason` (proxy_metrics.h).
  void upstream_retry(std::string_view reason);
  // The upstream's body broke (`what`: how), whatever the exchange then did about it.
  void upstream_body_error(std::string_view what);
  // The answer went without some of its side answers (`why`: what cut them).
  void side_answers_missing(std::string_view why);

  // How the exchange ended. `route`: "none" when no route matched; `report`: its filters'
  // (null without filters); `side`: its side requests (null when it made none).
  struct Ending {
    std::string_view route;
    int status = 0;
    std::optional<observability::ErrorKind> error;
    std::string_view policy;
    const filters::stream::StreamReport* report = nullptr;
    const StreamSideRequests* side = nullptr;
  };
  // Writes the record (access log and metrics); once: later calls do nothing.
  void finish(const Ending& ending);
  bool finished() const { return finished_; }
  // The record as written (the trace's spans are made of it).
  const observability::AccessLogRecord& entry() const { return entry_; }

 private:
  // The filters' verdict counts and fields → metrics and the record's extra fields.
  void add_filter_report(std::string_view route, std::string_view policy,
                         const filters::stream::StreamReport& report);
  // A count of the judge's ("judge.<key>") → its metric.
  void count_judge(std::string_view route, std::string_view key, std::uint64_t count);

  ServerContext& ctx_;
  const Clock::time_point start_;
  observability::AccessLogRecord entry_;
  bool finished_ = false;
};

}  // namespace groundgate::proxy::server
