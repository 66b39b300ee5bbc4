#pragma once
// Check 5, metamorphic (MRSQLGen): the same model was asked the rewritten questions
// (question_variants.h); each answer's query runs on the database like the original, and each
// pair must keep its relation (equal, different, subset, superset). When more than
// `max_broken_share` of the effective pairs (both ran to completion) break theirs, the query is
// flagged: a `logic` finding, unsupported (the model disagrees with itself; no rule proves
// which answer is wrong). Getting the answers is the caller's (it needs the model); this file
// judges them.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/question_variants.h"
#include "filters/sql/sample_database.h"
#include "filters/sql/sql_verdict.h"

namespace groundgate::filters::sql {

struct VariantAnswer {
  QuestionVariant variant;
  std::optional<std::string> sql;  // none: the model call failed or held no query
  std::string error;               // why there is none
};

struct MetamorphicInput {
  const SampleDatabase* database = nullptr;  // never null
  const RunResult* original = nullptr;       // the original query's result (check 4)
  bool ordered = false;                      // the original query has ORDER BY
  std::span<const VariantAnswer> answers;
  std::span<const std::string> allowed_functions;
  RunLimits limits;
  double max_broken_share = 0.2;
  std::size_t min_effective = 2;  // fewer effective pairs: the check is incomplete
};

struct PairOutcome {
  VariantFamily family;
  Relation expected;
  bool effective = false;
  bool holds = false;
  std::string note;  // why not effective, or what broke
  bool cut = false;  // the variant's query stopped at its time or memory cap (or was cancelled)
};

// Appends a finding when the share of broken relations is over the bound, and sets the
// metamorphic check's state. Returns each pair's outcome.
std::vector<PairOutcome> check_metamorphic(const MetamorphicInput& input, SqlVerdict& verdict);

// Whether the query sorts its rows (ORDER BY): then equal results must match in order.
bool orders_rows(std::string_view query);

// Whether `variant`'s result stands in `relation` to `original`'s: equal (in order when
// `ordered`, else as multisets), different, subset or superset (as sets of rows).
bool relation_holds(Relation relation, const RunResult& original, const RunResult& variant,
                    bool ordered);

}  // namespace groundgate::filters::sql
