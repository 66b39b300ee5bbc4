#include "proxy/observability/metrics_registry.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace groundgate::proxy::observability {
namespace {

TEST(MetricsRegistryTest, ExpositionMatchesGoldenText) {
  MetricsRegistry r;
  CounterFamily& requests = r.counter("test_requests_total", "Requests.", {"route", "status"});
  GaugeFamily& in_flight = r.gauge("test_in_flight", "In flight.");
  HistogramFamily& latency =
      r.histogram("test_latency_seconds", "Latency.", {"route"}, {1e-06, 0.25, 1, 10});

  requests.with({"b", "200"}).inc(3);
  requests.with({"a", "500"}).inc();
  in_flight.with({}).inc(2);
  in_flight.with({}).dec();
  Histogram& a = latency.with({"a"});
  a.observe(0.25);
  a.observe(5);
  a.observe(100);

  EXPECT_EQ(r.expose(),
            "# HELP test_requests_total Requests.\n"
            "# TYPE test_requests_total counter\n"
            "test_requests_total{route=\"a\",status=\"500\"} 1\n"
            "test_requests_total{route=\"b\",status=\"200\"} 3\n"
            "# HELP test_in_flight In flight.\n"
            "# TYPE test_in_flight gauge\n"
            "test_in_flight 1\n"
            "# HELP test_latency_seconds Latency.\n"
            "# TYPE test_latency_seconds histogram\n"
            "test_latency_seconds_bucket{route=\"a\",le=\"1e-06\"} 0\n"
            "test_latency_seconds_bucket{route=\"a\",le=\"0.25\"} 1\n"
            "test_latency_seconds_bucket{route=\"a\",le=\"1\"} 1\n"
            "test_latency_seconds_bucket{route=\"a\",le=\"10\"} 2\n"
            "test_latency_seconds_bucket{route=\"a\",le=\"+Inf\"} 3\n"
            "test_latency_seconds_sum{route=\"a\"} 105.25\n"
            "test_latency_seconds_count{route=\"a\"} 3\n"
            "# HELP groundgate_metric_label_overflow_total Lookups of a new label set that found "
            "its family full and used the _overflow child.\n"
            "# TYPE groundgate_metric_label_overflow_total counter\n"
            "groundgate_metric_label_overflow_total{family=\"test_latency_seconds\"} 0\n"
            "groundgate_metric_label_overflow_total{family=\"test_requests_total\"} 0\n");
}

TEST(MetricsRegistryTest, UnlabeledFamiliesAreExposedAtZeroBeforeUse) {
  MetricsRegistry r;
  r.counter("c_total", "C.");
  r.histogram("h_seconds", "H.", {}, {1});
  EXPECT_EQ(r.expose(),
            "# HELP c_total C.\n"
            "# TYPE c_total counter\n"
            "c_total 0\n"
            "# HELP h_seconds H.\n"
            "# TYPE h_seconds histogram\n"
            "h_seconds_bucket{le=\"1\"} 0\n"
            "h_seconds_bucket{le=\"+Inf\"} 0\n"
            "h_seconds_sum 0\n"
            "h_seconds_count 0\n"
            "# HELP groundgate_metric_label_overflow_total Lookups of a new label set that found "
            "its family full and used the _overflow child.\n"
            "# TYPE groundgate_metric_label_overflow_total counter\n");
}

TEST(MetricsRegistryTest, EscapesLabelValuesAndHelp) {
  MetricsRegistry r;
  CounterFamily& c = r.counter("esc_total", "Back\\slash and\nnewline \"kept\".", {"v"});
  c.with({"a\\b\"c\nd"}).inc();
  const std::string text = r.expose();
  EXPECT_NE(text.find("# HELP esc_total Back\\\\slash and\\nnewline \"kept\".\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("esc_total{v=\"a\\\\b\\\"c\\nd\"} 1\n"), std::string::npos) << text;
}

TEST(MetricsRegistryTest, GaugeFormatsSpecialValues) {
  MetricsRegistry r;
  GaugeFamily& g = r.gauge("g", "G.", {"k"});
  g.with({"half"}).set(0.5);
  g.with({"neg"}).set(-3);
  g.with({"nan"}).set(std::numeric_limits<double>::quiet_NaN());
  g.with({"pinf"}).set(std::numeric_limits<double>::infinity());
  g.with({"ninf"}).set(-std::numeric_limits<double>::infinity());
  const std::string text = r.expose();
  EXPECT_NE(text.find("g{k=\"half\"} 0.5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("g{k=\"neg\"} -3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("g{k=\"nan\"} NaN\n"), std::string::npos) << text;
  EXPECT_NE(text.find("g{k=\"pinf\"} +Inf\n"), std::string::npos) << text;
  EXPECT_NE(text.find("g{k=\"ninf\"} -Inf\n"), std::string::npos) << text;
}

TEST(MetricsRegistryTest, HistogramPlacesValuesInTheFirstBucketTheyFit) {
  MetricsRegistry r;
  HistogramFamily& f = r.histogram("h", "H.", {}, {0.1, 0.5, 1});
  Histogram& h = f.with({});
  h.observe(-2);                                        // below every bound: first bucket
  h.observe(0.1);                                       // on a bound: that bucket (le is <=)
  h.observe(0.11);                                      // just above: the next
  h.observe(1);                                         // the last finite bound
  h.observe(7);                                         // +Inf only
  h.observe(std::numeric_limits<double>::quiet_NaN());  // ignored
  const Histogram::Snapshot s = h.snapshot();
  EXPECT_EQ(s.cumulative, (std::vector<std::uint64_t>{2, 3, 4, 5}));
  EXPECT_EQ(s.count, 5u);
  EXPECT_DOUBLE_EQ(s.sum, -2 + 0.1 + 0.11 + 1 + 7);
}

TEST(MetricsRegistryTest, TrailingInfBoundIsImplied) {
  MetricsRegistry r;
  HistogramFamily& f = r.histogram("h", "H.", {}, {1, 2, std::numeric_limits<double>::infinity()});
  EXPECT_EQ(f.bounds(), (std::vector<double>{1, 2}));
  f.with({}).observe(5);
  EXPECT_NE(r.expose().find("h_bucket{le=\"+Inf\"} 1\n"), std::string::npos);
}

TEST(MetricsRegistryTest, WithReturnsTheSameChildForTheSameLabels) {
  MetricsRegistry r;
  CounterFamily& c = r.counter("c_total", "C.", {"a", "b"});
  Counter& first = c.with({"x", "y"});
  const std::string x = "x";
  const std::string y = "y";
  EXPECT_EQ(&first, &c.with({x, y}));
  EXPECT_NE(&first, &c.with({"x", "z"}));
  EXPECT_NE(&first, &c.with({"xy", ""}));  // no ambiguity from joining values
  EXPECT_EQ(c.size(), 3u);
}

TEST(MetricsRegistryTest, NewLabelSetsPastTheLimitShareTheOverflowChild) {
  MetricsRegistry r;
  CounterFamily& c = r.counter("limited_total", "L.", {"user"}, 2);
  c.with({"a"}).inc();
  c.with({"b"}).inc();
  Counter& over1 = c.with({"c"});
  Counter& over2 = c.with({"d"});
  EXPECT_EQ(&over1, &over2);
  over1.inc();
  over2.inc();
  EXPECT_EQ(&c.with({"a"}), &c.with({"a"}));  // existing children still resolve
  EXPECT_EQ(c.size(), 2u);

  const std::string text = r.expose();
  EXPECT_NE(text.find("limited_total{user=\"_overflow\"} 2\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("user=\"c\""), std::string::npos) << text;
  EXPECT_NE(text.find("groundgate_metric_label_overflow_total{family=\"limited_total\"} 2\n"),
            std::string::npos)
      << text;
}

TEST(MetricsRegistryTest, WrongArityAndOverlongValuesGoToOverflow) {
  MetricsRegistry r;
  CounterFamily& c = r.counter("c_total", "C.", {"a", "b"});
  Counter& overflow = c.with({"only-one"});
  EXPECT_EQ(&overflow, &c.with({"1", "2", "3"}));
  EXPECT_EQ(&overflow, &c.with({std::string(kMaxLabelValueBytes + 1, 'x'), "b"}));
  EXPECT_NE(&overflow, &c.with({std::string(kMaxLabelValueBytes, 'x'), "b"}));
  EXPECT_NE(r.expose().find("c_total{a=\"_overflow\",b=\"_overflow\"} 0\n"), std::string::npos);
}

TEST(MetricsRegistryTest, RejectsBadRegistrations) {
  MetricsRegistry r;
  r.counter("dup_total", "D.");
  r.histogram("lat", "L.", {}, {1});
  EXPECT_THROW(r.counter("dup_total", "again"), std::invalid_argument);
  EXPECT_THROW(r.gauge("lat_count", "clashes with the histogram's series"), std::invalid_argument);
  EXPECT_THROW(r.counter("1starts_with_digit", "x"), std::invalid_argument);
  EXPECT_THROW(r.counter("has-dash", "x"), std::invalid_argument);
  EXPECT_THROW(r.counter("", "x"), std::invalid_argument);
  EXPECT_THROW(r.counter(MetricsRegistry::kOverflowMetricName, "x"), std::invalid_argument);
  EXPECT_THROW(r.counter("ok_total", "x", {"bad-label"}), std::invalid_argument);
  EXPECT_THROW(r.counter("ok_total", "x", {"__reserved"}), std::invalid_argument);
  EXPECT_THROW(r.counter("ok_total", "x", {"a", "a"}), std::invalid_argument);
  EXPECT_THROW(r.counter("ok_total", "x", {"a"}, 0), std::invalid_argument);
  EXPECT_THROW(r.histogram("h1", "x", {"le"}, {1}), std::invalid_argument);
  EXPECT_THROW(r.histogram("h2", "x", {}, {1, 1}), std::invalid_argument);
  EXPECT_THROW(r.histogram("h3", "x", {}, {2, 1}), std::invalid_argument);
  EXPECT_THROW(r.histogram("h4", "x", {}, {std::nan("")}), std::invalid_argument);
  // Failed registrations leave no trace.
  r.counter("ok_total", "x", {"a"});
}

TEST(MetricsRegistryTest, ConcurrentUpdatesAddUp) {
  MetricsRegistry r;
  CounterFamily& counters = r.counter("c_total", "C.", {"k"});
  GaugeFamily& gauges = r.gauge("g", "G.");
  HistogramFamily& histograms = r.histogram("h", "H.", {"k"}, {0.5});
  Counter& shared = counters.with({"shared"});

  constexpr int kThreads = 8;
  constexpr int kIterations = 20'000;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      Counter& mine = counters.with({"t" + std::to_string(t)});
      for (int i = 0; i < kIterations; ++i) {
        shared.inc();
        mine.inc(2);
        // Lookups and child creation race with the increments and with scrapes.
        counters.with({"k" + std::to_string(i % 50)}).inc();
        gauges.with({}).inc();
        gauges.with({}).dec(0.5);
        histograms.with({i % 2 == 0 ? "even" : "odd"}).observe(i % 4 == 0 ? 0.25 : 1);
        if (i % 5000 == 0) (void)r.expose();
      }
    });
  }
  for (auto& th : threads)
    th.join();

  EXPECT_EQ(shared.value(), std::uint64_t{kThreads} * kIterations);
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(counters.with({"t" + std::to_string(t)}).value(), 2u * kIterations);
  }
  std::uint64_t spread = 0;
  for (int k = 0; k < 50; ++k)
    spread += counters.with({"k" + std::to_string(k)}).value();
  EXPECT_EQ(spread, std::uint64_t{kThreads} * kIterations);
  EXPECT_DOUBLE_EQ(gauges.with({}).value(), kThreads * kIterations * 0.5);

  const Histogram::Snapshot even = histograms.with({"even"}).snapshot();
  const Histogram::Snapshot odd = histograms.with({"odd"}).snapshot();
  EXPECT_EQ(even.count + odd.count, std::uint64_t{kThreads} * kIterations);
  EXPECT_EQ(even.cumulative[0], std::uint64_t{kThreads} * kIterations / 4);
  EXPECT_EQ(odd.cumulative[0], 0u);
  EXPECT_DOUBLE_EQ(odd.sum, kThreads * kIterations / 2.0);
}

}  // namespace
}  // namespace groundgate::proxy::observability
