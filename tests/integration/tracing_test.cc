// Traces end to end: a client's traceparent is continued, the upstream gets the proxy's own
// (tracestate unchanged), and a collector stub receives the request, upstream, context
// preparation and verification spans as OTLP/HTTP JSON, with counts and labels but no text.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <chrono>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"
#include "tests/integration/support/recording_server.h"

namespace groundgate::testing {
namespace {

using namespace std::chrono_literals;

constexpr std::string_view kTraceId = "0af7651916cd43dd8448eb211c80319c";
constexpr std::string_view kClientSpan = "b7ad6b7169203331";
const std::string kSampled = "00-" + std::string(kTraceId) + "-" + std::string(kClientSpan) + "-01";
const std::string kUnsampled =
    "00-" + std::string(kTraceId) + "-" + std::string(kClientSpan) + "-00";

const char* kScript = R"(
- match: "bridge"
  answer: "The bridge opened in 1932. It is painted bright purple."
)";

const std::string kRequest =
    R"({"model":"m","stream":true,"context":"The bridge opened in 1932 and is painted grey.",)"
    R"("messages":[{"role":"user","content":"When did the bridge open?"}]})";

using CollectorStub = RecordingServer;

// One exported span's fields, attributes flattened to text.
struct ExportedSpan {
  std::string trace_id, span_id, parent_span_id, name, trace_state;
  int64_t kind = 0;
  std::map<std::string, std::string> attributes;
  std::vector<std::string> events;
  uint64_t start = 0, end = 0;
};

std::vector<ExportedSpan> parse_spans(const std::string& body) {
  std::vector<ExportedSpan> out;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  EXPECT_EQ(simdjson::SUCCESS, parser.parse(body).get(root)) << body;
  for (auto resource : root["resourceSpans"].get_array()) {
    for (auto scope : resource["scopeSpans"].get_array()) {
      for (auto s : scope["spans"].get_array()) {
        ExportedSpan span;
        span.trace_id = std::string(std::string_view(s["traceId"]));
        span.span_id = std::string(std::string_view(s["spanId"]));
        std::string_view parent;
        if (s["parentSpanId"].get(parent) == simdjson::SUCCESS) span.parent_span_id = parent;
        std::string_view state;
        if (s["traceState"].get(state) == simdjson::SUCCESS) span.trace_state = state;
        span.name = std::string(std::string_view(s["name"]));
        span.kind = int64_t(s["kind"]);
        span.start = std::stoull(std::string(std::string_view(s["startTimeUnixNano"])));
        span.end = std::stoull(std::string(std::string_view(s["endTimeUnixNano"])));
        for (auto attribute : s["attributes"].get_array()) {
          std::string text = simdjson::minify(attribute["value"]);
          span.attributes[std::string(std::string_view(attribute["key"]))] = text;
        }
        simdjson::dom::array events;
        if (s["events"].get(events) == simdjson::SUCCESS) {
          for (auto event : events)
            span.events.emplace_back(std::string_view(event["name"]));
        }
        out.push_back(std::move(span));
      }
    }
  }
  return out;
}

// The collector's requests once the proxy counts `n` spans exported: a trace's spans may leave
// in more than one batch, when the flush interval falls between their ends.
std::vector<std::string> requests_with(CollectorStub& collector, uint16_t admin_port,
                                       std::size_t n) {
  const std::string exported = "groundgate_trace_spans_exported_total " + std::to_string(n) + "\n";
  const std::string metrics = metrics_with(admin_port, exported);
  EXPECT_NE(metrics.find(exported), std::string::npos) << metrics;
  return collector.requests();
}

// The spans of every export request.
std::vector<ExportedSpan> spans_of(const std::vector<std::string>& requests) {
  std::vector<ExportedSpan> spans;
  for (const std::string& request : requests) {
    for (ExportedSpan& span : parse_spans(body_of(request)))
      spans.push_back(std::move(span));
  }
  return spans;
}

const ExportedSpan* find(const std::vector<ExportedSpan>& spans, std::string_view name_prefix) {
  for (const ExportedSpan& span : spans) {
    if (span.name.starts_with(name_prefix)) return &span;
  }
  return nullptr;
}

class TracingTest : public ::testing::Test {
 protected:
  void start(const std::string& tracing, const std::string& upstream_url = {}) {
    fixture_.start_scripted_mock(kScript);
    fixture_.start_proxy(
        "upstreams:\n  llm: {url: \"" +
        (upstream_url.empty() ? std::string("http://127.0.0.1:${MOCK_PORT}") : upstream_url) +
        "\"}\n"
        "policies:\n"
        "  grounded:\n"
        "    verifiers: [semantic_pieces]\n"
        "    actions: {unsupported: annotate, contradicted: annotate}\n"
        "routes:\n  - {name: chat, match: {path_prefix: /v1}, upstream: llm, policy: grounded}\n"
        "logging: {access_log: false}\n" +
        tracing);
  }
  std::string tracing_to(uint16_t collector, const std::string& extra = {}) {
    return "tracing:\n  endpoint: http://127.0.0.1:" + std::to_string(collector) +
           "\n  flush_interval: 50ms\n" + extra;
  }
  ProxyFixture fixture_;
};

TEST_F(TracingTest, ASampledRequestIsExportedAsOtlpJson) {
  CollectorStub collector;
  start(tracing_to(collector.port(), "  service_name: gg-under-test\n"));
  auto response = http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest,
                               {{"traceparent", kSampled}, {"tracestate", "vendor=1"}});
  ASSERT_EQ(200, response.status);

  const auto requests = requests_with(collector, fixture_.admin_port(), 4);
  ASSERT_FALSE(requests.empty());
  for (const std::string& export_request : requests) {
    EXPECT_EQ("/v1/traces", export_request.substr(5, export_request.find(' ', 5) - 5));
    EXPECT_EQ("application/json", header_value(export_request, "Content-Type"));
    const std::string body = body_of(export_request);
    EXPECT_NE(body.find("\"gg-under-test\""), std::string::npos);
    // Never text: neither the question, the context nor the answer.
    for (const char* text : {"bridge", "purple", "grey", "When did"})
      EXPECT_EQ(body.find(text), std::string::npos) << text << " in " << body;
  }
  const std::vector<ExportedSpan> spans = spans_of(requests);
  const ExportedSpan* request = find(spans, "POST chat");
  const ExportedSpan* upstream = find(spans, "POST llm");
  const ExportedSpan* prepare = find(spans, "groundgate.prepare_context");
  const ExportedSpan* verify = find(spans, "groundgate.verify");
  ASSERT_TRUE(request && upstream && prepare && verify) << requests.size() << " batches";
  for (const ExportedSpan* span : {request, upstream, prepare, verify}) {
    EXPECT_EQ(kTraceId, span->trace_id);
    EXPECT_EQ("vendor=1", span->trace_state);
    EXPECT_LE(span->start, span->end);
  }
  EXPECT_EQ(kClientSpan, request->parent_span_id) << "the client's span is the parent";
  EXPECT_EQ(2, request->kind);
  EXPECT_EQ("{\"intValue\":\"200\"}", request->attributes.at("http.response.status_code"));
  EXPECT_EQ("{\"stringValue\":\"grounded\"}", request->attributes.at("groundgate.policy"));
  EXPECT_EQ("{\"stringValue\":\"m\"}", request->attributes.at("gen_ai.request.model"));
  for (const ExportedSpan* child : {upstream, prepare, verify})
    EXPECT_EQ(request->span_id, child->parent_span_id);
  EXPECT_EQ(3, upstream->kind);
  EXPECT_TRUE(upstream->attributes.contains("groundgate.upstream.ttfb_ms"));
  EXPECT_EQ(std::vector<std::string>{"first_byte"}, upstream->events);
  EXPECT_TRUE(prepare->attributes.contains("groundgate.guard.context_bytes"));
  EXPECT_EQ("{\"intValue\":\"2\"}", verify->attributes.at("groundgate.guard.sentences"));
  EXPECT_EQ("{\"intValue\":\"1\"}", verify->attributes.at("groundgate.verdicts.supported"));
  // The wrong sentence is flagged or doubtful (the band the scorer cannot settle).
  EXPECT_TRUE(verify->attributes.at("groundgate.verdicts.unsupported") == "{\"intValue\":\"1\"}" ||
              verify->attributes.at("groundgate.verdicts.doubtful") == "{\"intValue\":\"1\"}");
  // The answer's verdict, as the summary the client got says it.
  const std::size_t verdict_at = response.body.find(R"("verdict":")");
  ASSERT_NE(verdict_at, std::string::npos) << response.body;
  const std::size_t verdict_begin = verdict_at + 11;
  const std::string verdict =
      response.body.substr(verdict_begin, response.body.find('"', verdict_begin) - verdict_begin);
  EXPECT_TRUE(verdict == "hallucinated" || verdict == "grounded") << verdict;
  EXPECT_EQ("{\"stringValue\":\"" + verdict + "\"}",
            verify->attributes.at("groundgate.guard.verdict"));
}

TEST_F(TracingTest, TheUpstreamGetsTheProxysSpanAsParentAndTheClientsTraceState) {
  CollectorStub collector;
  RawUpstream upstream([](boost::asio::ip::tcp::socket& socket, const std::string&) {
    const std::string body = R"({"id":"x","object":"model","created":0,"owned_by":"me"})";
    RawUpstream::send(socket, RawUpstream::json_response(body));
  });
  start(tracing_to(collector.port()), "http://127.0.0.1:" + std::to_string(upstream.port()));
  ASSERT_EQ(200, http_request(fixture_.port(), "GET", "/v1/models/x", {},
                              {{"traceparent", kSampled}, {"tracestate", "vendor=1"}})
                     .status);
  const std::string forwarded = header_value(upstream.last_request(), "traceparent");
  EXPECT_EQ("vendor=1", header_value(upstream.last_request(), "tracestate"));
  EXPECT_EQ(1u, [&] {
    std::size_t n = 0;
    for (auto at = upstream.last_request().find("traceparent"); at != std::string::npos;
         at = upstream.last_request().find("traceparent", at + 1))
      ++n;
    return n;
  }()) << "the client's traceparent is replaced, not repeated";
  const auto spans = spans_of(requests_with(collector, fixture_.admin_port(), 2));
  const ExportedSpan* client_span = find(spans, "GET llm");
  ASSERT_NE(nullptr, client_span);
  EXPECT_EQ("00-" + std::string(kTraceId) + "-" + client_span->span_id + "-01", forwarded);
}

TEST_F(TracingTest, AnUnsampledRequestExportsNothingAndPassesItsContextOn) {
  CollectorStub collector;
  // The stub closes each connection after its answer, and says so: the second request must
  // not race that close on a pooled connection.
  RawUpstream upstream([](boost::asio::ip::tcp::socket& socket, const std::string&) {
    RawUpstream::send(socket,
                      "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}");
  });
  start(tracing_to(collector.port()), "http://127.0.0.1:" + std::to_string(upstream.port()));
  ASSERT_EQ(
      200,
      http_request(fixture_.port(), "GET", "/v1/models", {}, {{"traceparent", kUnsampled}}).status);
  EXPECT_EQ(kUnsampled, header_value(upstream.last_request(), "traceparent"));
  // A request without a context starts a trace: sampled at ratio 1, so exported.
  ASSERT_EQ(200, http_request(fixture_.port(), "GET", "/v1/models").status);
  const std::string started = header_value(upstream.last_request(), "traceparent");
  ASSERT_EQ(55u, started.size()) << started;
  EXPECT_TRUE(started.ends_with("-01"));
  // The exporter sends a batch every flush interval: the trace's spans may come in more than
  // one, and a batch may still be on its way; what came holds the started trace only.
  const auto requests = collector.requests();
  ASSERT_FALSE(requests.empty());
  std::size_t spans = 0;
  for (const std::string& request : requests) {
    for (const ExportedSpan& span : parse_spans(body_of(request))) {
      EXPECT_EQ(started.substr(3, 32), span.trace_id) << "only the started trace is exported";
      ++spans;
    }
  }
  EXPECT_GT(spans, 0u);
}

TEST_F(TracingTest, WithoutTracingTheClientsHeadersPassUnchanged) {
  RawUpstream upstream([](boost::asio::ip::tcp::socket& socket, const std::string&) {
    RawUpstream::send(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
  });
  start({}, "http://127.0.0.1:" + std::to_string(upstream.port()));
  ASSERT_EQ(200, http_request(fixture_.port(), "GET", "/v1/models", {},
                              {{"traceparent", kSampled}, {"tracestate", "vendor=1"}})
                     .status);
  EXPECT_EQ(kSampled, header_value(upstream.last_request(), "traceparent"));
  EXPECT_EQ("vendor=1", header_value(upstream.last_request(), "tracestate"));
}

TEST_F(TracingTest, ACollectorThatRefusesIsCountedAsDrops) {
  CollectorStub collector(500);
  start(tracing_to(collector.port()));
  ASSERT_EQ(200, http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest).status);
  const std::string expected = "groundgate_trace_spans_dropped_total{reason=\"export_failed\"} 4";
  const std::string metrics = metrics_with(fixture_.admin_port(), expected);
  EXPECT_NE(metrics.find(expected), std::string::npos) << metrics;
}

}  // namespace
}  // namespace groundgate::testing
