#include "filters/sql/schema_database.h"

#include <sqlite3.h>

#include <algorithm>
#include <climits>

#include "filters/sql/ddl_scanner.h"
#include "filters/sql/name_distance.h"
#include "filters/sql/sql_lexer.h"

namespace groundgate::filters::sql {
namespace {

bool ascii_iequal(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         sqlite3_strnicmp(a.data(), b.data(), static_cast<int>(a.size())) == 0;
}

int length_of(std::string_view s) {
  return static_cast<int>(std::min<std::size_t>(s.size(), INT_MAX));
}

// The authorizer while the schema is built: CREATE TABLE and CREATE VIEW, and what SQLite does
// on its own schema table to record them; nothing else (the DDL comes from requests).
int build_authorizer(void* user, int action, const char* first, const char*, const char*,
                     const char*) {
  const bool sample_rows = *static_cast<const bool*>(user);
  switch (action) {
    case SQLITE_CREATE_TABLE:
    case SQLITE_CREATE_VIEW:
    case SQLITE_CREATE_INDEX:  // UNIQUE and PRIMARY KEY constraints
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_FUNCTION:
      return SQLITE_OK;
    case SQLITE_INSERT:
    case SQLITE_UPDATE:
    case SQLITE_DELETE: {
      const bool schema_table = first != nullptr && (std::string_view(first) == "sqlite_master" ||
                                                     std::string_view(first) == "sqlite_schema");
      return schema_table || (sample_rows && action == SQLITE_INSERT) ? SQLITE_OK : SQLITE_DENY;
    }
    default:
      return SQLITE_DENY;
  }
}

struct AuthorizerLog {
  std::vector<Access>* accesses;
  std::size_t max;
};

int recording_authorizer(void* user, int action, const char* first, const char* second, const char*,
                         const char* inside) {
  auto* log = static_cast<AuthorizerLog*>(user);
  if (log->accesses->size() < log->max) {
    log->accesses->push_back(Access{action, first != nullptr ? first : "",
                                    second != nullptr ? second : "",
                                    inside != nullptr ? inside : ""});
  }
  return SQLITE_OK;  // the checks judge the list; preparing never runs anything
}

// Where the statement starting at `from` ends by its tokens: after the next `;` outside
// parentheses, or at the end.
std::size_t next_statement(std::string_view sql, std::size_t from) {
  SqlLexer lexer(sql.substr(from));
  Token t;
  while (lexer.next(t)) {
    if (t.kind == TokenKind::kPunctuation && t.text(sql.substr(from)) == ";") return from + t.end;
  }
  return sql.size();
}

std::size_t skip_blank(std::string_view sql, std::size_t from) {
  SqlLexer lexer(sql.substr(from));
  Token t;
  return lexer.next(t) ? from + t.begin : sql.size();
}

// Runs one statement to completion; "" or SQLite's message.
std::string run_statement(sqlite3* db, std::string_view statement) {
  sqlite3_stmt* st = nullptr;
  const char* tail = nullptr;
  int rc = sqlite3_prepare_v2(db, statement.data(), length_of(statement), &st, &tail);
  if (rc != SQLITE_OK) return sqlite3_errmsg(db);
  if (st == nullptr) return "empty statement";
  const std::string_view rest(tail, statement.data() + statement.size() - tail);
  if (skip_blank(rest, 0) != rest.size()) {
    sqlite3_finalize(st);
    return "more than one statement";
  }
  rc = sqlite3_step(st);
  std::string error = rc == SQLITE_DONE ? "" : sqlite3_errmsg(db);
  sqlite3_finalize(st);
  return error;
}

}  // namespace

const Column* Table::find_column(std::string_view name) const {
  for (const Column& c : columns) {
    if (ascii_iequal(c.name, name)) return &c;
  }
  return nullptr;
}

sqlite3* open_checking_connection(const char* path, int flags) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE, nullptr) !=
      SQLITE_OK) {
    sqlite3_close(db);
    return nullptr;
  }
  sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
  sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 1 << 20);
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 16 << 20);
  sqlite3_limit(db, SQLITE_LIMIT_EXPR_DEPTH, 200);
  sqlite3_limit(db, SQLITE_LIMIT_COMPOUND_SELECT, 100);
  sqlite3_limit(db, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 10000);
  sqlite3_limit(db, SQLITE_LIMIT_TRIGGER_DEPTH, 1);
  sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, nullptr);
  return db;
}

std::shared_ptr<const SchemaDatabase> SchemaDatabase::build(std::span<const std::string> statements,
                                                            const Limits& limits) {
  std::shared_ptr<SchemaDatabase> schema(new SchemaDatabase());
  schema->db_ = open_checking_connection(
      ":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY);
  if (schema->db_ == nullptr) {
    schema->skipped_.push_back("could not open an in-memory database");
    return schema;
  }
  bool sample_rows = false;  // the statement being run is one (the authorizer reads it)
  sqlite3_set_authorizer(schema->db_, build_authorizer, &sample_rows);
  std::size_t bytes = 0;
  std::size_t count = 0;
  for (const std::string& statement : statements) {
    bytes += statement.size();
    if (++count > limits.max_statements || bytes > limits.max_ddl_bytes) {
      schema->skipped_.push_back("schema too large: statements past " + std::to_string(count - 1) +
                                 " ignored");
      break;
    }
    sample_rows = is_sample_insert(statement);
    std::string error = run_statement(schema->db_, statement);
    if (sample_rows && error.empty()) schema->sample_rows_ = true;
    if (!error.empty()) {
      schema->skipped_.push_back(error + ": " + statement.substr(0, 120));
    }
  }
  sqlite3_set_authorizer(schema->db_, nullptr, nullptr);
  schema->load_names();
  int used = 0, highwater = 0;
  sqlite3_db_status(schema->db_, SQLITE_DBSTATUS_SCHEMA_USED, &used, &highwater, 0);
  schema->memory_bytes_ = static_cast<std::size_t>(used);
  sqlite3_db_status(schema->db_, SQLITE_DBSTATUS_CACHE_USED, &used, &highwater, 0);
  schema->memory_bytes_ += static_cast<std::size_t>(used);
  for (const Table& t : schema->tables_) {
    schema->memory_bytes_ += sizeof(Table) + t.name.size() * 2 + t.sql.size();
    for (const Column& c : t.columns)
      schema->memory_bytes_ += sizeof(Column) + c.name.size() + c.type.size();
  }
  return schema;
}

SchemaDatabase::~SchemaDatabase() {
  sqlite3_close(db_);
}

void SchemaDatabase::load_names() {
  sqlite3_stmt* st = nullptr;
  const char* tables =
      "SELECT name, type, sql FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT "
      "LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid";
  if (sqlite3_prepare_v2(db_, tables, -1, &st, nullptr) == SQLITE_OK) {
    while (sqlite3_step(st) == SQLITE_ROW) {
      Table t;
      t.name = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
      t.view =
          std::string_view(reinterpret_cast<const char*>(sqlite3_column_text(st, 1))) == "view";
      if (const auto* sql = reinterpret_cast<const char*>(sqlite3_column_text(st, 2))) t.sql = sql;
      tables_.push_back(std::move(t));
    }
  }
  sqlite3_finalize(st);
  st = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT name, type, pk FROM pragma_table_xinfo(?1)", -1, &st,
                         nullptr) == SQLITE_OK) {
    for (Table& t : tables_) {
      sqlite3_bind_text(st, 1, t.name.data(), length_of(t.name), SQLITE_STATIC);
      while (sqlite3_step(st) == SQLITE_ROW) {
        const auto* name = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
        const auto* type = reinterpret_cast<const char*>(sqlite3_column_text(st, 1));
        t.columns.push_back(Column{name != nullptr ? name : "", type != nullptr ? type : "",
                                   sqlite3_column_int(st, 2) > 0});
      }
      sqlite3_reset(st);
    }
  }
  sqlite3_finalize(st);
  st = nullptr;
  load_foreign_keys();
  for (Table& t : tables_) {
    if (t.view ||
        (t.sql.find("--") == std::string::npos && t.sql.find("/*") == std::string::npos)) {
      continue;
    }
    for (ColumnComment& c : column_comments(t.sql)) {
      for (Column& col : t.columns) {
        if (same_name(col.name, c.column) && col.comment.empty())
          col.comment = std::move(c.comment);
      }
    }
  }
  if (sqlite3_prepare_v2(db_, "SELECT DISTINCT name FROM pragma_function_list", -1, &st, nullptr) ==
      SQLITE_OK) {
    while (sqlite3_step(st) == SQLITE_ROW) {
      function_names_.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
    }
  }
  sqlite3_finalize(st);
  for (const Table& t : tables_)
    table_names_.push_back(t.name);
}

void SchemaDatabase::load_foreign_keys() {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db_,
                         "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?1) "
                         "ORDER BY id, seq",
                         -1, &st, nullptr) != SQLITE_OK) {
    sqlite3_finalize(st);
    return;
  }
  const auto text = [&](int i) {
    const auto* v = reinterpret_cast<const char*>(sqlite3_column_text(st, i));
    return std::string(v != nullptr ? v : "");
  };
  for (Table& t : tables_) {
    if (t.view) continue;
    sqlite3_bind_text(st, 1, t.name.data(), length_of(t.name), SQLITE_STATIC);
    int id = -1;
    while (sqlite3_step(st) == SQLITE_ROW) {
      if (sqlite3_column_int(st, 0) != id || t.foreign_keys.empty()) {
        id = sqlite3_column_int(st, 0);
        t.foreign_keys.push_back(ForeignKey{{}, text(1), {}});
      }
      ForeignKey& fk = t.foreign_keys.back();
      fk.columns.push_back(text(2));
      if (sqlite3_column_type(st, 3) != SQLITE_NULL) fk.references.push_back(text(3));
    }
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
}

std::vector<std::string> SchemaDatabase::sample_values(std::string_view table,
                                                       std::string_view column,
                                                       std::size_t max) const {
  std::vector<std::string> out;
  if (!sample_rows_ || db_ == nullptr) return out;
  const std::string query = "SELECT DISTINCT " + quote_identifier(column) + " FROM " +
                            quote_identifier(table) + " WHERE " + quote_identifier(column) +
                            " IS NOT NULL LIMIT " + std::to_string(max);
  std::lock_guard lock(mutex_);
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db_, query.c_str(), length_of(query), &st, nullptr) == SQLITE_OK) {
    while (sqlite3_step(st) == SQLITE_ROW) {
      const auto* v = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
      out.emplace_back(v != nullptr ? v : "");
    }
  }
  sqlite3_finalize(st);
  return out;
}

const Table* SchemaDatabase::find_table(std::string_view name) const {
  for (const Table& t : tables_) {
    if (ascii_iequal(t.name, name)) return &t;
  }
  return nullptr;
}

std::vector<PreparedStatement> SchemaDatabase::prepare(std::string_view sql,
                                                       const PrepareOptions& options) const {
  std::vector<PreparedStatement> out;
  if (db_ == nullptr) return out;
  std::lock_guard lock(mutex_);
  sqlite3_db_config(db_, SQLITE_DBCONFIG_DQS_DML, options.double_quoted_strings ? 1 : 0, nullptr);
  std::size_t at = skip_blank(sql, 0);
  while (at < sql.size() && out.size() < options.max_statements) {
    PreparedStatement s;
    s.begin = at;
    AuthorizerLog log{&s.accesses, options.max_accesses};
    sqlite3_set_authorizer(db_, recording_authorizer, &log);
    sqlite3_stmt* st = nullptr;
    const char* tail = nullptr;
    const std::string_view rest = sql.substr(at);
    s.code = sqlite3_prepare_v2(db_, rest.data(), length_of(rest), &st, &tail);
    sqlite3_set_authorizer(db_, nullptr, nullptr);
    if (s.code != SQLITE_OK) {
      s.message = sqlite3_errmsg(db_);
      const int offset = sqlite3_error_offset(db_);
      if (offset >= 0) s.error_offset = static_cast<std::ptrdiff_t>(at) + offset;
      s.end = std::max(next_statement(sql, at), at);
    } else if (st == nullptr) {
      break;  // only comments were left
    } else {
      s.end = static_cast<std::size_t>(tail - sql.data());
      s.read_only = sqlite3_stmt_readonly(st) != 0;
      s.result_columns = sqlite3_column_count(st);
    }
    sqlite3_finalize(st);
    const std::size_t next = skip_blank(sql, s.end);
    out.push_back(std::move(s));
    if (out.back().end <= at) break;
    at = next;
  }
  return out;
}

}  // namespace groundgate::filters::sql
