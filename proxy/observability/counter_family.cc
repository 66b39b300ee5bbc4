#include "proxy/observability/counter_family.h"

#include "proxy/observability/exposition_text.h"

namespace groundgate::proxy::observability {

CounterFamily::CounterFamily(std::string name, std::string help,
                             std::vector<std::string> label_names, std::size_t max_children,
                             Counter* overflow_count)
    : MetricFamily(std::move(name), std::move(help), "counter", std::move(label_names),
                   max_children, overflow_count) {}

std::unique_ptr<Counter> CounterFamily::make_child() const {
  return std::make_unique<Counter>();
}

void CounterFamily::write_child(std::string& out, std::span<const std::string> label_values,
                                const Counter& child) const {
  out += name();
  append_labels(out, label_names(), label_values);
  out += ' ';
  append_number(out, child.value());
  out += '\n';
}

}  // namespace groundgate::proxy::observability
