#pragma once
// The `policies:` section: name → {redact, verifiers, context, hold, semantic_pieces}.

#include <vector>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// A policy with no filters (`name: {}` or `name:`) is valid: it forwards unchanged.
std::vector<PolicyConfig> read_policies(const YamlField& field, ErrorSink& errors);

}  // namespace groundgate::config
