#include "proxy/tracing/otlp_json.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "filters/verdict/json_string.h"

namespace groundgate::proxy::tracing {
namespace {

using filters::verdict::append_json_string;

void append_number(std::string& out, std::uint64_t n) {
  char buffer[24];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, n);
  out.append(buffer, end);
}

void append_signed(std::string& out, std::int64_t n) {
  char buffer[24];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, n);
  out.append(buffer, end);
}

// A 64-bit integer is a JSON string in the protobuf mapping.
void append_quoted_number(std::string& out, std::uint64_t n) {
  out += '"';
  append_number(out, n);
  out += '"';
}

void append_value(std::string& out, const AttributeValue& value) {
  if (const auto* s = std::get_if<std::string>(&value)) {
    out += "{\"stringValue\":";
    append_json_string(out, *s);
  } else if (const auto* i = std::get_if<std::int64_t>(&value)) {
    out += "{\"intValue\":\"";
    append_signed(out, *i);
    out += '"';
  } else if (const auto* d = std::get_if<double>(&value)) {
    out += "{\"doubleValue\":";
    if (std::isfinite(*d)) {
      char buffer[32];
      const int n = std::snprintf(buffer, sizeof buffer, "%.17g", *d);
      out.append(buffer, static_cast<std::size_t>(n));
    } else {
      out += '0';  // JSON has no NaN or infinity
    }
  } else {
    out += "{\"boolValue\":";
    out += std::get<bool>(value) ? "true" : "false";
  }
  out += '}';
}

void append_attributes(std::string& out, const std::vector<Attribute>& attributes) {
  out += '[';
  for (std::size_t i = 0; i < attributes.size(); ++i) {
    if (i > 0) out += ',';
    out += "{\"key\":";
    append_json_string(out, attributes[i].key);
    out += ",\"value\":";
    append_value(out, attributes[i].value);
    out += '}';
  }
  out += ']';
}

bool is_root(const SpanId& id) {
  for (std::uint8_t b : id) {
    if (b != 0) return false;
  }
  return true;
}

void append_span(std::string& out, const Span& span) {
  out += "{\"traceId\":\"";
  out += to_hex(span.trace_id);
  out += "\",\"spanId\":\"";
  out += to_hex(span.span_id);
  out += '"';
  if (!is_root(span.parent_span_id)) {
    out += ",\"parentSpanId\":\"";
    out += to_hex(span.parent_span_id);
    out += '"';
  }
  if (!span.trace_state.empty()) {
    out += ",\"traceState\":";
    append_json_string(out, span.trace_state);
  }
  out += ",\"name\":";
  append_json_string(out, span.name);
  out += ",\"kind\":";
  append_number(out, static_cast<std::uint64_t>(span.kind));
  out += ",\"startTimeUnixNano\":";
  append_quoted_number(out, span.start_unix_ns);
  out += ",\"endTimeUnixNano\":";
  append_quoted_number(out, span.end_unix_ns);
  out += ",\"attributes\":";
  append_attributes(out, span.attributes);
  if (!span.events.empty()) {
    out += ",\"events\":[";
    for (std::size_t i = 0; i < span.events.size(); ++i) {
      if (i > 0) out += ',';
      out += "{\"timeUnixNano\":";
      append_quoted_number(out, span.events[i].time_unix_ns);
      out += ",\"name\":";
      append_json_string(out, span.events[i].name);
      out += '}';
    }
    out += ']';
  }
  out += ",\"status\":{";
  if (span.status != SpanStatus::kUnset) {
    out += "\"code\":";
    append_number(out, static_cast<std::uint64_t>(span.status));
    if (!span.status_message.empty()) {
      out += ",\"message\":";
      append_json_string(out, span.status_message);
    }
  }
  out += "}}";
}

}  // namespace

std::string otlp_json(const Resource& resource, std::span<const Span> spans) {
  std::vector<Attribute> resource_attributes{{"service.name", resource.service_name},
                                             {"telemetry.sdk.name", std::string("groundgate")},
                                             {"telemetry.sdk.language", std::string("cpp")}};
  if (!resource.service_version.empty()) {
    resource_attributes.push_back({"service.version", resource.service_version});
  }
  if (!resource.host_name.empty()) resource_attributes.push_back({"host.name", resource.host_name});
  std::string out;
  out.reserve(512 + spans.size() * 768);
  out += "{\"resourceSpans\":[{\"resource\":{\"attributes\":";
  append_attributes(out, resource_attributes);
  out += "},\"scopeSpans\":[{\"scope\":{\"name\":\"groundgate\"";
  if (!resource.service_version.empty()) {
    out += ",\"version\":";
    append_json_string(out, resource.service_version);
  }
  out += "},\"spans\":[";
  for (std::size_t i = 0; i < spans.size(); ++i) {
    if (i > 0) out += ',';
    append_span(out, spans[i]);
  }
  out += "]}]}]}";
  return out;
}

}  // namespace groundgate::proxy::tracing
