#include "proxy/server/exchange.h"
#include "proxy/server/verdict_record.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

void Exchange::record_filter_report(std::string_view route) {
  // The well-known keys of filters::stream::StreamReport become metrics; every count and field
  // goes into the access log line, which is the request's audit record.
  constexpr std::string_view kVerdicts = "verdicts.";
  constexpr std::string_view kActions = "actions.";
  constexpr std::string_view kJudge = "judge.";
  const filters::stream::StreamReport report = chain_.report();
  record_.extra.emplace_back("policy", policy_);
  for (const auto& [key, count] : report.counts) {
    const std::string_view name = key;
    record_.extra.emplace_back(key, std::to_string(count));
    if (name.starts_with(kVerdicts)) {
      ctx_.metrics.verdicts_total.with({route, name.substr(kVerdicts.size())}).inc(count);
    } else if (name.starts_with(kActions)) {
      ctx_.metrics.filter_actions_total.with({route, "guard", name.substr(kActions.size())})
          .inc(count);
    } else if (name.starts_with(kJudge)) {
      record_judge_count(route, name.substr(kJudge.size()), count);
    }
  }
  for (const auto& field : report.fields)
    record_.extra.push_back(field);
  for (const auto& [key, samples] : report.observations) {
    observability::HistogramFamily* family =
        key == "verify_seconds"  ? &ctx_.metrics.verification_seconds
        : key == "hold_seconds"  ? &ctx_.metrics.hold_delay_seconds
        : key == "judge_seconds" ? &ctx_.metrics.judge_seconds
                                 : nullptr;
    if (family == nullptr) continue;
    auto& histogram = family->with({route});
    for (double sample : samples)
      histogram.observe(sample);
  }
}

void Exchange::record_judge_count(std::string_view route, std::string_view key,
                                  std::uint64_t count) {
  // "<kind>.<a>[.<b>]": calls.<method>.<outcome>, tokens.<method>.<kind>, sentences.<outcome>,
  // skipped.<reason>, rejected.<reason>.
  const std::size_t dot = key.find('.');
  if (dot == std::string_view::npos) return;
  const std::string_view kind = key.substr(0, dot);
  const std::string_view rest = key.substr(dot + 1);
  const std::size_t second = rest.find('.');
  auto& m = ctx_.metrics;
  if (kind == "sentences") {
    m.judge_sentences_total.with({route, rest}).inc(count);
  } else if (kind == "skipped") {
    m.judge_skipped_total.with({route, rest}).inc(count);
  } else if (kind == "rejected") {
    m.judge_rejected_total.with({route, rest}).inc(count);
  } else if (second != std::string_view::npos && kind == "calls") {
    m.judge_calls_total.with({route, rest.substr(0, second), rest.substr(second + 1)}).inc(count);
  } else if (second != std::string_view::npos && kind == "tokens") {
    m.judge_tokens_total.with({route, rest.substr(0, second), rest.substr(second + 1)}).inc(count);
  }
}

void Exchange::keep_verdicts_if_answered() {
  const filters::stream::AnnotationLog* log = chain_.annotation_log();
  if (log != nullptr && !log->kept.empty() && is_summary(log->kept.back())) keep_verdicts();
}

void Exchange::keep_verdicts(std::string_view verdict) {
  if (verdict_id_.empty() || verdicts_kept_) return;
  verdicts_kept_ = true;
  const std::string_view route = route_ != nullptr ? std::string_view(route_->name) : "none";
  VerdictRecord record{verdict_id_,
                       upstream_response_id_,
                       route,
                       policy_,
                       info_.model,
                       verdict.empty() ? "unchecked" : verdict,
                       chain_.stop_reason(),
                       chain_.annotation_log()};
  const std::string summary_verdict = answer_verdict(record);
  if (!summary_verdict.empty()) record.verdict = summary_verdict;
  ctx_.verdicts.put({verdict_id_, std::string(record.response_id), verdict_document(record)});
  if (config_.verdict_webhook && webhook_wants(*config_.verdict_webhook, record)) {
    ctx_.verdict_webhook.submit(webhook_body(record));
  }
}

void Exchange::finish_record() {
  double duration = seconds_since(start_);
  record_.status = status_;
  record_.duration_ms = duration * 1000;
  std::string_view route = route_ != nullptr ? std::string_view(route_->name) : "none";
  std::string status = std::to_string(status_);
  ctx_.metrics.requests_total.with({route, status}).inc();
  ctx_.metrics.request_duration_seconds.with({route}).observe(duration);
  ctx_.metrics.client_in_bytes.inc(record_.bytes_in);
  ctx_.metrics.client_out_bytes.inc(record_.bytes_out);
  // The proxy's own fields first: the filters' report may fill the record's bound.
  if (side_) side_->report(route, record_, ctx_.metrics);
  if (!chain_.empty()) {
    record_filter_report(route);
    std::string_view verdict;
    const filters::stream::StreamReport report = chain_.report();
    for (const auto& [key, value] : report.fields) {
      if (key == "guard.verdict") verdict = value;
    }
    keep_verdicts(verdict);
  }
  if (error_) {
    record_.error = std::string(observability::error_kind_name(*error_));
    ctx_.metrics.errors_total.with({record_.error}).inc();
  }
  if (ctx_.access_log) ctx_.access_log->write(record_);
  trace_.finish(record_, upstream_config_, ctx_.span_exporter);
}

}  // namespace groundgate::proxy::server
