#include "proxy/server/stream_side_requests.h"

#include <string>
#include <utility>
#include <vector>

#include "proxy/observability/access_log_record.h"
#include "proxy/observability/proxy_metrics.h"
#include "proxy/server/forwarding.h"
#include "proxy/server/header_writer.h"

namespace groundgate::proxy::server {
using boost::asio::awaitable;

std::optional<SideDestination> StreamSideRequests::destination(
    const filters::stream::SideEndpoint* endpoint) const {
  using Auth = filters::stream::SideEndpoint::Auth;
  const config::UpstreamConfig* route_upstream = &origin_.upstream;
  const config::UpstreamConfig* upstream =
      endpoint == nullptr || endpoint->upstream.empty()
          ? route_upstream
          : origin_.runtime->config->find_upstream(endpoint->upstream);
  // The client's credentials go to the route's upstream only (config refuses the rest; be
  // safe anyway).
  if (upstream == nullptr ||
      (endpoint != nullptr && endpoint->auth == Auth::kForward && upstream != route_upstream)) {
    return std::nullopt;
  }
  SideDestination to{upstream, origin_.runtime->tls_for(upstream->name), {}, origin_.runtime};
  // The stream's own endpoint unless the batch names a path.
  const std::string_view target =
      endpoint == nullptr || endpoint->path.empty() ? origin_.request.target() : endpoint->path;
  append_request_line("POST", upstream_target(upstream->base_path, target), 11, to.header);
  if (endpoint == nullptr || endpoint->auth == Auth::kForward) {
    append_end_to_end_headers(origin_.request.fields(), /*drop_accept_encoding=*/true, to.header,
                              /*drop_traceparent=*/false);
  } else {
    append_field("Content-Type", "application/json", to.header);
    append_field("Accept", "application/json", to.header);
    if (endpoint->auth == Auth::kBearer)
      append_field("Authorization", "Bearer " + endpoint->bearer, to.header);
  }
  append_field("Host", host_header(upstream->host, upstream->port, upstream->https), to.header);
  append_field("Connection", "close", to.header);
  return to;
}

void StreamSideRequests::start(filters::stream::FilterChain& chain) {
  std::vector<filters::stream::SideBatch> batches = chain.take_side_requests();
  if (batches.empty()) return;
  // On the exchange's own executor (its strand, or its thread's io_context): the calls'
  // handlers never run beside the relay's.
  if (!side_) side_ = std::make_unique<SideRequests>(executor_, in_flight_, workers_);
  for (filters::stream::SideBatch& batch : batches) {
    std::optional<SideDestination> to = destination(batch.batch.endpoint.get());
    if (to) {
      side_->start(std::move(batch), std::move(*to));
    } else {
      side_->refuse(std::move(batch), "endpoint: not an upstream this stream may call");
    }
  }
}

awaitable<std::optional<SideAnswers>> StreamSideRequests::next(filters::stream::FilterChain& chain,
                                                               const bool& client_gone) {
  const auto start_time = std::chrono::steady_clock::now();
  start(chain);
  std::optional<SideAnswers> answers;
  while (side_ && !client_gone) {
    answers = side_->take_answers();
    if (answers || !side_->busy()) break;  // answers, or nothing out that could bring some
    co_await side_->wait_answers();
  }
  if (client_gone) answers.reset();
  waited_ += std::chrono::steady_clock::now() - start_time;
  co_return answers;
}

void StreamSideRequests::cancel() {
  if (side_) side_->cancel();
}

awaitable<void> StreamSideRequests::drain() {
  if (side_) co_await side_->drain();
}

void StreamSideRequests::report(std::string_view route, observability::AccessLogRecord& record,
                                observability::ProxyMetrics& metrics) const {
  if (!side_) return;
  // A stream whose side work was only side jobs (an SQL query's runs) sent no side request.
  if (side_->requests() > 0) {
    const std::size_t failed = side_->failures();
    record.extra.emplace_back("side_requests", std::to_string(side_->requests()));
    record.extra.emplace_back("side_request_failures", std::to_string(failed));
    record.extra.emplace_back(
        "side_wait_ms",
        std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(waited_).count()));
    metrics.side_requests_total.with({route, "ok"}).inc(side_->requests() - failed);
    metrics.side_requests_total.with({route, "failed"}).inc(failed);
  }
  if (side_->jobs() > 0) report_jobs(route, record, metrics);
}

void StreamSideRequests::report_jobs(std::string_view route, observability::AccessLogRecord& record,
                                     observability::ProxyMetrics& metrics) const {
  const SideRequests::JobOutcomes& jobs = side_->job_outcomes();
  record.extra.emplace_back("side_jobs", std::to_string(side_->jobs()));
  const std::pair<std::string_view, std::size_t> outcomes[] = {{"ran", jobs.ran},
                                                               {"overloaded", jobs.overloaded},
                                                               {"timeout", jobs.timeout},
                                                               {"cancelled", jobs.cancelled}};
  for (const auto& [outcome, count] : outcomes) {
    if (count == 0) continue;
    if (outcome != "ran")
      record.extra.emplace_back("side_jobs_" + std::string(outcome), std::to_string(count));
    metrics.side_jobs_total.with({route, outcome}).inc(count);
  }
}

}  // namespace groundgate::proxy::server
