#include "proxy/server/exchange_trace.h"

#include <charconv>
#include <optional>
#include <utility>
#include <vector>

namespace groundgate::proxy::server {
namespace {

using tracing::Span;
using tracing::SpanKind;

// How an access log field becomes a span attribute. Only these fields become attributes:
// counts, labels and times, never text (an access log field may hold some, e.g. the acted-on
// sentences with logging.log_content).
enum class As : std::uint8_t { kInt, kDouble, kString };
struct Exported {
  std::string_view field;
  As as;
};
constexpr std::array kGuardFields{
    Exported{"guard.verdict", As::kString},
    Exported{"guard.sentences", As::kInt},
    Exported{"guard.checked", As::kInt},
    Exported{"guard.unchecked", As::kInt},
    Exported{"guard.unchecked_reason", As::kString},
    Exported{"guard.score", As::kDouble},
    Exported{"guard.verify_ms", As::kDouble},
    Exported{"guard.held_ms_max", As::kDouble},
    Exported{"guard.tool_calls", As::kInt},
    Exported{"guard.tool_calls_checked", As::kInt},
    Exported{"guard.answer_threshold", As::kString},
};
constexpr std::array kContextFields{
    Exported{"guard.context_bytes", As::kInt},
    Exported{"guard.context_passages", As::kInt},
    Exported{"guard.context_truncated", As::kString},
    Exported{"guard.prepare_ms", As::kDouble},
};
// Room for a span's attributes from the start (the verification span has the most).
constexpr std::size_t kAttributesPerSpan = 24;
// Counts by label and by action: every key with these prefixes is a number.
constexpr std::array<std::string_view, 2> kCountPrefixes{"verdicts.", "actions."};

std::uint64_t unix_ns(std::chrono::system_clock::time_point t) {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count());
}

std::optional<tracing::AttributeValue> typed(std::string_view text, As as) {
  if (as == As::kString) return std::string(text);
  if (as == As::kInt) {
    std::int64_t n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return n;
  }
  double d = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return d;
}

// "guard.checked" -> "groundgate.guard.checked".
std::string attribute_name(std::string_view field) {
  return "groundgate." + std::string(field);
}

template <std::size_t N>
void add_fields(const observability::AccessLogRecord& record, const std::array<Exported, N>& fields,
                Span& span) {
  for (const auto& [key, value] : record.extra) {
    for (const Exported& exported : fields) {
      if (key != exported.field) continue;
      if (auto v = typed(value, exported.as)) span.set(attribute_name(key), std::move(*v));
    }
  }
}

void add_counts(const observability::AccessLogRecord& record, Span& span) {
  for (const auto& [key, value] : record.extra) {
    for (std::string_view prefix : kCountPrefixes) {
      if (!std::string_view(key).starts_with(prefix)) continue;
      if (auto v = typed(value, As::kInt)) span.set(attribute_name(key), std::move(*v));
    }
  }
}

std::string_view extra(const observability::AccessLogRecord& record, std::string_view key) {
  for (const auto& [k, v] : record.extra) {
    if (k == key) return v;
  }
  return {};
}

}  // namespace

void ExchangeTrace::begin(const tracing::Sampler* sampler, const http1::HeaderFields& request,
                          Clock::time_point start) {
  if (sampler == nullptr) return;
  propagates_ = true;
  start_ = start;
  std::optional<tracing::TraceParent> parent;
  if (auto header = request.find("traceparent")) parent = tracing::parse_traceparent(*header);
  if (parent) {
    trace_id_ = parent->trace_id;
    parent_id_ = parent->parent_id;
    // tracestate belongs to the trace the client's traceparent names, and only to it.
    if (auto state = request.find("tracestate");
        state && state->size() <= tracing::kMaxTraceStateBytes) {
      trace_state_ = std::string(*state);
    }
  } else {
    trace_id_ = tracing::new_trace_id();
  }
  recording_ = sampler->sample(parent, trace_id_);
  request_span_id_ = tracing::new_span_id();
  upstream_span_id_ = tracing::new_span_id();
  // Unrecorded, this hop has no span for the upstream to name as its parent: the client's span
  // stays the parent.
  const tracing::SpanId& upstream_parent =
      recording_ || !parent ? upstream_span_id_ : parent->parent_id;
  upstream_traceparent_ = tracing::format_traceparent(trace_id_, upstream_parent, recording_);
}

void ExchangeTrace::finish(const observability::AccessLogRecord& record,
                           const config::UpstreamConfig* upstream_config,
                           tracing::SpanExporter& exporter) const {
  if (!recording_) return;
  const auto end = Clock::now();
  const auto start_system = record.start_time;
  auto at = [&](Clock::time_point t) {
    return unix_ns(start_system +
                   std::chrono::duration_cast<std::chrono::system_clock::duration>(t - start_));
  };
  auto marked = [&](Mark m) { return marks_[static_cast<std::size_t>(m)]; };
  auto was_marked = [&](Mark m) { return marked(m) != Clock::time_point{}; };
  auto child = [&](std::string name, SpanKind kind, Clock::time_point from, Clock::time_point to) {
    Span span;
    span.trace_id = trace_id_;
    span.span_id = tracing::new_span_id();
    span.parent_span_id = request_span_id_;
    span.trace_state = trace_state_;
    span.name = std::move(name);
    span.kind = kind;
    span.start_unix_ns = at(from);
    span.end_unix_ns = at(std::max(from, to));
    span.attributes.reserve(kAttributesPerSpan);
    return span;
  };
  std::vector<Span> spans;
  spans.reserve(4);

  Span request;
  request.trace_id = trace_id_;
  request.span_id = request_span_id_;
  request.parent_span_id = parent_id_;
  request.trace_state = trace_state_;
  request.name = record.method + (record.route.empty() ? "" : " " + record.route);
  request.kind = SpanKind::kServer;
  request.attributes.reserve(kAttributesPerSpan);
  request.start_unix_ns = at(start_);
  request.end_unix_ns = at(end);
  request.set("http.request.method", record.method);
  request.set("url.path", record.path.substr(0, record.path.find('?')));
  request.set("http.response.status_code", std::int64_t{record.status});
  request.set("groundgate.request_id", record.request_id);
  if (!record.route.empty()) request.set("groundgate.route", record.route);
  if (!record.model.empty()) request.set("gen_ai.request.model", record.model);
  request.set("groundgate.stream", record.stream);
  if (auto policy = extra(record, "policy"); !policy.empty()) {
    request.set("groundgate.policy", std::string(policy));
  }
  if (!record.error.empty() || record.status >= 500) {
    request.status = tracing::SpanStatus::kError;
    request.status_message = record.error;
    if (!record.error.empty()) request.set("error.type", record.error);
  }
  spans.push_back(std::move(request));

  if (was_marked(Mark::kUpstreamStart) && upstream_config != nullptr) {
    const auto upstream_end = was_marked(Mark::kBodyEnd) ? marked(Mark::kBodyEnd) : end;
    Span upstream = child(record.method + " " + record.upstream, SpanKind::kClient,
                          marked(Mark::kUpstreamStart), upstream_end);
    upstream.span_id = upstream_span_id_;  // the parent the upstream was told of
    upstream.set("groundgate.upstream", record.upstream);
    upstream.set("server.address", upstream_config->host);
    upstream.set("server.port", std::int64_t{upstream_config->port});
    if (record.status != 0) upstream.set("http.response.status_code", std::int64_t{record.status});
    if (record.ttfb_ms) upstream.set("groundgate.upstream.ttfb_ms", *record.ttfb_ms);
    if (was_marked(Mark::kFirstByte))
      upstream.events.push_back({"first_byte", at(marked(Mark::kFirstByte))});
    spans.push_back(std::move(upstream));
  }
  if (was_marked(Mark::kPrepareStart) && was_marked(Mark::kPrepareEnd)) {
    Span prepare = child("groundgate.prepare_context", SpanKind::kInternal,
                         marked(Mark::kPrepareStart), marked(Mark::kPrepareEnd));
    if (!prepared_on_.empty()) prepare.set("groundgate.prepare.where", std::string(prepared_on_));
    add_fields(record, kContextFields, prepare);
    spans.push_back(std::move(prepare));
  }
  if (!extra(record, "guard.verdict").empty() && was_marked(Mark::kBodyStart)) {
    const auto verify_end = was_marked(Mark::kBodyEnd) ? marked(Mark::kBodyEnd) : end;
    Span verify =
        child("groundgate.verify", SpanKind::kInternal, marked(Mark::kBodyStart), verify_end);
    if (auto policy = extra(record, "policy"); !policy.empty()) {
      verify.set("groundgate.policy", std::string(policy));
    }
    add_fields(record, kGuardFields, verify);
    add_counts(record, verify);
    spans.push_back(std::move(verify));
  }
  exporter.submit(std::move(spans));
}

}  // namespace groundgate::proxy::server
