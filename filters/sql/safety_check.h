#pragma once
// Check 2, safety: what the authorizer saw while each statement was prepared. Anything but
// reading tables of the schema and calling allowed functions is an `unsafe` finding: writes,
// DDL, ATTACH, PRAGMA, transactions, SQLite's own tables, functions outside the allow-list.
// A statement that did not prepare (no schema) is judged by its leading keyword instead.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/schema_database.h"
#include "filters/sql/sql_lexer.h"
#include "filters/sql/sql_verdict.h"

namespace groundgate::filters::sql {

// Pure, read-only functions SQLite ships: aggregates, windows, scalars, dates, JSON, math.
// Not: load_extension, fts3_tokenizer, sqlite_* introspection, changes(), randomblob/zeroblob.
std::span<const std::string_view> default_allowed_functions();

struct SafetyInput {
  std::string_view sql;
  std::span<const Token> tokens;
  std::span<const PreparedStatement> statements;
  // Lower-case names: the default allow-list plus the policy's own.
  std::span<const std::string> allowed_functions;
};

// Appends `unsafe` findings and the tables and columns read; sets the safety check's state.
void check_safety(const SafetyInput& input, SqlVerdict& verdict);

// The default allow-list plus `extra`, lower-cased, sorted and unique.
std::vector<std::string> allowed_functions(std::span<const std::string> extra);

}  // namespace groundgate::filters::sql
