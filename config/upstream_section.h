#pragma once
// The `upstreams:` section: name → {url, timeouts, tls, pool}.

#include <string_view>
#include <vector>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// `base_dir` resolves relative ca_file paths.
std::vector<UpstreamConfig> read_upstreams(const YamlField& field, std::string_view base_dir,
                                           ErrorSink& errors);

}  // namespace groundgate::config
