#pragma once
// The `tracing:` section: the OTLP/HTTP collector, sampling and the exporter's bounds.

#include <string_view>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// `base_dir` resolves a relative tls.ca_file.
TracingConfig read_tracing(const YamlField& field, std::string_view base_dir, ErrorSink& errors);

}  // namespace groundgate::config
