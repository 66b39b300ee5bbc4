#pragma once
// A schema as SQLite knows it: an in-memory database built from CREATE statements, against
// which a query is prepared (never run) so that SQLite's own parser and name resolution judge
// it, while an authorizer callback lists what the query would touch. Built once per distinct
// schema and shared (SchemaCache); prepare() is thread-safe.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;

namespace groundgate::filters::sql {

struct Column {
  std::string name;
  std::string type;          // as declared ("" when none)
  bool primary_key = false;  // part of the table's primary key
  std::string comment{};     // the comment its definition carries ("" when none)
};

// A declared foreign key: `columns` of this table reference `columns` of `table` (empty: its
// primary key).
struct ForeignKey {
  std::vector<std::string> columns;
  std::string table;
  std::vector<std::string> references;
};

struct Table {
  std::string name;
  bool view = false;
  std::vector<Column> columns;
  std::vector<ForeignKey> foreign_keys;
  std::string sql;  // the CREATE statement as given (comments and constraints included)

  const Column* find_column(std::string_view name) const;  // SQLite's case rules
};

// One authorizer call: what a statement would do (SQLITE_READ, SQLITE_FUNCTION, ...).
struct Access {
  int action = 0;
  std::string first;   // table, function's empty, pragma name, attached file, ...
  std::string second;  // column, function name, pragma argument, ...
  std::string inside;  // the view or trigger the access comes from ("" for the query itself)
};

// What preparing one statement of the query found.
struct PreparedStatement {
  std::size_t begin = 0;  // byte span of the statement in the query text
  std::size_t end = 0;
  int code = 0;  // SQLite's result code; 0 (SQLITE_OK): prepared
  std::string message;
  std::ptrdiff_t error_offset = -1;  // in the query text, when SQLite names one
  std::vector<Access> accesses;
  bool read_only = true;  // sqlite3_stmt_readonly
  int result_columns = 0;

  bool ok() const { return code == 0; }
};

struct PrepareOptions {
  // Double-quoted words that name nothing are string literals, as SQLite's default (and
  // MySQL) reads them; off, they are unknown columns (PostgreSQL, the SQL standard).
  bool double_quoted_strings = true;
  std::size_t max_statements = 16;
  std::size_t max_accesses = 4096;  // per statement
};

class SchemaDatabase {
 public:
  struct Limits {
    std::size_t max_statements = 2000;
    std::size_t max_ddl_bytes = 4u << 20;
  };

  // Builds the schema from CREATE statements (each run on its own; one SQLite refuses is
  // skipped with its message) and sample rows (INSERTs of literal values, is_sample_insert;
  // other statements are refused). Never null.
  static std::shared_ptr<const SchemaDatabase> build(std::span<const std::string> statements,
                                                     const Limits& limits);
  static std::shared_ptr<const SchemaDatabase> build(std::span<const std::string> statements) {
    return build(statements, Limits{});
  }
  ~SchemaDatabase();
  SchemaDatabase(const SchemaDatabase&) = delete;
  SchemaDatabase& operator=(const SchemaDatabase&) = delete;

  // Prepares every statement of `sql` in turn. A statement that does not prepare ends its own
  // check; the next one starts after its `;`.
  std::vector<PreparedStatement> prepare(std::string_view sql, const PrepareOptions& options) const;

  const std::vector<Table>& tables() const { return tables_; }
  // Distinct values of `table`.`column` in the sample rows the schema came with, as text (at
  // most `max`); empty when it came with none.
  std::vector<std::string> sample_values(std::string_view table, std::string_view column,
                                         std::size_t max) const;
  bool has_sample_rows() const { return sample_rows_; }
  const Table* find_table(std::string_view name) const;
  // Every table and column name, and every function SQLite knows, for suggestions.
  const std::vector<std::string>& table_names() const { return table_names_; }
  const std::vector<std::string>& function_names() const { return function_names_; }
  // Statements SQLite refused, with its message.
  const std::vector<std::string>& skipped() const { return skipped_; }
  bool empty() const { return tables_.empty(); }
  std::size_t memory_bytes() const { return memory_bytes_; }

 private:
  SchemaDatabase() = default;
  void load_names();
  void load_foreign_keys();

  sqlite3* db_ = nullptr;
  mutable std::mutex mutex_;  // one statement at a time on the connection
  std::vector<Table> tables_;
  std::vector<std::string> table_names_;
  std::vector<std::string> function_names_;
  std::vector<std::string> skipped_;
  std::size_t memory_bytes_ = 0;
  bool sample_rows_ = false;
};

// Opens a connection with the limits every checking connection shares (no ATTACH, bounded
// lengths and depths, defensive mode, no triggers). Null on failure.
sqlite3* open_checking_connection(const char* path, int flags);

}  // namespace groundgate::filters::sql
