#pragma once

#include "proxy/observability/gauge.h"
#include "proxy/observability/metric_family.h"

namespace groundgate::proxy::observability {

class GaugeFamily final : public MetricFamily<Gauge> {
 public:
  // Made by MetricsRegistry, which validates the names.
  GaugeFamily(std::string name, std::string help, std::vector<std::string> label_names,
              std::size_t max_children, Counter* overflow_count);

 protected:
  std::unique_ptr<Gauge> make_child() const override;
  void write_child(std::string& out, std::span<const std::string> label_values,
                   const Gauge& child) const override;
};

}  // namespace groundgate::proxy::observability
