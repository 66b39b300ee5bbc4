#pragma once
// A policy's verification keys: `verifiers`, `hold`, `semantic_pieces`, `triplets`, `combine`,
// `scorer` (`judge`: judge_section.h).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// Names of verification engines, each known and listed once.
std::vector<std::string> read_verifiers(const YamlField& field, ErrorSink& errors);
// "stream_first" or "sentence".
std::optional<HoldMode> read_hold(const YamlField& field, ErrorSink& errors);
SemanticPiecesConfig read_semantic_pieces(const YamlField& field, ErrorSink& errors);
TripletsConfig read_triplets(const YamlField& field, ErrorSink& errors);
CombineConfig read_combine(const YamlField& field, ErrorSink& errors);
// `model: builtin | off | PATH` (a file that exists) and the three thresholds in [0, 1].
ScorerConfig read_scorer(const YamlField& field, std::string_view base_dir, ErrorSink& errors);

}  // namespace groundgate::config
