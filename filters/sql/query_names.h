#pragma once
// The tables a query names and the aliases it gives them, read from its tokens: where SQLite
// reports `no such column: T2.idd`, the suggestion comes from the columns of the table T2
// stands for, and a value filter is checked in the column of the right table.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/schema_database.h"
#include "filters/sql/sql_lexer.h"

namespace groundgate::filters::sql {

struct TableRef {
  const Table* table = nullptr;
  std::string alias;      // "" when none
  std::size_t token = 0;  // index of the table name's token
};

class QueryNames {
 public:
  QueryNames(std::string_view sql, std::span<const Token> tokens, const SchemaDatabase& schema);

  const std::vector<TableRef>& tables() const { return tables_; }
  // The tables `qualifier` (an alias or a table name) may stand for; the same alias can name
  // different tables in different subqueries.
  std::vector<const Table*> resolve(std::string_view qualifier) const;
  // The tables the query names that have a column `column`.
  std::vector<const Table*> tables_with(std::string_view column) const;
  // Names the query itself defines (CTEs, aliases of tables, subqueries and result columns).
  bool defines(std::string_view name) const;

 private:
  std::vector<TableRef> tables_;
  std::vector<std::string> defined_;
};

// The name a kWord or kQuoted token stands for (quotes removed); "" for other tokens.
std::string identifier_of(const Token& token, std::string_view sql);

}  // namespace groundgate::filters::sql
