#include "filters/sql/sql_setup.h"

#include <fstream>
#include <sstream>

#include "filters/sql/request_schema.h"
#include "filters/sql/safety_check.h"
#include "filters/text/lexicon.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::size_t kMaxSchemaFileBytes = 16u << 20;

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text(kMaxSchemaFileBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

}  // namespace

Dialect dialect_of(config::SqlConfig::Dialect dialect) {
  switch (dialect) {
    case config::SqlConfig::Dialect::kSqlite:
      return Dialect::kSqlite;
    case config::SqlConfig::Dialect::kPostgresql:
      return Dialect::kPostgresql;
    case config::SqlConfig::Dialect::kMysql:
      return Dialect::kMysql;
  }
  return Dialect::kSqlite;
}

SqlSetup compile_sql(const config::SqlConfig& c) {
  SqlSetup out;
  auto checker = std::make_shared<SqlCheckerConfig>();
  checker->dialect = dialect_of(c.dialect);
  checker->allowed_functions = allowed_functions(c.allow_functions);
  checker->linking = c.linking;
  checker->intent = c.intent;
  checker->intent_enforce = c.intent_enforce;
  checker->intent_annotate_only = c.intent_annotate_only;
  checker->execution = c.execution;
  checker->empty_result_is_finding = c.empty_result;
  checker->execution_limits.time = c.execution_timeout;
  checker->execution_limits.max_rows = c.max_rows;
  checker->execution_limits.max_memory = c.execution_max_memory;
  // Every run on the database has the memory cap: the content and intent checks' probes too.
  checker->probe_limits.max_memory = c.execution_max_memory;
  checker->max_sql_bytes = c.max_query_bytes;
  // The process's WordNet (the engines load the same one); without it, suggestions go by
  // spelling alone.
  checker->lexicon = text::Lexicon::shared().lexicon;
  if (!c.database.empty()) {
    std::string error;
    std::shared_ptr<SampleDatabase> database = SampleDatabase::open(c.database, error);
    if (!database) {
      out.error = error;
      return out;
    }
    out.schema = SchemaDatabase::build(database->schema_statements());
    checker->database = std::move(database);
  }
  if (!c.schema_file.empty()) {
    const std::optional<std::string> text = read_file(c.schema_file);
    if (!text || text->size() > kMaxSchemaFileBytes) {
      out.error = c.schema_file + (text ? ": larger than 16MiB" : ": cannot be read");
      return out;
    }
    std::string error;
    const std::vector<std::string> statements = schema_statements(*text, error);
    if (!error.empty()) {
      out.error = c.schema_file + ": " + error;
      return out;
    }
    out.schema = SchemaDatabase::build(statements);
  }
  out.checker = std::move(checker);
  return out;
}

}  // namespace groundgate::filters::sql
