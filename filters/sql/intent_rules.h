#pragma once
// The intent check's rules, one family per file, and what they share. Each appends findings
// through add_intent_finding; none runs the query.

#include <string>
#include <string_view>

#include "filters/sql/intent_check.h"

namespace groundgate::filters::sql {

// aggregation_intent.cc: COUNT/SUM/AVG/MIN/MAX other than asked, DISTINCT, GROUP BY.
void check_aggregation(const IntentInput& input, SqlVerdict& verdict);
void check_grouping(const IntentInput& input, SqlVerdict& verdict);
// ordering_intent.cc: ORDER BY direction for superlatives and sort words, LIMIT for top-N.
void check_ordering(const IntentInput& input, SqlVerdict& verdict);
// comparison_intent.cc: operator direction and inclusiveness for "more than 3"; negation.
void check_comparisons(const IntentInput& input, SqlVerdict& verdict);
// column_intent.cc: a result or filter column in place of one the question names.
void check_columns(const IntentInput& input, SqlVerdict& verdict);
// join_check.cc: joins against the keys; LEFT JOIN for "including those without".
void check_joins(const IntentInput& input, SqlVerdict& verdict);
// definition_check.cc: the request's definitions the question uses.
void check_definitions(const IntentInput& input, SqlVerdict& verdict);
// value_check.cc: literals against the column's type and shown values.
void check_values(const IntentInput& input, SqlVerdict& verdict);

// Shared by the rules.

// The schema column a reference of core `core` names; null when unknown.
const Column* column_of(const IntentInput& input, std::size_t core, const ColumnRef& ref);
// `text` in double quotes, for a reason: the question's phrase.
std::string quoted_phrase(std::string_view text);
// The query's text over [begin, end), in backticks, shortened to 80 bytes.
std::string query_text(const IntentInput& input, std::size_t begin, std::size_t end);
// Every superlative of the question agrees on the column's direction: 1 its smallest value
// (least, earliest; oldest for a date), 0 its largest, -1 none or they disagree.
int superlative_direction(const QuestionIntent& question, std::string_view column,
                          std::string_view type);
// Whether the question asks anything (a question was given and holds words).
bool has_question(const IntentInput& input);

}  // namespace groundgate::filters::sql
