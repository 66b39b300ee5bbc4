#pragma once
// A policy's inline-action keys: `actions` (label → pass | annotate | block | rewrite),
// `rewrite` (notice, caveat, fallback) and `answer` (the answer-level threshold).

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// Each label's action: a word (`pass`, `annotate`, `block`, `rewrite` = rewrite: correct) or a
// mapping `{rewrite: correct | drop | replace | cite}`.
ActionsConfig read_actions(const YamlField& field, ErrorSink& errors);
RewriteConfig read_rewrite(const YamlField& field, ErrorSink& errors);
AnswerThresholdConfig read_answer_threshold(const YamlField& field, ErrorSink& errors);

// Whether any label's action (or the answer threshold) changes text: block or rewrite.
bool changes_text(const PolicyConfig& policy);

}  // namespace groundgate::config
