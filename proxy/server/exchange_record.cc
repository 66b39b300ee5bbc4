#include "proxy/server/exchange_record.h"

#include "proxy/server/server_context.h"
#include "proxy/server/stream_side_requests.h"

namespace groundgate::proxy::server {

ExchangeRecord::ExchangeRecord(ServerContext& ctx, Clock::time_point start)
    : ctx_(ctx), start_(start) {
  entry_.start_time = std::chrono::system_clock::now();
  entry_.request_id = std::to_string(ctx.next_request_id.fetch_add(1));
}

void ExchangeRecord::request(std::string_view method, std::string_view path) {
  entry_.method = std::string(method);
  entry_.path = std::string(path);
}

void ExchangeRecord::routed(std::string_view route, std::string_view upstream,
                            std::string_view model, bool stream) {
  entry_.route = std::string(route);
  entry_.upstream = std::string(upstream);
  entry_.model = std::string(model);
  entry_.stream = stream;
}

void ExchangeRecord::upstream_retry(std::string_view reason) {
  entry_.extra.emplace_back("upstream_retry", std::string(reason));
}

void ExchangeRecord::upstream_body_error(std::string_view what) {
  entry_.extra.emplace_back("upstream_body_error", std::string(what));
}

void ExchangeRecord::side_answers_missing(std::string_view why) {
  entry_.extra.emplace_back("side_answers_missing", std::string(why));
}

void ExchangeRecord::finish(const Ending& ending) {
  if (finished_) return;
  finished_ = true;
  const double duration = std::chrono::duration<double>(Clock::now() - start_).count();
  entry_.status = ending.status;
  entry_.duration_ms = duration * 1000;
  auto& m = ctx_.metrics;
  m.requests_total.with({ending.route, std::to_string(ending.status)}).inc();
  m.request_duration_seconds.with({ending.route}).observe(duration);
  m.client_in_bytes.inc(entry_.bytes_in);
  m.client_out_bytes.inc(entry_.bytes_out);
  // The proxy's own fields first: the filters' report may fill the record's bound.
  if (ending.side != nullptr) ending.side->report(ending.route, entry_, m);
  if (ending.report != nullptr) add_filter_report(ending.route, ending.policy, *ending.report);
  if (ending.error) {
    entry_.error = std::string(observability::error_kind_name(*ending.error));
    m.errors_total.with({entry_.error}).inc();
  }
  if (ctx_.access_log) ctx_.access_log->write(entry_);
}

void ExchangeRecord::add_filter_report(std::string_view route, std::string_view policy,
                                       const filters::stream::StreamReport& report) {
  // The well-known keys of filters::stream::StreamReport become metrics; every count and field
  // goes into the access log line, which is the request's audit record.
  constexpr std::string_view kVerdicts = "verdicts.";
  constexpr std::string_view kActions = "actions.";
  constexpr std::string_view kJudge = "judge.";
  auto& m = ctx_.metrics;
  entry_.extra.emplace_back("policy", std::string(policy));
  for (const auto& [key, count] : report.counts) {
    const std::string_view name = key;
    entry_.extra.emplace_back(key, std::to_string(count));
    if (name.starts_with(kVerdicts)) {
      m.verdicts_total.with({route, name.substr(kVerdicts.size())}).inc(count);
    } else if (name.starts_with(kActions)) {
      m.filter_actions_total.with({route, "guard", name.substr(kActions.size())}).inc(count);
    } else if (name.starts_with(kJudge)) {
      count_judge(route, name.substr(kJudge.size()), count);
    }
  }
  for (const auto& field : report.fields)
    entry_.extra.push_back(field);
  for (const auto& [key, samples] : report.observations) {
    observability::HistogramFamily* family = key == "verify_seconds"  ? &m.verification_seconds
                                             : key == "hold_seconds"  ? &m.hold_delay_seconds
                                             : key == "judge_seconds" ? &m.judge_seconds
                                                                      : nullptr;
    if (family == nullptr) continue;
    auto& histogram = family->with({route});
    for (double sample : samples)
      histogram.observe(sample);
  }
}

void ExchangeRecord::count_judge(std::string_view route, std::string_view key,
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

}  // namespace groundgate::proxy::server
