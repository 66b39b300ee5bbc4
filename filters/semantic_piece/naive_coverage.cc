#include "filters/semantic_piece/naive_coverage.h"

#include <algorithm>
#include <string>
#include <vector>

namespace groundgate::filters::semantic_piece {

Verdict naive_coverage(const index::ContextIndex& index, std::string_view question,
                       std::string_view answer, double max_missing_share) {
  std::vector<std::string> asked = index::ContextIndex::query_terms(question);
  std::sort(asked.begin(), asked.end());
  std::size_t words = 0;
  std::size_t missing = 0;
  for (const std::string& stem : index::ContextIndex::query_terms(answer)) {
    ++words;
    if (index.terms().find(stem) == index::kNoTerm &&
        !std::binary_search(asked.begin(), asked.end(), stem)) {
      ++missing;
    }
  }
  Verdict v;
  v.answer_begin = 0;
  v.answer_end = answer.size();
  const double share = words == 0 ? 0.0 : static_cast<double>(missing) / words;
  v.score = 1 - share;
  if (missing > 0 && share > max_missing_share) {
    v.label = Label::kUnsupported;
    v.reason_code = ReasonCode::kLowCoverage;
    v.type = HallucinationType::kAbsoluteFabrication;
  }
  v.reason = std::to_string(missing) + " of " + std::to_string(words) +
             " content words not in the context or question";
  return v;
}

}  // namespace groundgate::filters::semantic_piece
