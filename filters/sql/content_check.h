#pragma once
// Check 3 with a database: a value the query filters on (`country = 'Untied States'`) that the
// column never holds is a `content` finding. Contradicted, with the stored value as its
// replacement, when a close one exists (a typo, another letter case: the query finds nothing
// either way); unsupported when none does and the question never named the value (the model
// made it up); no finding when the user named it and it is simply absent (the answer "none"
// is right).

#include <chrono>
#include <span>

#include "filters/sql/predicates.h"
#include "filters/sql/query_names.h"
#include "filters/sql/question_terms.h"
#include "filters/sql/sample_database.h"
#include "filters/sql/sql_verdict.h"

namespace groundgate::filters::sql {

struct ContentInput {
  const SampleDatabase* database = nullptr;  // never null
  const QueryNames* names = nullptr;         // never null
  const QuestionTerms* question = nullptr;   // null or empty: no question
  std::span<const Predicate> predicates;
  RunLimits limits;  // per probe
  std::size_t max_probes = 32;
  // All probes of one query together: past it the check stops, incomplete.
  std::chrono::microseconds budget{100'000};
};

// Appends findings; returns false when some probe did not finish (time, busy).
bool check_content(const ContentInput& input, SqlVerdict& verdict);

}  // namespace groundgate::filters::sql
