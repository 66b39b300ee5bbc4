#include "filters/sql/query_names.h"

#include <algorithm>

#include <sqlite3.h>

namespace groundgate::filters::sql {
namespace {

bool ascii_iequal(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         sqlite3_strnicmp(a.data(), b.data(), static_cast<int>(a.size())) == 0;
}

bool is_identifier(const Token& t, std::string_view sql) {
  return t.kind == TokenKind::kQuoted || (t.kind == TokenKind::kWord && !is_keyword(t.text(sql)));
}

bool is_punct(std::span<const Token> tokens, std::size_t i, std::string_view sql, char c) {
  return i < tokens.size() && tokens[i].kind == TokenKind::kPunctuation &&
         tokens[i].text(sql).front() == c;
}

}  // namespace

std::string identifier_of(const Token& token, std::string_view sql) {
  if (token.kind == TokenKind::kWord) return std::string(token.text(sql));
  if (token.kind == TokenKind::kQuoted) return unquote(token, sql);
  return {};
}

QueryNames::QueryNames(std::string_view sql, std::span<const Token> tokens,
                       const SchemaDatabase& schema) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    // `x AS name`: an alias of a table, a subquery, a CTE or a result column.
    if (t.kind == TokenKind::kWord && t.is(sql, "as") && i + 1 < tokens.size() &&
        (tokens[i + 1].kind == TokenKind::kWord || tokens[i + 1].kind == TokenKind::kQuoted)) {
      defined_.push_back(identifier_of(tokens[i + 1], sql));
    }
    // `WITH name AS (` and `WITH name(a, b) AS (`.
    if ((t.kind == TokenKind::kWord || t.kind == TokenKind::kQuoted) && i + 1 < tokens.size() &&
        (tokens[i + 1].is(sql, "as") || is_punct(tokens, i + 1, sql, '(')) && i > 0 &&
        (tokens[i - 1].is(sql, "with") || tokens[i - 1].is(sql, "recursive") ||
         is_punct(tokens, i - 1, sql, ','))) {
      defined_.push_back(identifier_of(t, sql));
    }
    if (t.kind != TokenKind::kWord && t.kind != TokenKind::kQuoted) continue;
    // A qualified name's second part (`x.tbl`) and a function call are not table names.
    if (i > 0 && is_punct(tokens, i - 1, sql, '.')) continue;
    if (is_punct(tokens, i + 1, sql, '(') || is_punct(tokens, i + 1, sql, '.')) continue;
    const Table* table = schema.find_table(identifier_of(t, sql));
    if (table == nullptr) continue;
    TableRef ref{table, {}, i};
    std::size_t next = i + 1;
    if (next < tokens.size() && tokens[next].is(sql, "as")) ++next;
    if (next < tokens.size() && is_identifier(tokens[next], sql) &&
        !is_punct(tokens, next + 1, sql, '(') && !is_punct(tokens, next + 1, sql, '.')) {
      ref.alias = identifier_of(tokens[next], sql);
    }
    tables_.push_back(std::move(ref));
  }
}

std::vector<const Table*> QueryNames::resolve(std::string_view qualifier) const {
  std::vector<const Table*> out;
  const auto add = [&](const Table* t) {
    if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  };
  for (const TableRef& ref : tables_) {
    if (ascii_iequal(ref.alias, qualifier)) add(ref.table);
  }
  for (const TableRef& ref : tables_) {
    if (ref.alias.empty() && ascii_iequal(ref.table->name, qualifier)) add(ref.table);
  }
  if (out.empty()) {
    for (const TableRef& ref : tables_) {
      if (ascii_iequal(ref.table->name, qualifier)) add(ref.table);
    }
  }
  return out;
}

std::vector<const Table*> QueryNames::tables_with(std::string_view column) const {
  std::vector<const Table*> out;
  for (const TableRef& ref : tables_) {
    if (ref.table->find_column(column) != nullptr &&
        std::find(out.begin(), out.end(), ref.table) == out.end()) {
      out.push_back(ref.table);
    }
  }
  return out;
}

bool QueryNames::defines(std::string_view name) const {
  return std::any_of(defined_.begin(), defined_.end(),
                     [&](const std::string& d) { return ascii_iequal(d, name); });
}

}  // namespace groundgate::filters::sql
