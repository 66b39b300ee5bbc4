#pragma once
// CREATE TABLE and CREATE VIEW statements found in free text: a system prompt, a retrieved
// document, a tool result or a schema file; and sample rows given with them (INSERT INTO ...
// VALUES with literal values only), which show a column's values. Each statement is cut from its
// keyword to its closing `;` (or, for a table, the parenthesis that closes its column list and the
// table options after it); whether it is valid is SQLite's to say when the schema is built.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::sql {

struct DdlSpan {
  std::size_t begin = 0;  // byte span of the statement in the scanned text
  std::size_t end = 0;
};

struct DdlLimits {
  std::size_t max_statements = 2000;
  std::size_t max_statement_bytes = 64u << 10;  // longer statements are skipped
};

// The statements in `text`, in order.
std::vector<DdlSpan> find_ddl(std::string_view text, const DdlLimits& limits = {});

// `INSERT INTO name [(columns)] VALUES (literals), ...` with nothing but literals (strings,
// numbers, NULL, TRUE, FALSE, a sign), optionally ended by `;`: sample rows, safe to run on a
// schema database.
bool is_sample_insert(std::string_view statement);

// The comment each column definition of a CREATE TABLE carries (`-- ...` or `/* ... */` on
// the line the definition starts, or on the lines just before it), by column name.
struct ColumnComment {
  std::string column;
  std::string comment;
};
std::vector<ColumnComment> column_comments(std::string_view create_table);

// `text` with every statement find_ddl finds removed (a question with the schema pasted in).
std::string without_ddl(std::string_view text, const DdlLimits& limits = {});

}  // namespace groundgate::filters::sql
