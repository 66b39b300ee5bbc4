#include "offline/training_table.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

namespace groundgate::offline {
namespace {

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace

Table flatten_training_data(const std::vector<TrainingSetInput>& sets, std::size_t folds,
                            std::string_view fold_seed) {
  Table t;
  std::vector<std::vector<std::size_t>> groups;
  for (const TrainingSetInput& set : sets)
    groups.push_back(source_groups(set.samples));
  // A source's fold follows from its first sample's id (and the seed): the same on every run.
  auto fold_of = [&](std::size_t s, std::size_t i) {
    return fnv1a(std::string(fold_seed) + sets[s].name + '/' + sets[s].samples[groups[s][i]].id) %
           folds;
  };
  for (std::size_t s = 0; s < sets.size(); ++s) {
    for (std::size_t i = 0; i < sets[s].samples.size(); ++i) {
      const Sample& sample = sets[s].samples[i];
      AnswerRow a;
      a.set = s;
      a.origin_set = s;
      a.sample = i;
      a.hallucinated = sample.label == 1;
      a.sentence_truth = sample.sentence_truth;
      a.fold = fold_of(s, i);
      if (i < sets[s].origins.size()) {
        const SampleOrigin& origin = sets[s].origins[i];
        a.origin_set = origin.set;
        a.fold = fold_of(origin.set, origin.sample);
      }
      const std::size_t answer = t.answers.size();
      t.answers.push_back(a);
      const auto& verdicts = sets[s].verified[i].verdicts;
      const std::size_t claims = static_cast<std::size_t>(std::count_if(
          verdicts.begin(), verdicts.end(),
          [](const filters::verify::SentenceVerdict& v) { return v.ok() && v.claims; }));
      for (std::size_t v = 0; v < verdicts.size(); ++v) {
        const filters::verify::SentenceVerdict& verdict = verdicts[v];
        if (!verdict.ok() || !verdict.claims) continue;
        SentenceRow row;
        row.answer = answer;
        row.verdict = v;
        row.unfaithful = sentence_unfaithful(sample, verdict.answer_begin, verdict.answer_end);
        row.truth_known = sample.sentence_truth || !a.hallucinated || claims == 1;
        if (verdict.label == filters::verify::Label::kContradicted)
          row.conflict = filters::verify::conflict_kind(verdict);
        row.rewording = filters::verify::rests_on_rewording(verdict);
        row.says_more = filters::verify::says_more_than_evidence(verdict);
        t.sentences.push_back(row);
        t.sentence_x.insert(t.sentence_x.end(), verdict.features.begin(), verdict.features.end());
      }
    }
  }
  return t;
}

bool contradicted(const SentenceRow& row, double p, const filters::score::Thresholds& thresholds) {
  return p >= filters::verify::contradicted_at(thresholds, row.conflict);
}

bool flagged(const SentenceRow& row, double p, const filters::score::Thresholds& thresholds) {
  return contradicted(row, p, thresholds) || (p >= thresholds.unsupported && !row.rewording) ||
         row.says_more;
}

std::vector<AnswerMarks> mark_answers(const Table& t, const std::vector<double>& sentence_p,
                                      const filters::score::Thresholds& thresholds) {
  std::vector<AnswerMarks> marks(t.answers.size());
  std::vector<char> checked(t.answers.size(), 0), supported(t.answers.size(), 0);
  for (std::size_t r = 0; r < t.sentences.size(); ++r) {
    const SentenceRow& row = t.sentences[r];
    AnswerMarks& m = marks[row.answer];
    checked[row.answer] = 1;
    if (contradicted(row, sentence_p[r], thresholds)) m.contradicted = true;
    if (flagged(row, sentence_p[r], thresholds)) {
      m.flagged = true;
    } else if (sentence_p[r] < thresholds.doubtful) {
      supported[row.answer] = 1;
    }
  }
  for (std::size_t a = 0; a < marks.size(); ++a)
    marks[a].all_in_doubt = checked[a] && !supported[a] && !marks[a].flagged;
  return marks;
}

}  // namespace groundgate::offline
