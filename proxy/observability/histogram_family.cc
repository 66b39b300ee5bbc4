#include "proxy/observability/histogram_family.h"

#include "proxy/observability/exposition_text.h"

namespace groundgate::proxy::observability {
namespace {

void append_sample(std::string& out, std::string_view name, std::string_view suffix,
                   std::span<const std::string> label_names,
                   std::span<const std::string> label_values, std::string_view le) {
  out += name;
  out += suffix;
  append_labels(out, label_names, label_values, le.empty() ? "" : "le", le);
  out += ' ';
}

}  // namespace

HistogramFamily::HistogramFamily(std::string name, std::string help,
                                 std::vector<std::string> label_names, std::vector<double> bounds,
                                 std::size_t max_children, Counter* overflow_count)
    : MetricFamily(std::move(name), std::move(help), "histogram", std::move(label_names),
                   max_children, overflow_count),
      bounds_(std::move(bounds)) {
  for (double b : bounds_) {
    std::string le;
    append_number(le, b);
    bound_labels_.push_back(std::move(le));
  }
  bound_labels_.emplace_back("+Inf");
}

std::unique_ptr<Histogram> HistogramFamily::make_child() const {
  return std::make_unique<Histogram>(bounds_);
}

void HistogramFamily::write_child(std::string& out, std::span<const std::string> label_values,
                                  const Histogram& child) const {
  const Histogram::Snapshot s = child.snapshot();
  for (std::size_t i = 0; i < s.cumulative.size(); ++i) {
    append_sample(out, name(), "_bucket", label_names(), label_values, bound_labels_[i]);
    append_number(out, s.cumulative[i]);
    out += '\n';
  }
  append_sample(out, name(), "_sum", label_names(), label_values, {});
  append_number(out, s.sum);
  out += '\n';
  append_sample(out, name(), "_count", label_names(), label_values, {});
  append_number(out, s.count);
  out += '\n';
}

}  // namespace groundgate::proxy::observability
