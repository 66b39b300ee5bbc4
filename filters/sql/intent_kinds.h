#pragma once
// The kinds of finding that are opinions about what the user meant (question linking, intent,
// an empty result):
// each is `unsupported`, never `contradicted`, and belongs to the logic error family it
// catches. A kind whose precision on the development data (bench/quality/sql_logic_variants.py,
// numbers in bench/RESULTS.md) is below 0.8 is annotate-only by default: the guard annotates
// the query whatever the policy's action for `unsupported` (a policy's `sql.intent.enforce`
// lists kinds it trusts anyway, `sql.intent.annotate_only` more it does not).

#include <cstdint>
#include <span>
#include <string_view>

namespace groundgate::filters::sql {

enum class ErrorFamily : std::uint8_t {
  kJoin,         // tables joined on the wrong columns, without a key, or by the wrong kind
  kAggregation,  // COUNT, SUM, AVG, MIN, MAX, DISTINCT other than asked
  kGrouping,     // GROUP BY missing or a result column outside the groups
  kOrdering,     // ORDER BY direction, LIMIT
  kComparison,   // operator direction, inclusiveness, negation
  kValue,        // a literal of the wrong type or outside the column's values; a value filter
                 // the question did not ask for or a value it named unused
  kColumn,       // a result or filter column the question did not ask for
  kDefinition,   // a definition from the request's knowledge not applied, or applied otherwise
  kResult,       // what the query returns on the database (an empty result)
};

std::string_view to_string(ErrorFamily family);

struct IntentKind {
  std::string_view code;
  ErrorFamily family;
  // Precision on the development data below 0.8: annotate-only by default.
  bool annotate_only;
};

std::span<const IntentKind> intent_kinds();
// The kind of `code`; null for codes that are not intent kinds (schema, unsafe, ...).
const IntentKind* intent_kind(std::string_view code);

}  // namespace groundgate::filters::sql
