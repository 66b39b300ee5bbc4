#pragma once
// `groundgate train`'s pipeline, on samples already verified with the scorer off:
//  1. a sentence model (gradient-boosted trees over the sentence features) learns whether a
//     sentence is unfaithful where that is known (training_table.h); out-of-fold margins are
//     calibrated (Platt);
//  2. an answer model learns from the answer features of those out-of-fold probabilities
//     (stacking), calibrated the same way;
//  3. thresholds: doubt from the middle of those where the sentences' mean F1 over the data
//     sets is within 0.01 of its best; a sentence flag, and an answer flag on answers all in
//     doubt (at most one half), from the lowest at which such flags are right `flag_precision`
//     of the time on the mean over sets (each set weighing by its flags, up to ten); per kind
//     of conflict the lowest contradiction threshold at which an answer holding a contradicted
//     sentence is hallucinated with the wanted precision on every set.
// Folds keep every source (a context, a specific question) in one fold; each data set weighs
// the same and within it both classes weigh the same.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "filters/score/training/gbdt_trainer.h"
#include "offline/training_table.h"

namespace groundgate::offline {

// Bagging (gbdt_trainer.h): boosters per model, and the share of the rows each tree of a bag
// is grown on — enough that a bag learns what one booster on every row learns, few enough
// that the bags differ.
inline constexpr std::size_t kBags = 5;
inline constexpr double kBagSubsample = 0.8;

struct TrainingOptions {
  std::size_t folds = 5;
  // Mixed into the hash that puts a source in a fold: another seed, another split of the
  // same sources (how much a figure moves with the split). Empty: the split of the model file.
  std::string fold_seed;
  // Each model the mean of kBags boosters, each tree grown on kBagSubsample of the rows: one
  // booster on every row changed its figures by 0.01-0.04 with a few changed training rows or
  // another split of the folds; the bags' mean moves less (bench/RESULTS.md, session 53).
  filters::score::training::GbdtParams sentence{200, 3, 0.1, 5, 1, {}, kBags, kBagSubsample};
  filters::score::training::GbdtParams answer{100, 2, 0.1, 5, 1, {}, kBags, kBagSubsample};
  double contradicted_precision = 0.9;
  // The unsupported threshold: the lowest at which flagged sentences are unfaithful this often
  // (mean over the sets: a flag right twice as often as wrong); below it, down to the doubt
  // threshold, doubt.
  double flag_precision = 2.0 / 3.0;
  bool leave_one_set_out = true;  // also report each set scored by a model trained on the others
  // The answer stage learns from each set's sentences as scored by a model trained on the other
  // sets (scorer_training.cc), rather than cross-validated within its own set.
  bool answer_from_other_sets = true;
  // The doubtful and unsupported thresholds are chosen on each set's sentences as scored by a
  // model trained on the other sets, rather than cross-validated within their own set (flags
  // more often right on a new kind of data, fewer flags on the known ones: bench/RESULTS.md).
  bool flags_from_other_sets = false;
  // Sentence or answer features held at zero, as if not computed: what a feature adds,
  // measured. (The answer features' columns are resolved into without_answer.)
  std::vector<std::string> without;
  std::vector<std::size_t> without_answer;
};

struct TrainingResult {
  std::string model_json;  // the model file
  std::string report;      // cross-validated figures, for people
  // Per answer of the labelled sets, JSONL: its set, id and label, the probability the
  // cross-validated pipeline gave it and, with leave_one_set_out, the one a pipeline trained on
  // the other sets gave it ("loso"), each with its sentences' highest.
  std::string scores;
  std::string error;  // empty on success
};

TrainingResult train_scorer(const std::vector<TrainingSetInput>& sets,
                            const TrainingOptions& options, std::string_view command_line);

}  // namespace groundgate::offline
