#pragma once
// A policy's `sql:` section: where queries are found (fenced blocks, the whole answer, named
// tool arguments), where the schema comes from (the request, a schema file, a read-only
// SQLite database), the dialect, the checks and their bounds, and the action on unsafe SQL.

#include <span>
#include <string_view>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// `base_dir`: where relative schema_file and database paths start (the config's directory).
SqlConfig read_sql(const YamlField& field, std::string_view base_dir, ErrorSink& errors);

// The finding codes `sql.intent.enforce` and `sql.intent.annotate_only` may name: the SQL
// engine's intent kinds (filters/sql/intent_kinds.h; a test keeps the two lists equal).
std::span<const std::string_view> known_sql_intent_kinds();

}  // namespace groundgate::config
