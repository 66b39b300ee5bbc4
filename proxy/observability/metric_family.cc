#include "proxy/observability/metric_family.h"

#include "proxy/observability/exposition_text.h"

namespace groundgate::proxy::observability {

void MetricFamilyBase::write_text(std::string& out) const {
  out += "# HELP ";
  out += name_;
  out += ' ';
  append_help_text(out, help_);
  out += "\n# TYPE ";
  out += name_;
  out += ' ';
  out += type_;
  out += '\n';
  write_samples(out);
}

}  // namespace groundgate::proxy::observability
