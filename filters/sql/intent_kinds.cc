#include "filters/sql/intent_kinds.h"

#include <algorithm>

namespace groundgate::filters::sql {
namespace {

using F = ErrorFamily;

// `annotate_only` follows the measured precision (bench/RESULTS.md, "SQL intent").
constexpr IntentKind kKinds[] = {
    {"join_without_key", F::kJoin, false},
    {"join_not_on_key", F::kJoin, false},
    {"join_values_disjoint", F::kJoin, false},
    {"inner_join_drops_rows", F::kJoin, false},
    {"aggregate_mismatch", F::kAggregation, false},
    {"aggregate_missing", F::kAggregation, false},
    {"distinct_missing", F::kAggregation, false},
    {"grouping_missing", F::kGrouping, false},
    {"ungrouped_column", F::kGrouping, false},
    {"order_direction", F::kOrdering, false},
    {"limit_mismatch", F::kOrdering, false},
    {"comparison_direction", F::kComparison, false},
    {"comparison_inclusive", F::kComparison, false},
    {"negation_missing", F::kComparison, false},
    {"negation_unasked", F::kComparison, false},
    {"column_unasked", F::kColumn, false},
    {"definition_ignored", F::kDefinition, false},
    {"definition_mismatch", F::kDefinition, false},
    {"value_type_mismatch", F::kValue, false},
    {"value_outside_domain", F::kValue, false},
    {"question_value_ignored", F::kValue, false},
    {"unasked_filter", F::kValue, false},
    {"empty_result", F::kResult, true},
};

}  // namespace

std::string_view to_string(ErrorFamily family) {
  switch (family) {
    case F::kJoin:
      return "join";
    case F::kAggregation:
      return "aggregation";
    case F::kGrouping:
      return "grouping";
    case F::kOrdering:
      return "ordering";
    case F::kComparison:
      return "comparison";
    case F::kValue:
      return "value";
    case F::kColumn:
      return "column";
    case F::kDefinition:
      return "definition";
    case F::kResult:
      return "result";
  }
  return "unknown";
}

std::span<const IntentKind> intent_kinds() {
  return kKinds;
}

const IntentKind* intent_kind(std::string_view code) {
  const auto it = std::find_if(std::begin(kKinds), std::end(kKinds),
                               [&](const IntentKind& k) { return k.code == code; });
  return it == std::end(kKinds) ? nullptr : &*it;
}

}  // namespace groundgate::filters::sql
