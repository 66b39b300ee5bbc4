#pragma once
// Comparisons of two named things' counts — "X has more species than Y", "X has fewer
// members." (Y the question's other alternative) — checked against the counts the context
// gives each of them. Coverage cannot see them: "more" is no content word, and the answer's
// other words are the context's.

#include <optional>

#include "filters/semantic_piece/compared_parties.h"
#include "filters/semantic_piece/order_check.h"

namespace groundgate::filters::semantic_piece {

// The conflict (OrderConflict::Kind::kReversed) when the clause compares two parties'
// counts as a fact, and the context counts both as facts of one time, the other way round;
// nothing where the context does not count both (the coverage and the scorer weigh the
// words).
std::optional<OrderConflict> check_count_comparison(const ComparedClause& clause);

}  // namespace groundgate::filters::semantic_piece
