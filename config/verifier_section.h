#pragma once
// A policy's verification keys: `verifiers`, `hold` and `semantic_pieces`.

#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// Names of verification engines, each known and listed once.
std::vector<std::string> read_verifiers(const YamlField& field, ErrorSink& errors);
// "stream_first"; the other hold mode needs inline actions and is refused for now.
std::optional<std::string> read_hold(const YamlField& field, ErrorSink& errors);
SemanticPiecesConfig read_semantic_pieces(const YamlField& field, ErrorSink& errors);

}  // namespace groundgate::config
