#include "filters/sql/sql_extraction.h"

#include "filters/sql/sql_lexer.h"
#include "filters/text/code_block.h"
#include "filters/text/fenced_blocks.h"
#include "filters/text/utf8.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::sql {
namespace {

constexpr auto kSqlLanguages =
    text::word_table("sql", "sqlite", "sqlite3", "postgresql", "postgres", "psql", "pgsql", "mysql",
                     "mariadb", "tsql", "plsql", "mssql", "duckdb");

// Words a statement starts with: an unlabelled block that starts so is SQL (and checked, so
// that a DROP in a block without a language does not pass unseen).
constexpr auto kStatementStarts = text::word_table(
    "select", "with", "insert", "update", "delete", "replace", "create", "drop", "alter", "pragma",
    "attach", "detach", "explain", "values", "vacuum", "begin", "reindex", "analyze");

std::string lower(std::string_view s) {
  return text::ascii_lower(s);
}

SqlSpan span_of(const text::FencedBlock& b) {
  return SqlSpan{b.code_begin(), b.code_end(), b.block.closed};
}

}  // namespace

bool is_sql_block(std::string_view language, std::string_view code) {
  const std::string name = lower(language);
  if (!name.empty()) return kSqlLanguages.contains(name);
  SqlLexer lexer(code);
  Token first;
  if (!lexer.next(first) || first.kind != TokenKind::kWord) return false;
  return kStatementStarts.contains(lower(first.text(code)));
}

std::vector<SqlSpan> find_fenced_sql(std::string_view answer) {
  std::vector<SqlSpan> out;
  for (const text::FencedBlock& b : text::fenced_blocks(answer)) {
    if (b.block.opened && is_sql_block(b.block.language, b.block.code)) out.push_back(span_of(b));
  }
  return out;
}

std::optional<SqlSpan> whole_answer_sql(std::string_view answer) {
  const std::optional<text::CodeSpan> code = text::whole_answer_code(answer);
  if (!code) return std::nullopt;
  return SqlSpan{code->begin, code->end, code->complete};
}

std::vector<SqlSpan> find_sql(std::string_view text) {
  std::vector<SqlSpan> out = find_fenced_sql(text);
  if (out.empty()) {
    if (auto whole = whole_answer_sql(text)) out.push_back(*whole);
  }
  return out;
}

}  // namespace groundgate::filters::sql
