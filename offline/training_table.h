#pragma once
// `groundgate train`'s data, flattened once: one row per answer and one per verified sentence
// with a claim (its features, its truth, the engines' conflict), each answer in a fold that
// keeps its source (a context, a specific question) out of every other fold.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "filters/score/scorer_model.h"
#include "filters/verify/scored_label.h"
#include "offline/eval_run.h"
#include "offline/eval_samples.h"

namespace groundgate::offline {

// A sample of another set another is made from.
struct SampleOrigin {
  std::size_t set = 0;
  std::size_t sample = 0;
};

struct TrainingSetInput {
  std::string name;  // e.g. the file's stem
  std::vector<Sample> samples;
  std::vector<VerifiedSample> verified;  // one per sample, verified with the scorer off
  // A set made from the others' contexts (synthetic_set.h): learned from, but thresholds are
  // chosen on the others, and each sample keeps the fold of the sample it was made from
  // (`origins`, one per sample) and leaves training when that sample's set is held out.
  bool synthetic = false;
  std::vector<SampleOrigin> origins;
};

// One verified sentence with a claim.
struct SentenceRow {
  std::size_t answer = 0;
  std::size_t verdict = 0;  // index into the sample's verdicts
  bool unfaithful = false;
  // Whether `unfaithful` is known: from sentence labels, or a faithful answer's sentence, or the
  // only claim of a hallucinated answer. The other sentences of a hallucinated answer without
  // sentence labels are scored (the answer model reads them) but not learned from.
  bool truth_known = true;
  filters::verify::ConflictKind conflict =
      filters::verify::ConflictKind::kNone;  // an engine's contradiction
  bool rewording = false;  // a flag would rest on rewording alone: at most doubtful
  bool says_more = false;  // aligned evidence says less than it (modality): at least unsupported
};

struct AnswerRow {
  std::size_t set = 0;
  std::size_t origin_set = 0;  // the set its source belongs to: `set` but for synthetic sets
  std::size_t sample = 0;      // index into the set's samples
  bool hallucinated = false;
  bool sentence_truth = false;
  std::size_t fold = 0;
};

// Everything flattened once.
struct Table {
  std::vector<AnswerRow> answers;
  std::vector<SentenceRow> sentences;
  std::vector<float> sentence_x;  // row-major, kSentenceFeatureCount wide
};

// Every set's answers and sentences, folds assigned (the same on every run).
Table flatten_training_data(const std::vector<TrainingSetInput>& sets, std::size_t folds,
                            std::string_view fold_seed = {});

// Whether the sentence row is labelled contradicted at `thresholds` with probability `p`.
bool contradicted(const SentenceRow& row, double p, const filters::score::Thresholds& thresholds);
// Whether it is labelled contradicted or unsupported: a flag the summary and the actions act on.
bool flagged(const SentenceRow& row, double p, const filters::score::Thresholds& thresholds);

// An answer's sentences as the answer rule reads them (verify::apply_rule).
struct AnswerMarks {
  bool contradicted = false;  // a sentence is contradicted
  bool flagged = false;       // a sentence is contradicted or unsupported
  bool all_in_doubt = false;  // none flagged, none supported, and some checked: all doubtful
};
// One per answer of `t`, its sentences scored `sentence_p` (one per sentence row).
std::vector<AnswerMarks> mark_answers(const Table& t, const std::vector<double>& sentence_p,
                                      const filters::score::Thresholds& thresholds);

}  // namespace groundgate::offline
