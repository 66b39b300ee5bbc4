#include "proxy/observability/metrics_registry.h"

#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

#include "proxy/observability/exposition_text.h"

namespace groundgate::proxy::observability {
namespace {

// Suffixes a histogram writes, and names the exposition format reserves.
bool collides(const std::string& a, const std::string& b) {
  if (a == b) return true;
  for (const char* suffix : {"_bucket", "_sum", "_count"}) {
    if (a + suffix == b || b + suffix == a) return true;
  }
  return false;
}

}  // namespace

MetricsRegistry::MetricsRegistry()
    : overflow_(std::make_unique<CounterFamily>(
          kOverflowMetricName,
          "Lookups of a new label set that found its family full and used the _overflow child.",
          std::vector<std::string>{"family"}, std::numeric_limits<std::size_t>::max(), nullptr)) {}

void MetricsRegistry::check_new(const std::string& name,
                                const std::vector<std::string>& label_names,
                                std::size_t max_children) const {
  if (!is_valid_metric_name(name)) throw std::invalid_argument("invalid metric name: " + name);
  if (collides(name, kOverflowMetricName)) {
    throw std::invalid_argument("metric name reserved: " + name);
  }
  for (const auto& family : families_) {
    if (collides(name, family->name())) {
      throw std::invalid_argument("metric " + name + " collides with " + family->name());
    }
  }
  std::set<std::string> seen;
  for (const auto& label : label_names) {
    if (!is_valid_label_name(label) || label.starts_with("__")) {
      throw std::invalid_argument("metric " + name + ": invalid label name: " + label);
    }
    if (!seen.insert(label).second) {
      throw std::invalid_argument("metric " + name + ": duplicate label name: " + label);
    }
  }
  if (max_children == 0) throw std::invalid_argument("metric " + name + ": max_children is 0");
}

Counter* MetricsRegistry::overflow_counter_for(const std::string& name,
                                               const std::vector<std::string>& labels) {
  // A family without labels has one child and can never overflow.
  if (labels.empty()) return nullptr;
  return &overflow_->with({name});
}

template <typename Family>
Family& MetricsRegistry::add(std::unique_ptr<Family> family) {
  Family& ref = *family;
  if (ref.label_names().empty()) ref.with({});
  families_.push_back(std::move(family));
  return ref;
}

CounterFamily& MetricsRegistry::counter(std::string name, std::string help,
                                        std::vector<std::string> label_names,
                                        std::size_t max_children) {
  std::lock_guard lock(mutex_);
  check_new(name, label_names, max_children);
  Counter* overflow = overflow_counter_for(name, label_names);
  return add(std::make_unique<CounterFamily>(std::move(name), std::move(help),
                                             std::move(label_names), max_children, overflow));
}

GaugeFamily& MetricsRegistry::gauge(std::string name, std::string help,
                                    std::vector<std::string> label_names,
                                    std::size_t max_children) {
  std::lock_guard lock(mutex_);
  check_new(name, label_names, max_children);
  Counter* overflow = overflow_counter_for(name, label_names);
  return add(std::make_unique<GaugeFamily>(std::move(name), std::move(help), std::move(label_names),
                                           max_children, overflow));
}

HistogramFamily& MetricsRegistry::histogram(std::string name, std::string help,
                                            std::vector<std::string> label_names,
                                            std::vector<double> bounds, std::size_t max_children) {
  std::lock_guard lock(mutex_);
  check_new(name, label_names, max_children);
  for (const auto& label : label_names) {
    if (label == "le") throw std::invalid_argument("histogram " + name + ": label le is reserved");
  }
  if (!bounds.empty() && std::isinf(bounds.back()) && bounds.back() > 0) bounds.pop_back();
  for (std::size_t i = 0; i < bounds.size(); ++i) {
    if (!std::isfinite(bounds[i]) || (i > 0 && !(bounds[i - 1] < bounds[i]))) {
      throw std::invalid_argument("histogram " + name +
                                  ": bounds must be finite and strictly increasing");
    }
  }
  Counter* overflow = overflow_counter_for(name, label_names);
  return add(std::make_unique<HistogramFamily>(std::move(name), std::move(help),
                                               std::move(label_names), std::move(bounds),
                                               max_children, overflow));
}

std::string MetricsRegistry::expose() const {
  std::string out;
  std::lock_guard lock(mutex_);
  for (const auto& family : families_)
    family->write_text(out);
  overflow_->write_text(out);
  return out;
}

}  // namespace groundgate::proxy::observability
