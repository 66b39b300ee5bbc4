#pragma once
// A sentence verdict (filters/verify) as one JSON object, for `check` and `eval --out`.

#include <string>
#include <string_view>

#include "filters/index/context_index.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::offline {

// `answer` and `index` (may be null) add the quoted sentence and evidence texts.
void append_json(std::string& out, const filters::verify::SentenceVerdict& verdict,
                 std::string_view answer, const filters::index::ContextIndex* index);

}  // namespace groundgate::offline
