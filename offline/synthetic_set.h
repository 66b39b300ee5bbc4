#pragma once
// `groundgate train --synthetic`: a training set of short answers in short contexts, made from
// the contexts of the labelled sets (filters/score/training/perturbations.h): per source, each
// prose passage gives a sentence as a faithful answer and the same sentence with one change as
// an unfaithful one. Learned from like any set; not used to choose thresholds.

#include <optional>
#include <string>
#include <vector>

#include "offline/training_table.h"

namespace groundgate::offline {

// The set "synthetic", its samples not verified yet; nullopt and `error` when WordNet (the
// rewordings' synonyms) cannot be loaded, as the same command must make the same set.
std::optional<TrainingSetInput> synthetic_set(const std::vector<TrainingSetInput>& sets,
                                              std::string& error);

// The samples as JSONL in the data format `groundgate eval` reads, to look at.
std::string synthetic_jsonl(const TrainingSetInput& set);

}  // namespace groundgate::offline
