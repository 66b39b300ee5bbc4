#include "proxy/server/exchange.h"
#include "proxy/server/verdict_record.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using observability::ErrorKind;

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
  const std::string_view route = route_ != nullptr ? std::string_view(route_->name) : "none";
  std::optional<filters::stream::StreamReport> report;
  if (!chain_.empty()) {
    report = chain_.report();
    std::string_view verdict;
    for (const auto& [key, value] : report->fields) {
      if (key == "guard.verdict") verdict = value;
    }
    keep_verdicts(verdict);
  }
  record_.finish(
      {route, status_, error_, policy_, report ? &*report : nullptr, side_ ? &*side_ : nullptr});
  trace_.finish(record_.entry(), upstream_config_, ctx_.span_exporter);
}

}  // namespace groundgate::proxy::server
