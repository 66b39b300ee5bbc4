#pragma once
// Check 4, execution (with the operator's database): each statement runs read-only under a
// time and row cap. A runtime error is a `contradicted` finding; an empty result, when the
// user asked a question, an `unsupported` one (not when a table it reads holds no row: the
// data, not the query, is empty). Over the time cap the check is incomplete and
// says so; nothing is guessed.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "filters/sql/sample_database.h"
#include "filters/sql/schema_database.h"
#include "filters/sql/sql_verdict.h"

namespace groundgate::filters::sql {

struct ExecutionInput {
  const SampleDatabase* database = nullptr;  // never null
  std::string_view sql;
  std::span<const PreparedStatement> statements;
  std::span<const std::string> allowed_functions;
  RunLimits limits;
  bool has_question = false;
  bool empty_result_is_finding = true;
};

// Runs the statements; returns the last one's result (what the metamorphic check compares),
// or nullopt when nothing ran to completion.
std::optional<RunResult> check_execution(const ExecutionInput& input, SqlVerdict& verdict);

}  // namespace groundgate::filters::sql
