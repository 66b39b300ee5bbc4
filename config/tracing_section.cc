#include "config/tracing_section.h"

#include <array>
#include <string>

#include "config/upstream_section.h"
#include "config/value_parsers.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 10> kTracingKeys{
    "endpoint", "sample_ratio", "parent_based", "service_name", "headers",
    "timeout",  "tls",          "queue_spans",  "batch_spans",  "flush_interval"};
// OTLP/HTTP's path for traces, appended to an endpoint given without a path (as the
// OpenTelemetry SDKs do with OTEL_EXPORTER_OTLP_ENDPOINT).
constexpr std::string_view kTracesPath = "/v1/traces";
constexpr std::uint64_t kMaxQueueSpans = 1'000'000;
constexpr std::uint64_t kMaxBatchSpans = 10'000;

}  // namespace

TracingConfig read_tracing(const YamlField& field, std::string_view base_dir, ErrorSink& errors) {
  TracingConfig out;
  out.collector.name = "tracing";
  out.collector.connect_timeout = Millis{5'000};
  out.collector.header_timeout = Millis{10'000};
  YamlMap map(field, kTracingKeys, errors);
  if (!map.valid()) return out;
  if (auto f = map.require("endpoint", errors)) {
    read_endpoint_url(*f, kTracesPath, out.collector, errors);
  }
  if (auto f = map.get("sample_ratio")) {
    if (auto v = read_number(*f, 0.0, 1.0, errors)) out.sample_ratio = *v;
  }
  if (auto f = map.get("parent_based")) {
    if (auto b = read_bool(*f, errors)) out.parent_based = *b;
  }
  if (auto f = map.get("service_name")) {
    if (auto s = read_string(*f, errors)) {
      if (s->empty()) errors.add(f->mark(), f->path + ": must not be empty");
      out.service_name = std::move(*s);
    }
  }
  if (auto f = map.get("headers")) read_request_headers(*f, out.headers, errors);
  if (auto f = map.get("timeout")) {
    if (auto d = read_duration(*f, /*allow_zero=*/false, errors)) {
      out.collector.connect_timeout = *d;
      out.collector.header_timeout = *d;
    }
  }
  if (auto f = map.get("tls"))
    read_client_tls(*f, out.collector, base_dir, out.collector.tls, errors);
  if (auto f = map.get("queue_spans")) {
    if (auto n = read_count(*f, kMaxQueueSpans, errors)) out.queue_spans = *n;
  }
  if (auto f = map.get("batch_spans")) {
    if (auto n = read_count(*f, kMaxBatchSpans, errors)) out.batch_spans = *n;
  }
  if (auto f = map.get("flush_interval")) {
    if (auto d = read_duration(*f, /*allow_zero=*/false, errors)) out.flush_interval = *d;
  }
  if (out.batch_spans > out.queue_spans) {
    errors.add(map.mark(), map.path() + ": batch_spans must not exceed queue_spans");
  }
  return out;
}

}  // namespace groundgate::config
