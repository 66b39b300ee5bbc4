#pragma once
// CREATE TABLE and CREATE VIEW statements found in free text: a system prompt, a retrieved
// document, a tool result or a schema file. Each statement is cut from its keyword to its
// closing `;` (or, for a table, the parenthesis that closes its column list and the table
// options after it); whether it is valid is SQLite's to say when the schema is built.

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

// `text` with every statement find_ddl finds removed (a question with the schema pasted in).
std::string without_ddl(std::string_view text, const DdlLimits& limits = {});

}  // namespace groundgate::filters::sql
