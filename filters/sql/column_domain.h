#pragma once
// The values a schema shows a column to hold, without a database:
// - a CHECK constraint that allows a list (`CHECK (status IN ('open', 'closed'))`, or
//   `status = 'a' OR status = 'b'`): closed, nothing else can be stored;
// - the column's comment listing them: closed when it says so ("one of 'M', 'F'", "values:",
//   "mögliche Werte", a legend "M: male, F: female"), examples otherwise ("e.g. 'A', 'B'");
// - the sample rows given with the schema (INSERTs): examples.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/schema_database.h"

namespace groundgate::filters::sql {

struct ColumnDomain {
  std::vector<std::string> values;
  bool closed = false;      // the column can hold nothing else
  std::string_view source;  // "CHECK constraint", "comment", "sample rows"; "" when none

  bool empty() const { return values.empty(); }
};

ColumnDomain column_domain(const SchemaDatabase& schema, const Table& table, const Column& column);

// The values a comment lists, and whether it says they are all ("" comment: none).
ColumnDomain domain_of_comment(std::string_view comment);

}  // namespace groundgate::filters::sql
