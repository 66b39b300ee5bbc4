#include "proxy/server/exchange.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

namespace {

double seconds_since(Exchange::Clock::time_point t) {
  return std::chrono::duration<double>(Exchange::Clock::now() - t).count();
}

}  // namespace

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

}  // namespace groundgate::proxy::server
