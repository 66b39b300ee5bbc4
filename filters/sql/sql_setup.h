#pragma once
// A policy's `sql:` section compiled for the engine: the checker's settings, and the schema the
// policy fixes (its schema file, or its database's tables), loaded once per config snapshot
// and shared by the policy's streams. The same for the proxy's guard and the command line.

#include <memory>
#include <string>

#include "config/config.h"
#include "filters/sql/schema_database.h"
#include "filters/sql/sql_checker.h"

namespace groundgate::filters::sql {

struct SqlSetup {
  std::shared_ptr<const SqlCheckerConfig> checker;  // null when `error` is set
  // The policy's own schema; null: each request's schema is used.
  std::shared_ptr<const SchemaDatabase> schema;
  std::string error;  // what could not be loaded (the file, the database)
};

SqlSetup compile_sql(const config::SqlConfig& config);

Dialect dialect_of(config::SqlConfig::Dialect dialect);

}  // namespace groundgate::filters::sql
