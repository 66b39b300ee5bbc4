#pragma once

#include "proxy/observability/counter.h"
#include "proxy/observability/metric_family.h"

namespace groundgate::proxy::observability {

class CounterFamily final : public MetricFamily<Counter> {
 public:
  // Made by MetricsRegistry, which validates the names.
  CounterFamily(std::string name, std::string help, std::vector<std::string> label_names,
                std::size_t max_children, Counter* overflow_count);

 protected:
  std::unique_ptr<Counter> make_child() const override;
  void write_child(std::string& out, std::span<const std::string> label_values,
                   const Counter& child) const override;
};

}  // namespace groundgate::proxy::observability
