// OTLP/HTTP JSON: the ExportTraceServiceRequest shape a collector accepts (hex ids, 64-bit
// integers as strings, enums as numbers), valid JSON whatever the strings hold.
#include "proxy/tracing/otlp_json.h"

#include <gtest/gtest.h>
#include <simdjson.h>

namespace groundgate::proxy::tracing {
namespace {

Span sample_span() {
  Span span;
  span.trace_id =
      parse_traceparent("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")->trace_id;
  span.span_id = {1, 2, 3, 4, 5, 6, 7, 8};
  span.parent_span_id = {0xb7, 0xad, 0x6b, 0x71, 0x69, 0x20, 0x33, 0x31};
  span.trace_state = "vendor=x";
  span.name = "POST chat";
  span.kind = SpanKind::kServer;
  span.start_unix_ns = 1'764'150'000'000'000'001;
  span.end_unix_ns = 1'764'150'000'250'000'000;
  span.set("http.request.method", std::string("POST"));
  span.set("http.response.status_code", std::int64_t{200});
  span.set("groundgate.guard.score", 0.25);
  span.set("groundgate.stream", true);
  span.set("odd \"key\"\n", std::string("bad utf-8 \xff here"));
  span.events.push_back({"first_byte", 1'764'150'000'100'000'000});
  span.status = SpanStatus::kError;
  span.status_message = "upstream_timeout";
  return span;
}

TEST(OtlpJson, WritesAnExportTraceServiceRequest) {
  Resource resource;
  resource.service_name = "gg-test";
  resource.service_version = "0.1.0";
  const std::vector<Span> spans{sample_span()};
  const std::string body = otlp_json(resource, spans);

  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(simdjson::SUCCESS, parser.parse(body).get(root)) << body;
  auto resource_spans = root["resourceSpans"].at(0);
  auto service = resource_spans["resource"]["attributes"].at(0);
  EXPECT_EQ("service.name", std::string_view(service["key"]));
  EXPECT_EQ("gg-test", std::string_view(service["value"]["stringValue"]));
  auto scope_spans = resource_spans["scopeSpans"].at(0);
  EXPECT_EQ("groundgate", std::string_view(scope_spans["scope"]["name"]));
  auto span = scope_spans["spans"].at(0);
  EXPECT_EQ("0af7651916cd43dd8448eb211c80319c", std::string_view(span["traceId"]));
  EXPECT_EQ("0102030405060708", std::string_view(span["spanId"]));
  EXPECT_EQ("b7ad6b7169203331", std::string_view(span["parentSpanId"]));
  EXPECT_EQ("vendor=x", std::string_view(span["traceState"]));
  EXPECT_EQ("POST chat", std::string_view(span["name"]));
  EXPECT_EQ(2, int64_t(span["kind"]));
  EXPECT_EQ("1764150000000000001", std::string_view(span["startTimeUnixNano"]));
  EXPECT_EQ("1764150000250000000", std::string_view(span["endTimeUnixNano"]));
  auto attributes = span["attributes"];
  EXPECT_EQ("POST", std::string_view(attributes.at(0)["value"]["stringValue"]));
  EXPECT_EQ("200", std::string_view(attributes.at(1)["value"]["intValue"]));
  EXPECT_EQ(0.25, double(attributes.at(2)["value"]["doubleValue"]));
  EXPECT_EQ(true, bool(attributes.at(3)["value"]["boolValue"]));
  EXPECT_EQ("odd \"key\"\n", std::string_view(attributes.at(4)["key"]));
  EXPECT_EQ("first_byte", std::string_view(span["events"].at(0)["name"]));
  EXPECT_EQ("1764150000100000000", std::string_view(span["events"].at(0)["timeUnixNano"]));
  EXPECT_EQ(2, int64_t(span["status"]["code"]));
  EXPECT_EQ("upstream_timeout", std::string_view(span["status"]["message"]));
}

TEST(OtlpJson, ARootSpanHasNoParentAndAnUnsetStatusIsEmpty) {
  Span span = sample_span();
  span.parent_span_id = {};
  span.status = SpanStatus::kUnset;
  span.events.clear();
  const std::vector<Span> spans{span, span};
  const std::string body = otlp_json(Resource{}, spans);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(simdjson::SUCCESS, parser.parse(body).get(root)) << body;
  auto list = root["resourceSpans"].at(0)["scopeSpans"].at(0)["spans"];
  EXPECT_EQ(2u, simdjson::dom::array(list).size());
  EXPECT_EQ(simdjson::NO_SUCH_FIELD, list.at(0)["parentSpanId"].error());
  EXPECT_EQ(simdjson::NO_SUCH_FIELD, list.at(0)["events"].error());
  EXPECT_EQ(0u, simdjson::dom::object(list.at(0)["status"]).size());
}

}  // namespace
}  // namespace groundgate::proxy::tracing
