#pragma once
// Spans as an OTLP/HTTP JSON request body (ExportTraceServiceRequest, protobuf JSON mapping:
// ids in lowercase hex, 64-bit integers as strings, enums as numbers).

#include <span>
#include <string>
#include <string_view>

#include "proxy/tracing/span.h"

namespace groundgate::proxy::tracing {

// Resource attributes every span of this process carries.
struct Resource {
  std::string service_name = "groundgate";
  std::string service_version;
  std::string host_name;
};

// One resource, one instrumentation scope ("groundgate"), the spans in order.
std::string otlp_json(const Resource& resource, std::span<const Span> spans);

}  // namespace groundgate::proxy::tracing
