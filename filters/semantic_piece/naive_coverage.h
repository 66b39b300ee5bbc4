#pragma once

#include <string_view>

#include "filters/index/context_index.h"
#include "filters/semantic_piece/verdict.h"

namespace groundgate::filters::semantic_piece {

// The floor every engine must beat: the share of the answer's content words (stems) found
// neither in the context nor in the question. One verdict for the whole answer, unsupported
// when the share exceeds `max_missing_share` (0: any missing word).
Verdict naive_coverage(const index::ContextIndex& index, std::string_view question,
                       std::string_view answer, double max_missing_share);

}  // namespace groundgate::filters::semantic_piece
