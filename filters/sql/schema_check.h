#pragma once
// Check 1, syntax and schema: SQLite prepares each statement against the schema; an unknown
// table, column or function, an ambiguous column, a syntax error or a query SQLite refuses is
// a `contradicted` finding of type `schema`, with the nearest existing name as its suggestion
// (by spelling, else by meaning: its parts, their WordNet synonyms, the column's comment).
// A fix that is the only close name is applied and the query prepared again, to find the
// errors behind the first (bounded rounds).

#include <span>
#include <string_view>
#include <vector>

#include "filters/sql/schema_database.h"
#include "filters/sql/sql_lexer.h"
#include "filters/sql/sql_verdict.h"

namespace groundgate::filters::text {
class Lexicon;
}

namespace groundgate::filters::sql {

struct SchemaCheckInput {
  const SchemaDatabase* schema = nullptr;  // never null
  bool has_schema = false;                 // false: only syntax and functions can be judged
  std::string_view sql;
  std::span<const Token> tokens;
  PrepareOptions prepare;
  // WordNet for suggestions by meaning (meaning_suggestion.h); null: by spelling only.
  const text::Lexicon* lexicon = nullptr;
};

// Appends findings to `verdict` and sets its schema check's state. `statements`: the first
// round's statements (for the other checks).
void check_schema(const SchemaCheckInput& input, const std::vector<PreparedStatement>& statements,
                  SqlVerdict& verdict);

// Column names SQLite took as strings (double-quoted words that name nothing) that are a typo
// of a column of a table the query names: `SELECT "salry" FROM employees` returns the text
// 'salry'. Part of check 1.
void check_quoted_strings(const SchemaCheckInput& input, SqlVerdict& verdict);

}  // namespace groundgate::filters::sql
