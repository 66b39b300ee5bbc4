#pragma once
// A schema described in JSON, turned into the CREATE TABLE statements SQLite builds it from.
// Three shapes are read:
//   {"tables": [{"name": "employees",
//                "columns": ["id", {"name": "salary", "type": "REAL"},
//                            {"name": "dept_id", "references": "departments(id)"}],
//                "primary_key": ["id"],
//                "foreign_keys": [{"columns": ["dept_id"],
//                                  "references": {"table": "departments", "columns": ["id"]}}]}]}
//   (or the list of tables alone);
//   {"employees": ["id", "salary"], "departments": {"id": "INTEGER", "name": "TEXT"}};
//   Spider's tables.json entry: table_names_original, column_names_original, column_types,
//   primary_keys, foreign_keys.

#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::sql {

struct JsonSchema {
  std::vector<std::string> statements;  // one CREATE TABLE per table
  std::string error;                    // empty: read
  bool ok() const { return error.empty(); }
};

JsonSchema ddl_from_json(std::string_view json);

}  // namespace groundgate::filters::sql
