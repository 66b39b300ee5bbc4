#pragma once
// Check 3b, intent (issue 34): whether a query that SQLite accepts computes what was asked.
// - joins against the schema's declared and inferred keys (join_check.h);
// - the question's clauses: aggregation, grouping, ordering and limits, comparisons and
//   negation, DISTINCT, the columns asked for (the rules in intent_rules.h, the words in
//   intent_cues.h);
// - the request's definitions (glossary.h): a filter a definition names is asked for, a
//   definition the question uses must be applied as defined;
// - literal values against the column's type and the values the schema shows
//   (value_check.h).
// Every finding is `unsupported` (type `logic`, or `content` for values), names the question's
// phrase and the query's clause, and is annotate-only when its kind's measured precision is
// below 0.8 (intent_kinds.h).

#include <cstddef>
#include <span>
#include <string_view>

#include "filters/sql/predicates.h"
#include "filters/sql/query_shape.h"
#include "filters/sql/question_intent.h"
#include "filters/sql/question_terms.h"
#include "filters/sql/sample_database.h"
#include "filters/sql/schema_database.h"
#include "filters/sql/sql_lexer.h"
#include "filters/sql/sql_verdict.h"

namespace groundgate::filters::sql {

class Glossary;

struct IntentInput {
  std::string_view sql;
  std::span<const Token> tokens;
  const SchemaDatabase* schema = nullptr;  // never null
  const QueryShape* shape = nullptr;       // never null
  // The question read for cues and terms; null or empty when there is none (joins and values
  // are still checked).
  const QuestionIntent* intent = nullptr;
  const QuestionTerms* terms = nullptr;
  std::string_view question{};               // its text
  const Glossary* glossary = nullptr;        // null: no definitions
  const SampleDatabase* database = nullptr;  // null: join values are not probed
  std::span<const Predicate> predicates{};
  std::span<const Literal> literals{};
  std::size_t statement_begin = 0;
  std::size_t statement_end = 0;
  RunLimits probe_limits{};  // per value-overlap probe
};

// Appends findings; sets the intent check's state.
void check_intent(const IntentInput& input, SqlVerdict& verdict);

// Appends an intent finding of `code` (an intent kind: its family and default come from
// intent_kinds.h) over [begin, end) of the query.
void add_intent_finding(SqlVerdict& verdict, std::string_view code, std::string reason,
                        std::size_t begin, std::size_t end);

}  // namespace groundgate::filters::sql
