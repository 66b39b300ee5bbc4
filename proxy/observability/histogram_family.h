#pragma once

#include "proxy/observability/histogram.h"
#include "proxy/observability/metric_family.h"

namespace groundgate::proxy::observability {

class HistogramFamily final : public MetricFamily<Histogram> {
 public:
  // Made by MetricsRegistry, which validates the names and that `bounds` is strictly
  // increasing and finite.
  HistogramFamily(std::string name, std::string help, std::vector<std::string> label_names,
                  std::vector<double> bounds, std::size_t max_children, Counter* overflow_count);

  const std::vector<double>& bounds() const { return bounds_; }

 protected:
  std::unique_ptr<Histogram> make_child() const override;
  void write_child(std::string& out, std::span<const std::string> label_values,
                   const Histogram& child) const override;

 private:
  std::vector<double> bounds_;
  std::vector<std::string> bound_labels_;  // `le` values, formatted once
};

}  // namespace groundgate::proxy::observability
