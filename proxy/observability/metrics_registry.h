#pragma once
// Prometheus metrics without an external library: counter, gauge and histogram families,
// exposed in the text format 0.0.4. Thread-safe. Registration happens at start-up with names
// written in our own code, so a bad name is a programming error and throws
// std::invalid_argument; nothing after registration throws.

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "proxy/observability/counter_family.h"
#include "proxy/observability/gauge_family.h"
#include "proxy/observability/histogram_family.h"

namespace groundgate::proxy::observability {

class MetricsRegistry {
 public:
  static constexpr std::size_t kDefaultMaxChildren = 500;
  // Counts, per family, the label sets that went to the overflow child.
  static constexpr const char* kOverflowMetricName = "groundgate_metric_label_overflow_total";

  MetricsRegistry();
  MetricsRegistry(const MetricsRegistry&) = delete;
  MetricsRegistry& operator=(const MetricsRegistry&) = delete;

  // A family without labels gets its single child at once, so it is exposed (at 0) from
  // the first scrape.
  CounterFamily& counter(std::string name, std::string help,
                         std::vector<std::string> label_names = {},
                         std::size_t max_children = kDefaultMaxChildren);
  GaugeFamily& gauge(std::string name, std::string help, std::vector<std::string> label_names = {},
                     std::size_t max_children = kDefaultMaxChildren);
  // `bounds` strictly increasing and finite; a trailing +Inf is implied and may be omitted.
  HistogramFamily& histogram(std::string name, std::string help,
                             std::vector<std::string> label_names, std::vector<double> bounds,
                             std::size_t max_children = kDefaultMaxChildren);

  // The whole registry in the text exposition format, families in registration order,
  // children by label values, the overflow family last.
  std::string expose() const;

 private:
  // Throws std::invalid_argument with the reason.
  void check_new(const std::string& name, const std::vector<std::string>& label_names,
                 std::size_t max_children) const;
  Counter* overflow_counter_for(const std::string& name, const std::vector<std::string>& labels);
  template <typename Family>
  Family& add(std::unique_ptr<Family> family);

  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<MetricFamilyBase>> families_;
  std::unique_ptr<CounterFamily> overflow_;
};

}  // namespace groundgate::proxy::observability
