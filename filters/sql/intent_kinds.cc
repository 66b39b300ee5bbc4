#include "filters/sql/intent_kinds.h"

#include <algorithm>

namespace groundgate::filters::sql {
namespace {

using F = ErrorFamily;

// `annotate_only` follows the precision measured on the development data at an even mix of
// valid and wrong queries (bench/RESULTS.md, "SQL intent"; `groundgate eval` prints it as
// prec_even): below 0.8, or not measurable there (no dev sample has what the kind needs: an
// outer-join question, definitions, a typed literal of the wrong type), annotate-only.
constexpr IntentKind kKinds[] = {
    {"join_without_key", F::kJoin, false},            // 0.98
    {"join_not_on_key", F::kJoin, false},             // 1.00
    {"join_values_disjoint", F::kJoin, true},         // not measured (dev keys are declared)
    {"inner_join_drops_rows", F::kJoin, true},        // not measured (no such dev question)
    {"aggregate_mismatch", F::kAggregation, false},   // 1.00
    {"aggregate_missing", F::kAggregation, true},     // 0.0 dev, 0.4 held out
    {"distinct_missing", F::kAggregation, false},     // 1.00
    {"grouping_missing", F::kGrouping, false},        // 0.91
    {"ungrouped_column", F::kGrouping, false},        // 0.94
    {"order_direction", F::kOrdering, false},         // 1.00
    {"limit_mismatch", F::kOrdering, false},          // 1.00
    {"comparison_direction", F::kComparison, false},  // 1.00
    {"comparison_inclusive", F::kComparison, false},  // 0.86
    {"negation_missing", F::kComparison, false},      // 0.93
    {"negation_unasked", F::kComparison, false},      // 1.00
    {"column_unasked", F::kColumn, false},            // 1.00
    {"definition_ignored", F::kDefinition, true},     // not measured (no dev definitions)
    {"definition_mismatch", F::kDefinition, true},    // not measured
    {"value_type_mismatch", F::kValue, true},         // not measured (none on dev)
    {"value_outside_domain", F::kValue, true},        // 0.55 with sample rows
    {"question_value_ignored", F::kValue, false},     // 1.00
    {"unasked_filter", F::kValue, false},             // 0.89
    {"empty_result", F::kResult, true},               // 0.74
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
