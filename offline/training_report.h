#pragma once
// `groundgate train`'s report: per data set, answers at the answer threshold (balanced
// accuracy, precision, recall, F1), sentences at the unsupported threshold where the set labels
// sentences, and how precise the answers holding a contradicted sentence are, as a Markdown
// table.

#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/score/scorer_model.h"
#include "offline/training_table.h"

namespace groundgate::offline {

// Probabilities for every row of a Table (out of fold, or from a model trained on other sets)
// and the thresholds that label them.
struct ScoredTable {
  filters::score::Thresholds thresholds;
  std::vector<double> sentence_p;
  std::vector<double> answer_p;
};

// The table's header, then one row per set with an answer `use_answer` selects.
extern const std::string_view kReportTableHeader;
std::string report_rows(const std::vector<TrainingSetInput>& sets, const Table& t,
                        const ScoredTable& p, const std::function<bool(std::size_t)>& use_answer);

// printf into a string (report lines, model file numbers).
std::string printf_string(const char* f, auto... args) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, f, args...);
  return buffer;
}

}  // namespace groundgate::offline
