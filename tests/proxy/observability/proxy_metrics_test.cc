#include "proxy/observability/proxy_metrics.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>

namespace groundgate::proxy::observability {
namespace {

bool contains(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

TEST(ProxyMetricsTest, RegistersEveryFamilyWithItsType) {
  MetricsRegistry r;
  ProxyMetrics m(r);
  const std::string text = r.expose();
  for (const char* line : {
           "# TYPE groundgate_requests_total counter\n",
           "# TYPE groundgate_streams_in_flight gauge\n",
           "# TYPE groundgate_connections_open gauge\n",
           "# TYPE groundgate_upstream_ttfb_seconds histogram\n",
           "# TYPE groundgate_added_latency_seconds histogram\n",
           "# TYPE groundgate_request_duration_seconds histogram\n",
           "# TYPE groundgate_bytes_total counter\n",
           "# TYPE groundgate_errors_total counter\n",
           "# TYPE groundgate_request_body_not_json_total counter\n",
           "# TYPE groundgate_config_reloads_total counter\n",
           "# TYPE groundgate_filter_actions_total counter\n",
       }) {
    EXPECT_TRUE(contains(text, line)) << line;
  }
}

TEST(ProxyMetricsTest, KnownLabelValuesStartAtZero) {
  MetricsRegistry r;
  ProxyMetrics m(r);
  const std::string text = r.expose();
  EXPECT_TRUE(contains(text, "groundgate_streams_in_flight 0\n"));
  EXPECT_TRUE(contains(text, "groundgate_connections_open 0\n"));
  for (const char* d : {"client_in", "client_out", "upstream_in", "upstream_out"}) {
    EXPECT_TRUE(contains(text, std::string("groundgate_bytes_total{direction=\"") + d + "\"} 0\n"))
        << d;
  }
  for (ErrorKind kind : kAllErrorKinds) {
    const std::string line =
        "groundgate_errors_total{kind=\"" + std::string(error_kind_name(kind)) + "\"} 0\n";
    EXPECT_TRUE(contains(text, line)) << line;
  }
  EXPECT_TRUE(contains(text, "groundgate_config_reloads_total{result=\"ok\"} 0\n"));
  EXPECT_TRUE(contains(text, "groundgate_config_reloads_total{result=\"error\"} 0\n"));
}

TEST(ProxyMetricsTest, AddedLatencyBucketsSpanOneMicrosecondToOneHundredMilliseconds) {
  MetricsRegistry r;
  ProxyMetrics m(r);
  const std::vector<double>& b = m.added_latency_seconds.bounds();
  ASSERT_FALSE(b.empty());
  EXPECT_DOUBLE_EQ(b.front(), 1e-6);
  EXPECT_DOUBLE_EQ(b.back(), 0.1);
  m.added_latency_seconds.with({}).observe(3e-6);
  const std::string text = r.expose();
  EXPECT_TRUE(contains(text, "groundgate_added_latency_seconds_bucket{le=\"2.5e-06\"} 0\n"));
  EXPECT_TRUE(contains(text, "groundgate_added_latency_seconds_bucket{le=\"5e-06\"} 1\n"));
}

TEST(ProxyMetricsTest, LabeledFamiliesTakeTheirLabels) {
  MetricsRegistry r;
  ProxyMetrics m(r);
  m.requests_total.with({"chat", "200"}).inc();
  m.filter_actions_total.with({"chat", "redact", "rewrite"}).inc(2);
  m.upstream_ttfb_seconds.with({"chat"}).observe(0.3);
  m.errors_total.with({error_kind_name(ErrorKind::kUpstreamClosedEarly)}).inc();
  const std::string text = r.expose();
  EXPECT_TRUE(contains(text, "groundgate_requests_total{route=\"chat\",status=\"200\"} 1\n"));
  EXPECT_TRUE(contains(
      text,
      "groundgate_filter_actions_total{route=\"chat\",filter=\"redact\",action=\"rewrite\"} 2\n"));
  EXPECT_TRUE(
      contains(text, "groundgate_upstream_ttfb_seconds_bucket{route=\"chat\",le=\"0.5\"} 1\n"));
  EXPECT_TRUE(contains(text, "groundgate_errors_total{kind=\"upstream_closed_early\"} 1\n"));
}

TEST(ProxyMetricsTest, SecondSetOnTheSameRegistryIsRejected) {
  MetricsRegistry r;
  ProxyMetrics m(r);
  EXPECT_THROW(ProxyMetrics again(r), std::invalid_argument);
}

}  // namespace
}  // namespace groundgate::proxy::observability

namespace groundgate::proxy::observability {
namespace {

// Every metric the Grafana dashboard queries is one groundgate exports (a renamed metric would
// leave a panel empty without an error).
TEST(ProxyMetricsTest, TheGrafanaDashboardQueriesExportedMetrics) {
  std::ifstream in(GG_DASHBOARD);
  std::stringstream text;
  text << in.rdbuf();
  const std::string dashboard = text.str();
  ASSERT_FALSE(dashboard.empty()) << GG_DASHBOARD;
  MetricsRegistry r;
  ProxyMetrics m(r);
  const std::string exposed = r.expose();
  const std::regex metric("groundgate_[a-z_]+");
  int found = 0;
  for (auto it = std::sregex_iterator(dashboard.begin(), dashboard.end(), metric);
       it != std::sregex_iterator(); ++it) {
    std::string name = it->str();
    for (const char* suffix : {"_bucket", "_sum", "_count"}) {
      if (name.ends_with(suffix) && !contains(exposed, "# TYPE " + name + " ")) {
        name.resize(name.size() - std::string_view(suffix).size());
      }
    }
    EXPECT_TRUE(contains(exposed, "# TYPE " + name + " ")) << name;
    ++found;
  }
  EXPECT_GE(found, 15);
}

}  // namespace
}  // namespace groundgate::proxy::observability
