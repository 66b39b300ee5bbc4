#pragma once
// The clauses of a query as the intent checks read them, from its tokens: every SELECT (the
// top-level one, each subquery, CTE and compound part) with its result columns, the tables it
// joins and how, the column comparisons that link them, GROUP BY, HAVING, ORDER BY and LIMIT.
// SQLite's parser judges whether the query is valid; this only says what a valid one asks
// for, so it never fails: what it cannot read is left out (bounded: one pass per nesting
// level, at most kMaxCores SELECTs).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/predicates.h"
#include "filters/sql/schema_database.h"
#include "filters/sql/sql_lexer.h"

namespace groundgate::filters::sql {

enum class Aggregate : std::uint8_t { kNone, kCount, kSum, kAvg, kMin, kMax };

std::string_view to_string(Aggregate aggregate);

// A column as the query writes it (`T1.name`, `name`).
struct ColumnRef {
  std::string qualifier;  // "" when not qualified
  std::string column;
  std::size_t begin = 0;  // byte span of the whole reference
  std::size_t end = 0;
};

// A result column, an ORDER BY or GROUP BY key: what it computes, roughly.
struct ValueExpr {
  Aggregate aggregate = Aggregate::kNone;  // the outermost call when the whole item is one
  bool distinct = false;                   // count(DISTINCT x)
  bool star = false;                       // `*`, `T1.*` or count(*)
  bool simple = false;  // one column, alone or as the aggregate's argument, and nothing else
  std::vector<ColumnRef> columns;     // every column it reads (subqueries left out)
  std::vector<Aggregate> aggregates;  // every aggregate call in it, outermost first
  std::size_t begin = 0;              // byte span (alias excluded)
  std::size_t end = 0;
};

enum class JoinKind : std::uint8_t { kFirst, kComma, kInner, kLeft, kRight, kFull, kCross };

std::string_view to_string(JoinKind kind);

// One table (or subquery) of a FROM clause and how it is joined to those before it.
struct FromItem {
  const Table* table = nullptr;  // null: a subquery, a CTE or a name the schema lacks
  std::string name;              // as written ("" for a subquery)
  std::string alias;             // "" when none
  JoinKind join = JoinKind::kFirst;
  bool natural = false;
  bool constrained = false;  // ON or USING
  std::vector<std::string> using_columns;
  std::size_t begin = 0;  // byte span from the join keyword (or the name) to the constraint's end
  std::size_t end = 0;
};

// `a.x = b.y` (or another comparison) between two columns, in an ON or a WHERE clause.
struct ColumnComparison {
  ColumnRef left;
  ColumnRef right;
  std::string op;  // = == != <> < <= > >=
  bool in_on = false;
  std::size_t begin = 0;
  std::size_t end = 0;
};

struct OrderKey {
  ValueExpr value;
  bool descending = false;
  bool explicit_direction = false;  // ASC or DESC written
};

struct Span {
  std::size_t begin = 0;
  std::size_t end = 0;
  bool empty() const { return begin == end; }
};

// One SELECT.
struct SelectCore {
  std::size_t begin = 0;  // byte span from SELECT to its last clause
  std::size_t end = 0;
  int depth = 0;    // 0: the statement's own; each enclosing parenthesis adds one
  int parent = -1;  // the core it is nested in (-1: none)
  bool distinct = false;
  bool in_cte = false;  // defined by WITH
  std::vector<ValueExpr> items;
  std::vector<FromItem> from;
  std::vector<ColumnComparison> comparisons;
  Span where;
  std::vector<ValueExpr> group_by;
  Span group_span;
  Span having;
  ValueExpr having_value;  // HAVING's condition (its aggregates, its columns)
  std::vector<OrderKey> order_by;
  Span order_span;
  std::optional<long long> limit;  // the row count (LIMIT n, LIMIT n OFFSET m, LIMIT m, n)
  Span limit_span;
  std::string compound;  // "union", "union all", "intersect", "except" after it; "" none

  bool aggregates() const;  // some result column is (or holds) an aggregate
};

class QueryShape {
 public:
  static constexpr std::size_t kMaxCores = 64;

  // Reads the first statement of `sql`. `names_something` tells a double-quoted name from a
  // string (as predicates.h).
  QueryShape(std::string_view sql, std::span<const Token> tokens, const SchemaDatabase& schema,
             const NamesSomething& names_something);

  const std::vector<SelectCore>& cores() const { return cores_; }
  // The statement's own SELECT (the first at depth 0); null when it is not a query.
  const SelectCore* top() const;
  // The table a column of core `core` belongs to: by its qualifier (an alias or a table of
  // that core or an enclosing one), or the one table in scope that has it. Null: unknown.
  const Table* table_of(std::size_t core, const ColumnRef& column) const;
  // The FROM item a qualifier names in core `core` or an enclosing one; null when none.
  const FromItem* item_of(std::size_t core, std::string_view qualifier) const;
  // Every aggregate call of the query and whether it has DISTINCT, in any clause.
  bool calls(Aggregate aggregate) const;
  bool any_distinct() const;  // SELECT DISTINCT or an aggregate's DISTINCT anywhere
  // Byte span of the first statement.
  std::size_t statement_end() const { return statement_end_; }

 private:
  std::vector<SelectCore> cores_;
  std::size_t statement_end_ = 0;
};

// Whether a bare word is a name to the query (not an SQL keyword, or a column or table name of
// the schema that happens to be one: SQLite reads `alter` as ALTER, but a schema may use it).
bool names_a_column_or_table(std::string_view word, const SchemaDatabase& schema);

}  // namespace groundgate::filters::sql
