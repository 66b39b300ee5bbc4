#pragma once
// What a question asks of a query's clauses, read with the cue tables (intent_cues.h): "how
// many" asks for a count, "the three oldest" for an order and a limit of 3, "at least 5" for
// `>= 5`, "not" for a negation. Each cue keeps its phrase and span, so a finding can name the
// words it is about. Bounded: questions are read up to 8 KiB.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/intent_cues.h"

namespace groundgate::filters::sql {

struct Cue {
  CueKind kind = CueKind::kCount;
  std::string phrase;     // as the question writes it
  std::size_t begin = 0;  // byte span in the question
  std::size_t end = 0;
  std::size_t word = 0;          // index of its first word
  std::optional<double> number;  // the number of a comparison, a top-N or "the 3 largest"
  bool sort_range = false;       // "from oldest to youngest": an order, not a single row
};

class QuestionIntent {
 public:
  explicit QuestionIntent(std::string_view question);

  const std::vector<Cue>& cues() const { return cues_; }
  bool has(CueKind kind) const;
  const Cue* first(CueKind kind) const;
  // Every number the question writes (digits or number words).
  const std::vector<double>& numbers() const { return numbers_; }
  bool names_number(double value) const;

 private:
  std::vector<Cue> cues_;
  std::vector<double> numbers_;
};

// The superlatives: most, least, oldest, youngest, earliest, latest.
bool is_superlative(CueKind kind);
// The comparisons with a number: greater, less, at least, at most.
bool is_comparison(CueKind kind);

}  // namespace groundgate::filters::sql
