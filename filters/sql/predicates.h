#pragma once
// The value filters of a query: a column compared with literal values (`land = 'France'`,
// `alter > 30`, `typ IN ('cat', 'dog')`, `stadt LIKE '%West%'`, `jahr BETWEEN 2000 AND 2010`),
// read from its tokens. What the question-linking and content checks judge.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/sql_lexer.h"

namespace groundgate::filters::sql {

struct Literal {
  bool number = false;
  std::string value;      // unquoted; a number as written, its sign included
  std::string sql;        // the literal as an SQLite expression ('it''s', -3)
  std::size_t begin = 0;  // byte span in the query
  std::size_t end = 0;
  // The comparison operator right before it ("" when none): `count(*) > 2` reads "at least 3".
  std::string compared_by;
};

struct Predicate {
  std::string qualifier;  // "" when the column is not qualified
  std::string column;
  std::string op;  // lower case: = != < <= > >= like glob in between (with "not " in front)
  std::vector<Literal> values;
  std::size_t begin = 0;  // byte span of the whole comparison
  std::size_t end = 0;

  bool equality() const { return op == "=" || op == "in"; }
};

// Whether a double-quoted word is a name (true) or a string literal (SQLite's DQS reading).
using NamesSomething = std::function<bool(std::string_view)>;

std::vector<Predicate> find_predicates(std::string_view sql, std::span<const Token> tokens,
                                       const NamesSomething& names_something);

// Every literal of the query (strings, numbers), in order; double-quoted words that name
// nothing count as strings.
std::vector<Literal> find_literals(std::string_view sql, std::span<const Token> tokens,
                                   const NamesSomething& names_something);

}  // namespace groundgate::filters::sql
