#pragma once
// The learned scorer's model (trained by `groundgate train`, a JSON file): a tree ensemble over
// named sentence features, one over named answer features, each with its calibration, and the
// thresholds that turn calibrated probabilities into labels. Feature names bind the file to the
// code's feature lists, so a model trained on another feature order still reads right, and one
// naming a feature the code does not compute is refused.

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/score/tree_ensemble.h"

namespace groundgate::filters::score {

// Platt scaling: probability = 1 / (1 + exp(-(a * margin + b))).
struct Calibration {
  double a = 1;
  double b = 0;
  double probability(double margin) const;
};

// One ensemble over a named feature list.
class LearnedModel {
 public:
  // `model`: {"features": [names], "base_margin": x, "trees": [...], "calibration": [a, b]}.
  // `known`: the names of the vectors it will be given, in their order.
  bool load(simdjson::dom::element model, std::span<const std::string_view> known,
            std::string& error);
  // Calibrated probability of the positive class (unfaithful) for `features` (in `known` order).
  double probability(std::span<const float> features) const;

 private:
  std::vector<std::size_t> gather_;  // model feature i is known feature gather_[i]
  double base_margin_ = 0;
  TreeEnsemble trees_;
  Calibration calibration_;
};

// Where probabilities become labels. A sentence at or above `unsupported` is unsupported; one
// an engine contradicts is contradicted at or above the threshold of its conflict's kind: a
// value (a number, a date, hours, a record's flag, an order) in `contradicted`, a clean value
// conflict (the rest of the clause, its words and names, found in the same evidence) in
// `contradicted_clean`, a negation or an antonym (a weaker signal in long answers) in
// `contradicted_polarity`. An answer at or above `answer` is hallucinated.
struct Thresholds {
  // A sentence this likely unfaithful is unsupported; from `doubtful` up to it, doubtful (the
  // band the rules cannot settle); below, supported.
  double unsupported = 0.5;
  double doubtful = 0.5;
  double contradicted = 0.9;
  double contradicted_clean = 0.9;
  double contradicted_polarity = 0.9;
  double answer = 0.5;
};

struct ScorerModel {
  LearnedModel sentence;
  LearnedModel answer;
  Thresholds thresholds;

  // Nullptr and `error` on a malformed model.
  static std::shared_ptr<const ScorerModel> parse(std::string_view json,
                                                  std::span<const std::string_view> sentence_names,
                                                  std::span<const std::string_view> answer_names,
                                                  std::string& error);
};

}  // namespace groundgate::filters::score
