#pragma once
// The `policies:` section: name → {redact, verifiers, context, hold, semantic_pieces}.

#include <string_view>
#include <vector>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// A policy with no filters (`name: {}` or `name:`) is valid: it forwards unchanged.
// `base_dir`: the config file's directory, against which relative file paths (scorer.model,
// sql.schema_file, sql.database) are resolved.
std::vector<PolicyConfig> read_policies(const YamlField& field, std::string_view base_dir,
                                        ErrorSink& errors);

}  // namespace groundgate::config
