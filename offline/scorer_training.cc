#include "offline/scorer_training.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>

#include "filters/score/scorer_model.h"
#include "filters/score/training/platt.h"
#include "filters/score/training/thresholds.h"
#include "filters/semantic_piece/verdict_json.h"
#include "filters/verify/answer_features.h"
#include "filters/verify/scored_label.h"
#include "filters/verify/sentence_features.h"
#include "offline/training_report.h"

namespace groundgate::offline {
namespace {

namespace verify = filters::verify;
namespace training = filters::score::training;
using filters::score::Calibration;
using filters::score::Thresholds;

// The answer threshold (fit_pipeline): more likely than not.
constexpr double kAnswerThreshold = 0.5;

// Each set weighs the same, and within it each class.
std::vector<float> balanced_weights(const std::vector<std::size_t>& set,
                                    const std::vector<float>& y, std::size_t sets) {
  std::vector<double> count(sets * 2, 0);
  for (std::size_t i = 0; i < y.size(); ++i)
    count[set[i] * 2 + (y[i] > 0.5f)] += 1;
  std::vector<float> w(y.size());
  double sum = 0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    const std::size_t cell = set[i] * 2 + (y[i] > 0.5f);
    const bool both = count[set[i] * 2] > 0 && count[set[i] * 2 + 1] > 0;
    w[i] = static_cast<float>((both ? 0.5 : 1.0) / count[cell]);
    sum += w[i];
  }
  for (float& x : w)
    x = static_cast<float>(x * static_cast<double>(y.size()) / sum);
  return w;
}

// A design matrix with the rows `keep` selects.
struct Subset {
  training::TrainingSet data;
  std::vector<std::size_t> rows;
};

Subset subset(const std::vector<float>& x, std::size_t columns, const std::vector<float>& y,
              const std::vector<std::size_t>& set, std::size_t sets,
              const std::function<bool(std::size_t)>& keep) {
  Subset out;
  out.data.columns = columns;
  std::vector<std::size_t> row_set;
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (!keep(i)) continue;
    out.rows.push_back(i);
    out.data.x.insert(out.data.x.end(), x.begin() + static_cast<std::ptrdiff_t>(i * columns),
                      x.begin() + static_cast<std::ptrdiff_t>((i + 1) * columns));
    out.data.y.push_back(y[i]);
    row_set.push_back(set[i]);
  }
  out.data.weight = balanced_weights(row_set, out.data.y, sets);
  return out;
}

std::vector<float> rows_of(const std::vector<float>& x, std::size_t columns,
                           const std::vector<std::size_t>& rows) {
  std::vector<float> out;
  out.reserve(rows.size() * columns);
  for (std::size_t i : rows)
    out.insert(out.end(), x.begin() + static_cast<std::ptrdiff_t>(i * columns),
               x.begin() + static_cast<std::ptrdiff_t>((i + 1) * columns));
  return out;
}

// A trained model with its calibration, or why training failed.
struct Fitted {
  training::GbdtModel model;
  Calibration calibration;
};

// Out-of-fold margins for the rows `use` selects (others stay 0): for each fold, a model
// trained on the selected rows of the other folds.
std::optional<std::vector<double>> out_of_fold(
    const std::vector<float>& x, std::size_t columns, const std::vector<float>& y,
    const std::vector<std::size_t>& set, const std::vector<std::size_t>& fold, std::size_t folds,
    std::size_t sets, const std::function<bool(std::size_t)>& use,
    const std::function<bool(std::size_t)>& learn_from, const training::GbdtParams& params,
    std::string& error, const std::vector<float>* predict_x = nullptr) {
  std::vector<double> margins(y.size(), 0);
  for (std::size_t k = 0; k < folds; ++k) {
    Subset train = subset(x, columns, y, set, sets,
                          [&](std::size_t i) { return learn_from(i) && fold[i] != k; });
    std::vector<std::size_t> test;
    for (std::size_t i = 0; i < y.size(); ++i) {
      if (use(i) && fold[i] == k) test.push_back(i);
    }
    if (test.empty() || train.rows.empty()) continue;
    training::GbdtModel model;
    if (!model.train(train.data, params, error)) return std::nullopt;
    const std::vector<double> m =
        model.margins(rows_of(predict_x != nullptr ? *predict_x : x, columns, test), columns);
    if (m.size() != test.size()) {
      error = "prediction failed";
      return std::nullopt;
    }
    for (std::size_t j = 0; j < test.size(); ++j)
      margins[test[j]] = m[j];
  }
  return margins;
}

// Margins for the sentence rows of each labelled set `use` selects, each from a model trained on
// the rows of the other sets (and the synthetic rows not made from it): how a model scores a
// kind of data it has not seen.
std::optional<std::vector<double>> other_set_margins(
    const std::vector<TrainingSetInput>& sets, const Table& t, const std::vector<float>& y,
    const std::vector<std::size_t>& set, const std::function<bool(std::size_t)>& use,
    const std::function<bool(std::size_t)>& learn_from, const training::GbdtParams& params,
    std::string& error) {
  const std::size_t columns = verify::kSentenceFeatureCount;
  std::vector<double> margins(y.size(), 0);
  for (std::size_t held = 0; held < sets.size(); ++held) {
    if (sets[held].synthetic) continue;
    std::vector<std::size_t> test;
    for (std::size_t r = 0; r < y.size(); ++r) {
      if (use(r) && t.answers[t.sentences[r].answer].set == held) test.push_back(r);
    }
    if (test.empty()) continue;
    Subset train = subset(t.sentence_x, columns, y, set, sets.size(), [&](std::size_t r) {
      const AnswerRow& a = t.answers[t.sentences[r].answer];
      return learn_from(r) && a.set != held && a.origin_set != held;
    });
    if (train.rows.empty()) continue;
    training::GbdtModel model;
    if (!model.train(train.data, params, error)) return std::nullopt;
    const std::vector<double> m = model.margins(rows_of(t.sentence_x, columns, test), columns);
    if (m.size() != test.size()) {
      error = "prediction failed";
      return std::nullopt;
    }
    for (std::size_t j = 0; j < test.size(); ++j)
      margins[test[j]] = m[j];
  }
  return margins;
}

std::optional<Fitted> fit_all(const std::vector<float>& x, std::size_t columns,
                              const std::vector<float>& y, const std::vector<std::size_t>& set,
                              std::size_t sets, const std::function<bool(std::size_t)>& use,
                              const training::GbdtParams& params, std::string& error) {
  Subset all = subset(x, columns, y, set, sets, use);
  Fitted f;
  if (!f.model.train(all.data, params, error)) return std::nullopt;
  return f;
}

// The data of one pipeline run (all sets, or all but one).
struct Stage {
  std::vector<float> y;
  std::vector<std::size_t> set;
  std::vector<std::size_t> fold;
};

// The answer features of every answer, its sentences scored by `probability` (per sentence row);
// the columns `without` names held at zero.
std::vector<float> answer_features(const std::vector<TrainingSetInput>& sets, const Table& t,
                                   const std::vector<double>& probability,
                                   const std::vector<std::size_t>& without) {
  std::vector<verify::AnswerAggregate> aggregates(t.answers.size());
  std::vector<std::size_t> next_row(t.answers.size(), 0);
  // Sentence rows are in answer order; walk each answer's verdicts, scored or not.
  std::size_t row = 0;
  for (std::size_t a = 0; a < t.answers.size(); ++a) {
    const auto& verdicts = sets[t.answers[a].set].verified[t.answers[a].sample].verdicts;
    for (std::size_t v = 0; v < verdicts.size(); ++v) {
      if (!verdicts[v].ok()) continue;
      verify::SentenceVerdict scored = verdicts[v];
      if (row < t.sentences.size() && t.sentences[row].answer == a &&
          t.sentences[row].verdict == v) {
        scored.unfaithful = probability[row];
        ++row;
      }
      aggregates[a].add(scored);
    }
  }
  std::vector<float> out;
  out.reserve(t.answers.size() * verify::kAnswerFeatureCount);
  for (const verify::AnswerAggregate& aggregate : aggregates) {
    verify::AnswerFeatures f = aggregate.features();
    for (std::size_t column : without)
      f[column] = 0;
    out.insert(out.end(), f.begin(), f.end());
  }
  return out;
}

std::vector<double> calibrated(const std::vector<double>& margins, const Calibration& c) {
  std::vector<double> out(margins.size());
  for (std::size_t i = 0; i < margins.size(); ++i)
    out[i] = c.probability(margins[i]);
  return out;
}

Calibration platt_on(const std::vector<double>& margins, const std::vector<float>& y,
                     const std::function<bool(std::size_t)>& use) {
  std::vector<double> m;
  std::vector<float> labels;
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (!use(i)) continue;
    m.push_back(margins[i]);
    labels.push_back(y[i]);
  }
  return training::fit_platt(m, labels);
}

// Everything `train_scorer` fits, on the answers `use` selects (all, or all but one set).
struct Pipeline {
  Fitted sentence;
  Fitted answer;
  ScoredTable scored;  // out of fold, for the selected answers and their sentences
};

// The lowest threshold (from `floor` up) at which, on every set, answers holding a sentence an
// engine contradicts (with a conflict of `kind`) with p at or above it are hallucinated with at
// least `precision`.
double contradiction_threshold(const Table& t, const std::vector<double>& sentence_p,
                               std::size_t sets, verify::ConflictKind kind, double floor,
                               double precision,
                               const std::function<bool(std::size_t)>& use_answer) {
  for (int step = static_cast<int>(floor * 100); step <= 100; ++step) {
    const double threshold = step / 100.0;
    std::vector<char> flagged(t.answers.size(), 0);
    for (std::size_t r = 0; r < t.sentences.size(); ++r) {
      const SentenceRow& row = t.sentences[r];
      if (use_answer(row.answer) && row.conflict == kind && sentence_p[r] >= threshold)
        flagged[row.answer] = 1;
    }
    bool ok = true;
    for (std::size_t s = 0; s < sets && ok; ++s) {
      double hits = 0, right = 0;
      for (std::size_t a = 0; a < t.answers.size(); ++a) {
        if (!flagged[a] || t.answers[a].set != s) continue;
        hits += 1;
        right += t.answers[a].hallucinated;
      }
      ok = hits == 0 || right / hits >= precision;
    }
    if (ok) return threshold;
  }
  return 1.0;
}

// Which rows a pipeline sees: the answers `use_answer` selects and, of them, what each stage
// learns from.
struct Selection {
  const std::vector<TrainingSetInput>& sets;
  const Table& t;
  std::function<bool(std::size_t)> use_answer;

  bool use_sentence(std::size_t r) const { return use_answer(t.sentences[r].answer); }
  bool learn_sentence(std::size_t r) const { return use_sentence(r) && t.sentences[r].truth_known; }
  // A synthetic set teaches the sentence model only: calibrations, the answer model and the
  // thresholds are fitted on the labelled sets alone.
  bool labelled(std::size_t a) const { return use_answer(a) && !sets[t.answers[a].set].synthetic; }
  bool calibrate_sentence(std::size_t r) const {
    return learn_sentence(r) && labelled(t.sentences[r].answer);
  }
  auto by_row(bool (Selection::*which)(std::size_t) const) const {
    return [this, which](std::size_t i) { return (this->*which)(i); };
  }
};

Stage sentence_stage(const Table& t) {
  Stage s;
  for (const SentenceRow& row : t.sentences) {
    s.y.push_back(row.unfaithful);
    s.set.push_back(t.answers[row.answer].set);
    s.fold.push_back(t.answers[row.answer].fold);
  }
  return s;
}

Stage answer_stage(const Table& t) {
  Stage a;
  for (const AnswerRow& row : t.answers) {
    a.y.push_back(row.hallucinated);
    a.set.push_back(row.set);
    a.fold.push_back(row.fold);
  }
  return a;
}

// The sentence probabilities the answer model learns from and the flag thresholds are chosen
// on: as a model gives them to a kind of data it has not seen (each labelled set scored by a
// sentence model trained on the others), where the options ask for them; else `in_domain`.
std::optional<std::vector<double>> unseen_probabilities(const Selection& sel, const Stage& s,
                                                        const TrainingOptions& options,
                                                        const Calibration& calibration,
                                                        const std::vector<double>& in_domain,
                                                        std::string& error) {
  std::vector<double> unseen_p = in_domain;
  if (!options.answer_from_other_sets && !options.flags_from_other_sets) return unseen_p;
  auto other = other_set_margins(sel.sets, sel.t, s.y, s.set, sel.by_row(&Selection::use_sentence),
                                 sel.by_row(&Selection::learn_sentence), options.sentence, error);
  if (!other) return std::nullopt;
  for (std::size_t r = 0; r < sel.t.sentences.size(); ++r) {
    if (sel.labelled(sel.t.sentences[r].answer)) unseen_p[r] = calibration.probability((*other)[r]);
  }
  return unseen_p;
}

// The flag thresholds: doubt from where a flag would be best balanced (F1), a flag from where
// it is right far more often than not, a contradiction per kind of conflict. The sentences they
// are chosen on are scored by `flag_p`; a sentence whose flag would rest on rewording alone is
// never flagged (at most doubtful), one that says more than its aligned evidence always is.
void choose_flag_thresholds(const Selection& sel, const Stage& s, const TrainingOptions& options,
                            const std::vector<double>& flag_p, ScoredTable& scored) {
  std::vector<training::ScoredItem> sentences, flaggable;
  for (std::size_t r = 0; r < sel.t.sentences.size(); ++r) {
    if (!sel.calibrate_sentence(r)) continue;
    sentences.push_back({flag_p[r], s.y[r] > 0.5f, s.set[r]});
    const SentenceRow& row = sel.t.sentences[r];
    const double p = row.says_more ? 1.0 : row.rewording ? 0.0 : flag_p[r];
    flaggable.push_back({p, s.y[r] > 0.5f, s.set[r]});
  }
  const std::size_t sets = sel.sets.size();
  Thresholds& th = scored.thresholds;
  th.doubtful = training::best_mean_f1_threshold(sentences, sets);
  th.unsupported =
      training::lowest_precise_threshold(flaggable, sets, options.flag_precision, th.doubtful);
  auto labelled = sel.by_row(&Selection::labelled);
  th.contradicted =
      contradiction_threshold(sel.t, scored.sentence_p, sets, verify::ConflictKind::kValue,
                              th.doubtful, options.contradicted_precision, labelled);
  th.contradicted_clean =
      contradiction_threshold(sel.t, scored.sentence_p, sets, verify::ConflictKind::kCleanValue,
                              th.doubtful, options.contradicted_precision, labelled);
  th.contradicted_polarity =
      contradiction_threshold(sel.t, scored.sentence_p, sets, verify::ConflictKind::kPolarity,
                              th.doubtful, options.contradicted_precision, labelled);
}

std::optional<Pipeline> fit_pipeline(const std::vector<TrainingSetInput>& sets, const Table& t,
                                     const TrainingOptions& options,
                                     const std::function<bool(std::size_t)>& use_answer,
                                     std::string& error) {
  const std::size_t columns = verify::kSentenceFeatureCount;
  const Selection sel{sets, t, use_answer};
  const Stage s = sentence_stage(t);
  Pipeline p;
  auto margins = out_of_fold(t.sentence_x, columns, s.y, s.set, s.fold, options.folds, sets.size(),
                             sel.by_row(&Selection::use_sentence),
                             sel.by_row(&Selection::learn_sentence), options.sentence, error);
  if (!margins) return std::nullopt;
  p.sentence.calibration = platt_on(*margins, s.y, sel.by_row(&Selection::calibrate_sentence));
  p.scored.sentence_p = calibrated(*margins, p.sentence.calibration);

  // The answer model learns from sentence probabilities as a model gives them to a kind of data
  // it has not seen, so that a new kind of data, whose sentences score higher or lower than the
  // known ones, does not get every answer flagged; its calibration and threshold come from
  // those scores too.
  const auto unseen_p =
      unseen_probabilities(sel, s, options, p.sentence.calibration, p.scored.sentence_p, error);
  if (!unseen_p) return std::nullopt;
  const Stage a = answer_stage(t);
  auto labelled = sel.by_row(&Selection::labelled);
  const std::vector<float> answer_x =
      answer_features(sets, t, options.answer_from_other_sets ? *unseen_p : p.scored.sentence_p,
                      options.without_answer);
  const std::vector<float> answer_cv_x =
      answer_features(sets, t, p.scored.sentence_p, options.without_answer);
  auto answer_margins =
      out_of_fold(answer_x, verify::kAnswerFeatureCount, a.y, a.set, a.fold, options.folds,
                  sets.size(), use_answer, labelled, options.answer, error);
  auto answer_cv_margins =
      out_of_fold(answer_x, verify::kAnswerFeatureCount, a.y, a.set, a.fold, options.folds,
                  sets.size(), use_answer, labelled, options.answer, error, &answer_cv_x);
  if (!answer_margins || !answer_cv_margins) return std::nullopt;
  p.answer.calibration = platt_on(*answer_margins, a.y, labelled);
  // Reported: the answers as the model scores them in-domain (their sentences cross-validated).
  p.scored.answer_p = calibrated(*answer_cv_margins, p.answer.calibration);

  choose_flag_thresholds(sel, s, options,
                         options.flags_from_other_sets ? *unseen_p : p.scored.sentence_p, p.scored);
  // The answer threshold is where the calibrated answer model says "hallucinated" is more
  // likely than not. It decides only answers whose every sentence is in doubt, a few dozen per
  // set and most of them one set's: a threshold chosen on their precision went to 0 (every such
  // answer flagged, the model with no say) whenever that set's were mostly hallucinated, and
  // then flagged half the faithful answers of a kind of data the model never saw (figures read
  // off a filing), where doubt is common and mostly unfounded.
  p.scored.thresholds.answer = kAnswerThreshold;

  auto sentence_model = fit_all(t.sentence_x, columns, s.y, s.set, sets.size(),
                                sel.by_row(&Selection::learn_sentence), options.sentence, error);
  auto answer_model = fit_all(answer_x, verify::kAnswerFeatureCount, a.y, a.set, sets.size(),
                              labelled, options.answer, error);
  if (!sentence_model || !answer_model) return std::nullopt;
  p.sentence.model = std::move(sentence_model->model);
  p.answer.model = std::move(answer_model->model);
  return p;
}

std::string learned_json(const Fitted& f, const auto& names, std::string& error) {
  std::string out = "{\"features\":[";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ',';
    filters::semantic_piece::append_json_string(out, names[i]);
  }
  out += "],\"base_margin\":0,\"calibration\":[" +
         printf_string("%.9g,%.9g", f.calibration.a, f.calibration.b) +
         "],\n\"trees\":" + f.model.trees_json(error) + "}";
  return out;
}

// Resolves --without: answer features into `resolved.without_answer`, sentence features held at
// zero in the table. An error names an unknown feature.
std::string hold_features_at_zero(const TrainingOptions& options, TrainingOptions& resolved,
                                  Table& t) {
  const auto& names = verify::sentence_feature_names();
  const auto& answer_names = verify::answer_feature_names();
  for (const std::string& name : options.without) {
    if (const auto at = std::find(answer_names.begin(), answer_names.end(), name);
        at != answer_names.end()) {
      resolved.without_answer.push_back(static_cast<std::size_t>(at - answer_names.begin()));
      continue;
    }
    const auto at = std::find(names.begin(), names.end(), name);
    if (at == names.end()) return "--without: no sentence or answer feature '" + name + "'";
    const auto column = static_cast<std::size_t>(at - names.begin());
    for (std::size_t r = 0; r < t.sentences.size(); ++r)
      t.sentence_x[r * verify::kSentenceFeatureCount + column] = 0;
  }
  return {};
}

// Per answer: the highest of its sentences' probabilities.
std::vector<double> highest_per_answer(const Table& t, const std::vector<double>& sentence_p) {
  std::vector<double> out(t.answers.size(), 0);
  for (std::size_t r = 0; r < t.sentences.size(); ++r)
    out[t.sentences[r].answer] = std::max(out[t.sentences[r].answer], sentence_p[r]);
  return out;
}

// The answers `held` selects (and their sentences), scored by `fitted`'s models and thresholds.
ScoredTable score_with(const std::vector<TrainingSetInput>& sets, const Table& t,
                       const Pipeline& fitted, const std::vector<std::size_t>& without_answer,
                       const std::function<bool(std::size_t)>& held) {
  ScoredTable scored;
  scored.thresholds = fitted.scored.thresholds;
  scored.sentence_p.assign(t.sentences.size(), 0);
  scored.answer_p.assign(t.answers.size(), 0);
  std::vector<std::size_t> rows;
  for (std::size_t r = 0; r < t.sentences.size(); ++r) {
    if (held(t.sentences[r].answer)) rows.push_back(r);
  }
  const std::vector<double> m = fitted.sentence.model.margins(
      rows_of(t.sentence_x, verify::kSentenceFeatureCount, rows), verify::kSentenceFeatureCount);
  for (std::size_t j = 0; j < rows.size() && j < m.size(); ++j)
    scored.sentence_p[rows[j]] = fitted.sentence.calibration.probability(m[j]);
  const std::vector<float> answer_x = answer_features(sets, t, scored.sentence_p, without_answer);
  std::vector<std::size_t> answers;
  for (std::size_t a = 0; a < t.answers.size(); ++a) {
    if (held(a)) answers.push_back(a);
  }
  const std::vector<double> am = fitted.answer.model.margins(
      rows_of(answer_x, verify::kAnswerFeatureCount, answers), verify::kAnswerFeatureCount);
  for (std::size_t j = 0; j < answers.size() && j < am.size(); ++j)
    scored.answer_p[answers[j]] = fitted.answer.calibration.probability(am[j]);
  return scored;
}

// Per answer of a labelled set, its probabilities under a model trained on the other sets
// (-1 where not scored).
struct HeldOut {
  std::vector<double> answer;
  std::vector<double> highest;
};

// Each labelled set scored by a pipeline fitted on the other sets: its report rows appended to
// `report`, its answers' probabilities returned.
std::optional<HeldOut> leave_one_set_out(const std::vector<TrainingSetInput>& sets, const Table& t,
                                         const TrainingOptions& resolved, std::string& report,
                                         std::string& error) {
  HeldOut out{std::vector<double>(t.answers.size(), -1), std::vector<double>(t.answers.size(), -1)};
  report += "\nEach set scored by a model trained on the other sets only (its thresholds too):\n\n";
  report += kReportTableHeader;
  for (std::size_t held = 0; held < sets.size(); ++held) {
    if (sets[held].synthetic) continue;
    // A synthetic answer made from the held-out set's contexts leaves with it.
    auto others = [&](std::size_t a) {
      return t.answers[a].set != held && t.answers[a].origin_set != held;
    };
    auto fitted = fit_pipeline(sets, t, resolved, others, error);
    if (!fitted) return std::nullopt;
    const ScoredTable scored = score_with(sets, t, *fitted, resolved.without_answer,
                                          [&](std::size_t a) { return !others(a); });
    report += report_rows(sets, t, scored, [&](std::size_t a) { return t.answers[a].set == held; });
    const std::vector<double> held_highest = highest_per_answer(t, scored.sentence_p);
    for (std::size_t a = 0; a < t.answers.size(); ++a) {
      if (t.answers[a].set != held) continue;
      out.answer[a] = scored.answer_p[a];
      out.highest[a] = held_highest[a];
    }
  }
  return out;
}

// One JSON line per labelled answer: its label, cross-validated and held-out probabilities.
std::string scores_jsonl(const std::vector<TrainingSetInput>& sets, const Table& t,
                         const ScoredTable& cv, const HeldOut& held_out) {
  const std::vector<double> cv_highest = highest_per_answer(t, cv.sentence_p);
  std::string out;
  for (std::size_t a = 0; a < t.answers.size(); ++a) {
    const TrainingSetInput& set = sets[t.answers[a].set];
    if (set.synthetic) continue;
    out += "{\"set\":";
    filters::semantic_piece::append_json_string(out, set.name);
    out += ",\"id\":";
    filters::semantic_piece::append_json_string(out, set.samples[t.answers[a].sample].id);
    out += printf_string(",\"label\":%d,\"cv\":%.4f,\"cv_highest\":%.4f",
                         t.answers[a].hallucinated ? 1 : 0, cv.answer_p[a], cv_highest[a]);
    if (held_out.answer[a] >= 0)
      out += printf_string(",\"loso\":%.4f,\"loso_highest\":%.4f", held_out.answer[a],
                           held_out.highest[a]);
    out += "}\n";
  }
  return out;
}

std::string model_json(const std::vector<TrainingSetInput>& sets, const TrainingOptions& options,
                       std::string_view command_line, const std::string& report,
                       const Pipeline& pipeline, std::string& error) {
  std::string json = "{\"format\":\"groundgate-scorer/1\",\n\"trained\":{\"command\":";
  filters::semantic_piece::append_json_string(json, command_line);
  json += ",\"sets\":[";
  for (std::size_t s = 0; s < sets.size(); ++s) {
    if (s > 0) json += ',';
    json += "{\"name\":";
    filters::semantic_piece::append_json_string(json, sets[s].name);
    json += printf_string(",\"samples\":%zu}", sets[s].samples.size());
  }
  json += printf_string("],\"folds\":%zu},\n\"cross_validation\":", options.folds);
  filters::semantic_piece::append_json_string(json, report);
  const Thresholds& th = pipeline.scored.thresholds;
  json += printf_string(
      ",\n\"thresholds\":{\"unsupported\":%.2f,\"doubtful\":%.2f,\"contradicted\":%.2f,"
      "\"contradicted_clean\":%.2f,\"contradicted_polarity\":%.2f,\"answer\":%.2f},\n"
      "\"sentence\":",
      th.unsupported, th.doubtful, th.contradicted, th.contradicted_clean, th.contradicted_polarity,
      th.answer);
  json += learned_json(pipeline.sentence, verify::sentence_feature_names(), error);
  json += ",\n\"answer\":";
  json += learned_json(pipeline.answer, verify::answer_feature_names(), error);
  json += "}\n";
  return json;
}

}  // namespace

TrainingResult train_scorer(const std::vector<TrainingSetInput>& sets,
                            const TrainingOptions& options, std::string_view command_line) {
  TrainingResult result;
  Table t = flatten_training_data(sets, options.folds, options.fold_seed);
  TrainingOptions resolved = options;
  result.error = hold_features_at_zero(options, resolved, t);
  if (!result.error.empty()) return result;
  auto all = [](std::size_t) { return true; };
  auto pipeline = fit_pipeline(sets, t, resolved, all, result.error);
  if (!pipeline) return result;

  const Thresholds& th = pipeline->scored.thresholds;
  result.report = printf_string(
      "Cross-validated by source (%zu folds; a context or a specific question never in two "
      "folds), thresholds: answer %.2f, doubtful %.2f, unsupported %.2f, contradicted %.2f "
      "(value conflicts), %.2f (clean value conflicts) and %.2f (negations, antonyms); "
      "contradicted always where a sentence lines up with evidence that says otherwise.\n\n",
      options.folds, th.answer, th.doubtful, th.unsupported, th.contradicted, th.contradicted_clean,
      th.contradicted_polarity);
  result.report += kReportTableHeader;
  result.report += report_rows(sets, t, pipeline->scored, all);
  HeldOut held_out{std::vector<double>(t.answers.size(), -1),
                   std::vector<double>(t.answers.size(), -1)};
  if (options.leave_one_set_out && sets.size() > 1) {
    auto scored = leave_one_set_out(sets, t, resolved, result.report, result.error);
    if (!scored) return result;
    held_out = std::move(*scored);
  }
  result.scores = scores_jsonl(sets, t, pipeline->scored, held_out);
  result.model_json =
      model_json(sets, options, command_line, result.report, *pipeline, result.error);
  if (!result.error.empty()) result.model_json.clear();
  return result;
}

}  // namespace groundgate::offline
