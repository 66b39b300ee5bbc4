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

// Each labelled answer's score as the answer rule reads it: 1 when a sentence of it is flagged
// (flagged at any threshold), 0 when none is in doubt (flagged at none), else the answer
// model's probability.
std::vector<training::ScoredItem> answers_as_ruled(const Table& t,
                                                   const std::vector<double>& sentence_p,
                                                   const std::vector<double>& answer_p,
                                                   const Thresholds& thresholds,
                                                   const std::function<bool(std::size_t)>& use) {
  std::vector<char> flag(t.answers.size(), 0), doubt(t.answers.size(), 0);
  for (std::size_t r = 0; r < t.sentences.size(); ++r) {
    const SentenceRow& row = t.sentences[r];
    if (flagged(row, sentence_p[r], thresholds)) flag[row.answer] = 1;
    if (sentence_p[r] >= thresholds.doubtful) doubt[row.answer] = 1;
  }
  std::vector<training::ScoredItem> out;
  for (std::size_t a = 0; a < t.answers.size(); ++a) {
    if (!use(a)) continue;
    const double p = flag[a] ? 1.0 : doubt[a] ? answer_p[a] : 0.0;
    out.push_back({p, t.answers[a].hallucinated, t.answers[a].set});
  }
  return out;
}

std::optional<Pipeline> fit_pipeline(const std::vector<TrainingSetInput>& sets, const Table& t,
                                     const TrainingOptions& options,
                                     const std::function<bool(std::size_t)>& use_answer,
                                     std::string& error) {
  const std::size_t columns = verify::kSentenceFeatureCount;
  Stage s;
  for (const SentenceRow& row : t.sentences) {
    s.y.push_back(row.unfaithful);
    s.set.push_back(t.answers[row.answer].set);
    s.fold.push_back(t.answers[row.answer].fold);
  }
  auto use_sentence = [&](std::size_t r) { return use_answer(t.sentences[r].answer); };
  auto learn_sentence = [&](std::size_t r) {
    return use_sentence(r) && t.sentences[r].truth_known;
  };
  // A synthetic set teaches the sentence model only: calibrations, the answer model and the
  // thresholds are fitted on the labelled sets alone.
  auto labelled = [&](std::size_t a) { return use_answer(a) && !sets[t.answers[a].set].synthetic; };
  auto calibrate_sentence = [&](std::size_t r) {
    return learn_sentence(r) && labelled(t.sentences[r].answer);
  };
  Pipeline p;
  auto margins = out_of_fold(t.sentence_x, columns, s.y, s.set, s.fold, options.folds, sets.size(),
                             use_sentence, learn_sentence, options.sentence, error);
  if (!margins) return std::nullopt;
  p.sentence.calibration = platt_on(*margins, s.y, calibrate_sentence);
  p.scored.sentence_p = calibrated(*margins, p.sentence.calibration);

  Stage a;
  for (const AnswerRow& row : t.answers) {
    a.y.push_back(row.hallucinated);
    a.set.push_back(row.set);
    a.fold.push_back(row.fold);
  }
  // The answer model learns from sentence probabilities as a model gives them to a kind of data
  // it has not seen (each labelled set scored by a sentence model trained on the others), so
  // that a new kind of data, whose sentences score higher or lower than the known ones, does
  // not get every answer flagged; its calibration and threshold come from those scores too.
  std::vector<double> unseen_p = p.scored.sentence_p;
  if (options.answer_from_other_sets || options.flags_from_other_sets) {
    auto other = other_set_margins(sets, t, s.y, s.set, use_sentence, learn_sentence,
                                   options.sentence, error);
    if (!other) return std::nullopt;
    for (std::size_t r = 0; r < t.sentences.size(); ++r) {
      if (labelled(t.sentences[r].answer))
        unseen_p[r] = p.sentence.calibration.probability((*other)[r]);
    }
  }
  const std::vector<double>& learned_p =
      options.answer_from_other_sets ? unseen_p : p.scored.sentence_p;
  const std::vector<float> answer_x = answer_features(sets, t, learned_p, options.without_answer);
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
  const std::vector<double> learned_answer_p = calibrated(*answer_margins, p.answer.calibration);

  std::vector<training::ScoredItem> sentences;
  // The sentences the flag thresholds are chosen on: their cross-validated scores, or with
  // options.flags_from_other_sets each set's sentences as scored by a model trained on the
  // other sets (where a flag is right on a kind of data the model has not seen).
  const std::vector<double>& flag_p =
      options.flags_from_other_sets ? unseen_p : p.scored.sentence_p;
  for (std::size_t r = 0; r < t.sentences.size(); ++r) {
    if (calibrate_sentence(r)) sentences.push_back({flag_p[r], s.y[r] > 0.5f, s.set[r]});
  }
  // Doubt from where a flag would be best balanced (F1), a flag from where it is right far more
  // often than not.
  p.scored.thresholds.doubtful = training::best_mean_f1_threshold(sentences, sets.size());
  p.scored.thresholds.unsupported = training::lowest_precise_threshold(
      sentences, sets.size(), options.flag_precision, p.scored.thresholds.doubtful);
  p.scored.thresholds.contradicted = contradiction_threshold(
      t, p.scored.sentence_p, sets.size(), verify::ConflictKind::kValue,
      p.scored.thresholds.doubtful, options.contradicted_precision, labelled);
  p.scored.thresholds.contradicted_clean = contradiction_threshold(
      t, p.scored.sentence_p, sets.size(), verify::ConflictKind::kCleanValue,
      p.scored.thresholds.doubtful, options.contradicted_precision, labelled);
  p.scored.thresholds.contradicted_polarity = contradiction_threshold(
      t, p.scored.sentence_p, sets.size(), verify::ConflictKind::kPolarity,
      p.scored.thresholds.doubtful, options.contradicted_precision, labelled);
  // The answer threshold is chosen for the decision it takes part in (verify::apply_rule): an
  // answer holding a flagged sentence is flagged whatever its score, one without a sentence in
  // doubt is not, whatever its score; the threshold decides the rest.
  const std::vector<training::ScoredItem> answers =
      answers_as_ruled(t, p.scored.sentence_p, learned_answer_p, p.scored.thresholds, labelled);
  p.scored.thresholds.answer = training::best_mean_balanced_threshold(answers, sets.size());

  auto sentence_model = fit_all(t.sentence_x, columns, s.y, s.set, sets.size(), learn_sentence,
                                options.sentence, error);
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

}  // namespace

TrainingResult train_scorer(const std::vector<TrainingSetInput>& sets,
                            const TrainingOptions& options, std::string_view command_line) {
  TrainingResult result;
  Table t = flatten_training_data(sets, options.folds, options.fold_seed);
  TrainingOptions resolved = options;
  const auto& names = verify::sentence_feature_names();
  const auto& answer_names = verify::answer_feature_names();
  for (const std::string& name : options.without) {
    if (const auto at = std::find(answer_names.begin(), answer_names.end(), name);
        at != answer_names.end()) {
      resolved.without_answer.push_back(static_cast<std::size_t>(at - answer_names.begin()));
      continue;
    }
    const auto at = std::find(names.begin(), names.end(), name);
    if (at == names.end()) {
      result.error = "--without: no sentence or answer feature '" + name + "'";
      return result;
    }
    const auto column = static_cast<std::size_t>(at - names.begin());
    for (std::size_t r = 0; r < t.sentences.size(); ++r)
      t.sentence_x[r * verify::kSentenceFeatureCount + column] = 0;
  }
  auto all = [](std::size_t) { return true; };
  auto pipeline = fit_pipeline(sets, t, resolved, all, result.error);
  if (!pipeline) return result;

  result.report = printf_string(
      "Cross-validated by source (%zu folds; a context or a specific question never in two "
      "folds), thresholds: answer %.2f, doubtful %.2f, unsupported %.2f, contradicted %.2f "
      "(value conflicts), %.2f (clean value conflicts) and %.2f (negations, antonyms); "
      "contradicted always where a sentence lines up with evidence that says otherwise.\n\n",
      options.folds, pipeline->scored.thresholds.answer, pipeline->scored.thresholds.doubtful,
      pipeline->scored.thresholds.unsupported, pipeline->scored.thresholds.contradicted,
      pipeline->scored.thresholds.contradicted_clean,
      pipeline->scored.thresholds.contradicted_polarity);
  result.report += kReportTableHeader;
  result.report += report_rows(sets, t, pipeline->scored, all);
  // Per answer: the highest sentence probability, under the cross-validated and the held-out
  // scores.
  auto highest = [&](const std::vector<double>& sentence_p) {
    std::vector<double> out(t.answers.size(), 0);
    for (std::size_t r = 0; r < t.sentences.size(); ++r)
      out[t.sentences[r].answer] = std::max(out[t.sentences[r].answer], sentence_p[r]);
    return out;
  };
  const std::vector<double> cv_highest = highest(pipeline->scored.sentence_p);
  std::vector<double> loso_answer(t.answers.size(), -1), loso_highest(t.answers.size(), -1);
  if (options.leave_one_set_out && sets.size() > 1) {
    result.report +=
        "\nEach set scored by a model trained on the other sets only (its thresholds too):\n\n";
    result.report += kReportTableHeader;
    for (std::size_t held = 0; held < sets.size(); ++held) {
      if (sets[held].synthetic) continue;
      // A synthetic answer made from the held-out set's contexts leaves with it.
      auto others = [&](std::size_t a) {
        return t.answers[a].set != held && t.answers[a].origin_set != held;
      };
      auto fitted = fit_pipeline(sets, t, resolved, others, result.error);
      if (!fitted) return result;
      // Score the held-out set with the models fitted on the others.
      ScoredTable scored;
      scored.thresholds = fitted->scored.thresholds;
      scored.sentence_p.assign(t.sentences.size(), 0);
      scored.answer_p.assign(t.answers.size(), 0);
      std::vector<std::size_t> rows;
      for (std::size_t r = 0; r < t.sentences.size(); ++r) {
        if (!others(t.sentences[r].answer)) rows.push_back(r);
      }
      const std::vector<double> m =
          fitted->sentence.model.margins(rows_of(t.sentence_x, verify::kSentenceFeatureCount, rows),
                                         verify::kSentenceFeatureCount);
      for (std::size_t j = 0; j < rows.size() && j < m.size(); ++j)
        scored.sentence_p[rows[j]] = fitted->sentence.calibration.probability(m[j]);
      const std::vector<float> answer_x =
          answer_features(sets, t, scored.sentence_p, options.without_answer);
      std::vector<std::size_t> answers;
      for (std::size_t a = 0; a < t.answers.size(); ++a) {
        if (!others(a)) answers.push_back(a);
      }
      const std::vector<double> am = fitted->answer.model.margins(
          rows_of(answer_x, verify::kAnswerFeatureCount, answers), verify::kAnswerFeatureCount);
      for (std::size_t j = 0; j < answers.size() && j < am.size(); ++j)
        scored.answer_p[answers[j]] = fitted->answer.calibration.probability(am[j]);
      result.report +=
          report_rows(sets, t, scored, [&](std::size_t a) { return t.answers[a].set == held; });
      const std::vector<double> held_highest = highest(scored.sentence_p);
      for (std::size_t a = 0; a < t.answers.size(); ++a) {
        if (t.answers[a].set != held) continue;
        loso_answer[a] = scored.answer_p[a];
        loso_highest[a] = held_highest[a];
      }
    }
  }
  for (std::size_t a = 0; a < t.answers.size(); ++a) {
    const TrainingSetInput& set = sets[t.answers[a].set];
    if (set.synthetic) continue;
    result.scores += "{\"set\":";
    filters::semantic_piece::append_json_string(result.scores, set.name);
    result.scores += ",\"id\":";
    filters::semantic_piece::append_json_string(result.scores, set.samples[t.answers[a].sample].id);
    result.scores += printf_string(",\"label\":%d,\"cv\":%.4f,\"cv_highest\":%.4f",
                                   t.answers[a].hallucinated ? 1 : 0, pipeline->scored.answer_p[a],
                                   cv_highest[a]);
    if (loso_answer[a] >= 0)
      result.scores +=
          printf_string(",\"loso\":%.4f,\"loso_highest\":%.4f", loso_answer[a], loso_highest[a]);
    result.scores += "}\n";
  }

  std::string& json = result.model_json;
  json = "{\"format\":\"groundgate-scorer/1\",\n\"trained\":{\"command\":";
  filters::semantic_piece::append_json_string(json, command_line);
  json += ",\"sets\":[";
  for (std::size_t s = 0; s < sets.size(); ++s) {
    if (s > 0) json += ',';
    json += "{\"name\":";
    filters::semantic_piece::append_json_string(json, sets[s].name);
    json += printf_string(",\"samples\":%zu}", sets[s].samples.size());
  }
  json += printf_string("],\"folds\":%zu},\n\"cross_validation\":", options.folds);
  filters::semantic_piece::append_json_string(json, result.report);
  json += printf_string(
      ",\n\"thresholds\":{\"unsupported\":%.2f,\"doubtful\":%.2f,\"contradicted\":%.2f,"
      "\"contradicted_clean\":%.2f,\"contradicted_polarity\":%.2f,\"answer\":%.2f},\n"
      "\"sentence\":",
      pipeline->scored.thresholds.unsupported, pipeline->scored.thresholds.doubtful,
      pipeline->scored.thresholds.contradicted, pipeline->scored.thresholds.contradicted_clean,
      pipeline->scored.thresholds.contradicted_polarity, pipeline->scored.thresholds.answer);
  json += learned_json(pipeline->sentence, verify::sentence_feature_names(), result.error);
  json += ",\n\"answer\":";
  json += learned_json(pipeline->answer, verify::answer_feature_names(), result.error);
  json += "}\n";
  if (!result.error.empty()) result.model_json.clear();
  return result;
}

}  // namespace groundgate::offline
