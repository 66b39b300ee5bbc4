#include "proxy/cli/scorer_training.h"

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

namespace groundgate::proxy::cli {
namespace {

namespace verify = filters::verify;
namespace training = filters::score::training;
using filters::score::Calibration;
using filters::score::Thresholds;

// One verified sentence with a claim.
struct SentenceRow {
  std::size_t answer = 0;
  std::size_t verdict = 0;  // index into the sample's verdicts
  bool unfaithful = false;
  // Whether `unfaithful` is known: from sentence labels, or a faithful answer's sentence, or the
  // only claim of a hallucinated answer. The other sentences of a hallucinated answer without
  // sentence labels are scored (the answer model reads them) but not learned from.
  bool truth_known = true;
  verify::ConflictKind conflict = verify::ConflictKind::kNone;  // an engine's contradiction
};

struct AnswerRow {
  std::size_t set = 0;
  std::size_t sample = 0;  // index into the set's samples
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

const verify::SentenceVerdict& verdict_of(const std::vector<TrainingSetInput>& sets,
                                          const AnswerRow& a, std::size_t verdict) {
  return sets[a.set].verified[a.sample].verdicts[verdict];
}

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

Table flatten(const std::vector<TrainingSetInput>& sets, std::size_t folds) {
  Table t;
  for (std::size_t s = 0; s < sets.size(); ++s) {
    const std::vector<std::size_t> groups = source_groups(sets[s].samples);
    for (std::size_t i = 0; i < sets[s].samples.size(); ++i) {
      const Sample& sample = sets[s].samples[i];
      AnswerRow a;
      a.set = s;
      a.sample = i;
      a.hallucinated = sample.label == 1;
      a.sentence_truth = sample.sentence_truth;
      // A source's fold follows from its first sample's id: the same on every run.
      a.fold = fnv1a(sets[s].name + '/' + sets[s].samples[groups[i]].id) % folds;
      const std::size_t answer = t.answers.size();
      t.answers.push_back(a);
      const auto& verdicts = sets[s].verified[i].verdicts;
      const std::size_t claims = static_cast<std::size_t>(
          std::count_if(verdicts.begin(), verdicts.end(),
                        [](const verify::SentenceVerdict& v) { return v.ok() && v.claims; }));
      for (std::size_t v = 0; v < verdicts.size(); ++v) {
        const verify::SentenceVerdict& verdict = verdicts[v];
        if (!verdict.ok() || !verdict.claims) continue;
        SentenceRow row;
        row.answer = answer;
        row.verdict = v;
        row.unfaithful = sentence_unfaithful(sample, verdict.answer_begin, verdict.answer_end);
        row.truth_known = sample.sentence_truth || !a.hallucinated || claims == 1;
        if (verdict.label == verify::Label::kContradicted)
          row.conflict = verify::conflict_kind(verdict);
        t.sentences.push_back(row);
        t.sentence_x.insert(t.sentence_x.end(), verdict.features.begin(), verdict.features.end());
      }
    }
  }
  return t;
}

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
    std::string& error) {
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
    const std::vector<double> m = model.margins(rows_of(x, columns, test), columns);
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

// The answer features of every answer, its sentences scored by `probability` (per sentence row).
std::vector<float> answer_features(const std::vector<TrainingSetInput>& sets, const Table& t,
                                   const std::vector<double>& probability) {
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
    const verify::AnswerFeatures f = aggregate.features();
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
  Thresholds thresholds;
  std::vector<double> sentence_p;  // out of fold, for the selected answers' sentences
  std::vector<double> answer_p;
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

// Whether the sentence row is labelled contradicted at `thresholds`.
bool contradicted(const SentenceRow& row, double p, const Thresholds& thresholds) {
  return p >= verify::contradicted_at(thresholds, row.conflict);
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
  Pipeline p;
  auto margins = out_of_fold(t.sentence_x, columns, s.y, s.set, s.fold, options.folds, sets.size(),
                             use_sentence, learn_sentence, options.sentence, error);
  if (!margins) return std::nullopt;
  p.sentence.calibration = platt_on(*margins, s.y, learn_sentence);
  p.sentence_p = calibrated(*margins, p.sentence.calibration);

  Stage a;
  for (const AnswerRow& row : t.answers) {
    a.y.push_back(row.hallucinated);
    a.set.push_back(row.set);
    a.fold.push_back(row.fold);
  }
  const std::vector<float> answer_x = answer_features(sets, t, p.sentence_p);
  auto answer_margins =
      out_of_fold(answer_x, verify::kAnswerFeatureCount, a.y, a.set, a.fold, options.folds,
                  sets.size(), use_answer, use_answer, options.answer, error);
  if (!answer_margins) return std::nullopt;
  p.answer.calibration = platt_on(*answer_margins, a.y, use_answer);
  p.answer_p = calibrated(*answer_margins, p.answer.calibration);

  std::vector<training::ScoredItem> answers, sentences;
  for (std::size_t i = 0; i < t.answers.size(); ++i) {
    if (use_answer(i))
      answers.push_back({p.answer_p[i], t.answers[i].hallucinated, t.answers[i].set});
  }
  for (std::size_t r = 0; r < t.sentences.size(); ++r) {
    if (learn_sentence(r)) sentences.push_back({p.sentence_p[r], s.y[r] > 0.5f, s.set[r]});
  }
  p.thresholds.answer = training::best_mean_balanced_threshold(answers, sets.size());
  p.thresholds.unsupported = training::best_mean_f1_threshold(sentences, sets.size());
  p.thresholds.contradicted =
      contradiction_threshold(t, p.sentence_p, sets.size(), verify::ConflictKind::kValue,
                              p.thresholds.unsupported, options.contradicted_precision, use_answer);
  p.thresholds.contradicted_clean =
      contradiction_threshold(t, p.sentence_p, sets.size(), verify::ConflictKind::kCleanValue,
                              p.thresholds.unsupported, options.contradicted_precision, use_answer);
  p.thresholds.contradicted_polarity =
      contradiction_threshold(t, p.sentence_p, sets.size(), verify::ConflictKind::kPolarity,
                              p.thresholds.unsupported, options.contradicted_precision, use_answer);

  auto sentence_model = fit_all(t.sentence_x, columns, s.y, s.set, sets.size(), learn_sentence,
                                options.sentence, error);
  auto answer_model = fit_all(answer_x, verify::kAnswerFeatureCount, a.y, a.set, sets.size(),
                              use_answer, options.answer, error);
  if (!sentence_model || !answer_model) return std::nullopt;
  p.sentence.model = std::move(sentence_model->model);
  p.answer.model = std::move(answer_model->model);
  return p;
}

struct Figures {
  double tp = 0, fp = 0, tn = 0, fn = 0;
  void add(bool flagged, bool positive) {
    if (positive) {
      (flagged ? tp : fn) += 1;
    } else {
      (flagged ? fp : tn) += 1;
    }
  }
  double precision() const { return tp + fp == 0 ? 0 : tp / (tp + fp); }
  double recall() const { return tp + fn == 0 ? 0 : tp / (tp + fn); }
  double specificity() const { return tn + fp == 0 ? 0 : tn / (tn + fp); }
  double balanced() const { return (recall() + specificity()) / 2; }
  double f1() const {
    const double p = precision(), r = recall();
    return p + r == 0 ? 0 : 2 * p * r / (p + r);
  }
};

std::string format(const char* f, auto... args) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, f, args...);
  return buffer;
}

// Per set: answers at the answer threshold, sentences at the unsupported threshold, and the
// answers holding a contradicted sentence.
std::string figures(const std::vector<TrainingSetInput>& sets, const Table& t, const Pipeline& p,
                    const std::function<bool(std::size_t)>& use_answer) {
  std::string out;
  for (std::size_t s = 0; s < sets.size(); ++s) {
    Figures answers, sentences;
    std::vector<char> has_contradiction(t.answers.size(), 0);
    bool any = false;
    for (std::size_t r = 0; r < t.sentences.size(); ++r) {
      const SentenceRow& row = t.sentences[r];
      if (t.answers[row.answer].set != s || !use_answer(row.answer)) continue;
      if (contradicted(row, p.sentence_p[r], p.thresholds)) has_contradiction[row.answer] = 1;
      if (t.answers[row.answer].sentence_truth)
        sentences.add(p.sentence_p[r] >= p.thresholds.unsupported, row.unfaithful);
    }
    Figures contradictions;
    for (std::size_t a = 0; a < t.answers.size(); ++a) {
      if (t.answers[a].set != s || !use_answer(a)) continue;
      any = true;
      answers.add(p.answer_p[a] >= p.thresholds.answer || has_contradiction[a],
                  t.answers[a].hallucinated);
      if (has_contradiction[a]) contradictions.add(true, t.answers[a].hallucinated);
    }
    if (!any) continue;
    out += format("| %s | %.0f | %.3f | %.3f | %.3f | %.3f | ", sets[s].name.c_str(),
                  answers.tp + answers.fp + answers.tn + answers.fn, answers.balanced(),
                  answers.precision(), answers.recall(), answers.f1());
    out += sentences.tp + sentences.fn + sentences.fp + sentences.tn > 0
               ? format("%.3f | %.3f | %.3f | ", sentences.balanced(), sentences.precision(),
                        sentences.recall())
               : std::string("— | — | — | ");
    out += contradictions.tp + contradictions.fp > 0
               ? format("%.0f, %.3f |\n", contradictions.tp + contradictions.fp,
                        contradictions.precision())
               : std::string("0, — |\n");
  }
  return out;
}

constexpr std::string_view kTableHeader =
    "| set | answers | bal. acc. | precision | recall | F1 | sentence bal. acc. | sentence "
    "precision | sentence recall | answers with a contradiction, precision |\n"
    "|---|---|---|---|---|---|---|---|---|---|\n";

std::string learned_json(const Fitted& f, const auto& names, std::string& error) {
  std::string out = "{\"features\":[";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ',';
    filters::semantic_piece::append_json_string(out, names[i]);
  }
  out += "],\"base_margin\":0,\"calibration\":[" +
         format("%.9g,%.9g", f.calibration.a, f.calibration.b) +
         "],\n\"trees\":" + f.model.trees_json(error) + "}";
  return out;
}

}  // namespace

TrainingResult train_scorer(const std::vector<TrainingSetInput>& sets,
                            const TrainingOptions& options, std::string_view command_line) {
  TrainingResult result;
  const Table t = flatten(sets, options.folds);
  auto all = [](std::size_t) { return true; };
  auto pipeline = fit_pipeline(sets, t, options, all, result.error);
  if (!pipeline) return result;

  result.report = format(
      "Cross-validated by source (%zu folds; a context or a specific question never in two "
      "folds), thresholds: answer %.2f, unsupported %.2f, contradicted %.2f (value conflicts), "
      "%.2f (clean value conflicts) and %.2f (negations, antonyms).\n\n",
      options.folds, pipeline->thresholds.answer, pipeline->thresholds.unsupported,
      pipeline->thresholds.contradicted, pipeline->thresholds.contradicted_clean,
      pipeline->thresholds.contradicted_polarity);
  result.report += kTableHeader;
  result.report += figures(sets, t, *pipeline, all);
  if (options.leave_one_set_out && sets.size() > 1) {
    result.report +=
        "\nEach set scored by a model trained on the other sets only (its thresholds too):\n\n";
    result.report += kTableHeader;
    for (std::size_t held = 0; held < sets.size(); ++held) {
      auto others = [&](std::size_t a) { return t.answers[a].set != held; };
      auto fitted = fit_pipeline(sets, t, options, others, result.error);
      if (!fitted) return result;
      // Score the held-out set with the models fitted on the others.
      Pipeline scored;
      scored.thresholds = fitted->thresholds;
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
      const std::vector<float> answer_x = answer_features(sets, t, scored.sentence_p);
      std::vector<std::size_t> answers;
      for (std::size_t a = 0; a < t.answers.size(); ++a) {
        if (!others(a)) answers.push_back(a);
      }
      const std::vector<double> am = fitted->answer.model.margins(
          rows_of(answer_x, verify::kAnswerFeatureCount, answers), verify::kAnswerFeatureCount);
      for (std::size_t j = 0; j < answers.size() && j < am.size(); ++j)
        scored.answer_p[answers[j]] = fitted->answer.calibration.probability(am[j]);
      result.report += figures(sets, t, scored, [&](std::size_t a) { return !others(a); });
    }
  }

  std::string& json = result.model_json;
  json = "{\"format\":\"groundgate-scorer/1\",\n\"trained\":{\"command\":";
  filters::semantic_piece::append_json_string(json, command_line);
  json += ",\"sets\":[";
  for (std::size_t s = 0; s < sets.size(); ++s) {
    if (s > 0) json += ',';
    json += "{\"name\":";
    filters::semantic_piece::append_json_string(json, sets[s].name);
    json += format(",\"samples\":%zu}", sets[s].samples.size());
  }
  json += format("],\"folds\":%zu},\n\"cross_validation\":", options.folds);
  filters::semantic_piece::append_json_string(json, result.report);
  json += format(
      ",\n\"thresholds\":{\"unsupported\":%.2f,\"contradicted\":%.2f,"
      "\"contradicted_clean\":%.2f,\"contradicted_polarity\":%.2f,\"answer\":%.2f},\n"
      "\"sentence\":",
      pipeline->thresholds.unsupported, pipeline->thresholds.contradicted,
      pipeline->thresholds.contradicted_clean, pipeline->thresholds.contradicted_polarity,
      pipeline->thresholds.answer);
  json += learned_json(pipeline->sentence, verify::sentence_feature_names(), result.error);
  json += ",\n\"answer\":";
  json += learned_json(pipeline->answer, verify::answer_feature_names(), result.error);
  json += "}\n";
  if (!result.error.empty()) result.model_json.clear();
  return result;
}

}  // namespace groundgate::proxy::cli
