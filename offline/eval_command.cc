// `groundgate eval DATA.jsonl`: runs the verifiers over labelled samples the way the proxy
// does (passages → context index → filters/verify sentence by sentence → answer rule) and
// prints balanced accuracy, precision, recall, F1, verification latency and, with triplets,
// the share of sentences that fell back to the rule-based extractor. SQL samples
// (`"task": "sql"`) go through the SQL checks instead (sql_eval.h), SPL samples (`"task":
// "spl"`) through the SPL checks (spl_eval.h).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "config/config.h"
#include "config/config_loader.h"
#include "filters/index/context_index_cache.h"
#include "filters/semantic_piece/naive_coverage.h"
#include "filters/semantic_piece/verdict_json.h"
#include "filters/sql/sql_setup.h"
#include "filters/verify/answer_summary.h"
#include "filters/verify/sentence_features.h"
#include "filters/verify/sentence_verifier.h"
#include "offline/commands.h"
#include "offline/confusion.h"
#include "offline/eval_judge.h"
#include "offline/eval_run.h"
#include "offline/eval_samples.h"
#include "offline/percentile.h"
#include "offline/pr_curve.h"
#include "offline/sentence_json.h"
#include "offline/spl_eval.h"
#include "offline/sql_eval.h"
#include "offline/verifier_setup.h"
#include "proxy/cli/args.h"

namespace groundgate::offline {
namespace {

namespace sp = filters::semantic_piece;
namespace verify = filters::verify;
using Clock = std::chrono::steady_clock;

constexpr std::string_view kUsage =
    "usage: groundgate eval DATA.jsonl [--out PRED.jsonl]\n"
    "         [--verifiers LIST] [-c CONFIG --policy NAME] [--combine agreement|either]\n"
    "         [--max-unsupported-share X] [--min-coverage X] [--match-overlap X]\n"
    "         [--elsewhere-weight X] [--naive-max-missing X]\n"
    "         [--triplet-parser doubtful|always|never] [--strong-support X (above 1: never)]\n"
    "         [--scorer builtin|off|MODEL.json] [--features FEATURES.jsonl]\n"
    "         [--pr-curve CURVES.svg]\n"
    "         [--judge-upstream URL --judge-model NAME [--judge-method METHOD]\n"
    "          [--judge-band LOW,HIGH] [--judge-max N] [--judge-max-calls N]\n"
    "          [--judge-timeout MS] [--api-key-env VAR]]\n"
    "  LIST: comma-separated, from semantic_pieces (default) and triplets; or naive alone\n"
    "  -c/--policy: the verifier settings of that policy (options given here override them)\n"
    "  --judge-*: sentences the scorer is unsure of go to a judge model at URL (chat\n"
    "    completions, key in $OPENAI_API_KEY) by METHOD (label, nli, triplets, debate), as a\n"
    "    policy's judge: measures what it changes and what it costs in calls and tokens\n";

// `--name X` with X in [0, 1] into `out` when given; false and `error` on a bad value.
bool parse_share(const Args& args, std::string_view name, std::optional<double>& out,
                 std::string& error) {
  auto text = args.value(name);
  if (!text) return true;
  char* end = nullptr;
  const double value = std::strtod(text->c_str(), &end);
  if (end == text->c_str() || *end != '\0' || !(value >= 0 && value <= 1)) {
    error = "--" + std::string(name) + " needs a number in [0, 1], got '" + *text + "'";
    return false;
  }
  out = value;
  return true;
}

// `--combine agreement|either` into `out` (unset when not given); false and `error` on another
// value.
bool parse_combine(const Args& args, std::optional<bool>& out, std::string& error) {
  auto text = args.value("combine");
  out.reset();
  if (!text) return true;
  if (*text != "agreement" && *text != "either") {
    error = "--combine needs agreement or either, got '" + *text + "'";
    return false;
  }
  out = *text == "agreement";
  return true;
}

// Counters of the triplet extractor over a run (answer and evidence sentences alike).
struct ExtractionShare {
  filters::triplet::TripletExtractor::Stats before;
  const filters::triplet::TripletExtractor* extractor = nullptr;

  void print() const {
    if (extractor == nullptr) return;
    const auto after = extractor->stats();
    const auto share = [](std::uint64_t a, std::uint64_t b) {
      return b == 0 ? 0.0 : double(a) / b;
    };
    const std::uint64_t sentences = after.sentences - before.sentences;
    const std::uint64_t clauses = after.clauses - before.clauses;
    std::printf(
        "triplet extraction: sentences=%llu fallback_sentences=%.3f  clauses=%llu parsed=%.3f "
        "rules=%.3f fallback=%.3f\n",
        static_cast<unsigned long long>(sentences),
        share(after.fallback_sentences - before.fallback_sentences, sentences),
        static_cast<unsigned long long>(clauses), share(after.parsed - before.parsed, clauses),
        share(after.rules - before.rules, clauses),
        share(after.fallbacks - before.fallbacks, clauses));
  }
};

// One line of `--features`: the sentence's place, its truth and what the scorer read.
void write_features(std::FILE* out, const Sample& sample, std::size_t index,
                    const verify::SentenceVerdict& v, bool truth) {
  std::string line = "{\"id\":";
  sp::append_json_string(line, sample.id);
  line += ",\"dataset\":";
  sp::append_json_string(line, sample.dataset);
  char buffer[160];
  std::snprintf(buffer, sizeof buffer,
                ",\"sentence\":%zu,\"begin\":%zu,\"end\":%zu,\"truth\":%d,"
                "\"sentence_truth\":%s,\"answer_label\":%d,\"claims\":%s,\"f\":[",
                index, v.answer_begin, v.answer_end, truth ? 1 : 0,
                sample.sentence_truth ? "true" : "false", sample.label,
                v.claims ? "true" : "false");
  line += buffer;
  for (std::size_t k = 0; k < v.features.size(); ++k) {
    std::snprintf(buffer, sizeof buffer, k == 0 ? "%.6g" : ",%.6g", v.features[k]);
    line += buffer;
  }
  line += "]}\n";
  std::fputs(line.c_str(), out);
}

// Average precision of the answers' (and, where labelled, the sentences') scores, and with
// `svg_path` their curves as a picture, each with the policy's operating point.
bool report_pr_curves(const std::optional<std::string>& svg_path, std::string_view data_path,
                      const std::vector<ScoredTruth>& answer_scores, const Confusion& answers,
                      const std::vector<ScoredTruth>& sentence_scores, const Confusion& sentences) {
  std::vector<PrSeries> series;
  auto add = [&](std::string name, const std::vector<ScoredTruth>& items, const Confusion& c) {
    PrSeries s{std::move(name), pr_curve(items), PrPoint{0, c.precision(), c.recall()}};
    if (!s.curve.empty()) series.push_back(std::move(s));
  };
  add("answers", answer_scores, answers);
  add("sentences", sentence_scores, sentences);
  for (const PrSeries& s : series)
    std::printf("%s: average_precision=%.3f\n", s.name.c_str(), average_precision(s.curve));
  if (!svg_path) return true;
  std::string_view name = data_path.substr(data_path.find_last_of('/') + 1);
  name = name.substr(0, name.find(".jsonl"));
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(svg_path->c_str(), "w"),
                                                      std::fclose);
  const std::string svg = pr_svg(name, series);
  if (!out || std::fwrite(svg.data(), 1, svg.size(), out.get()) != svg.size()) {
    std::fprintf(stderr, "groundgate eval: cannot write %s\n", svg_path->c_str());
    return false;
  }
  return true;
}

// The SQL checks' settings: the policy's `sql` section, or the defaults.
std::shared_ptr<const filters::sql::SqlCheckerConfig> sql_checker(const Args& args,
                                                                  std::string& error) {
  // The defaults as a policy compiles them (WordNet for suggestions by meaning included).
  if (!args.value("c")) return filters::sql::compile_sql(config::SqlConfig{}).checker;
  const config::LoadResult loaded = config::load_config_file(*args.value("c"));
  const config::PolicyConfig* policy =
      loaded.config ? loaded.config->find_policy(*args.value("policy")) : nullptr;
  if (policy == nullptr || !policy->sql) return filters::sql::default_checker_config();
  filters::sql::SqlSetup setup = filters::sql::compile_sql(*policy->sql);
  error = setup.error;
  return setup.checker;
}

using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

// `path` opened for writing; null and a message on stderr when it cannot be.
File open_for_writing(const std::string& path) {
  File file(std::fopen(path.c_str(), "w"), std::fclose);
  if (!file) std::fprintf(stderr, "groundgate eval: cannot write %s\n", path.c_str());
  return file;
}

// The verifier options given on the command line; false and `error` on a bad one.
bool parse_overrides(const Args& args, VerifierOverrides& overrides,
                     std::optional<double>& naive_missing, std::string& error) {
  // --combine is read first: a bad share's error is the one reported when both are bad.
  const bool combine = parse_combine(args, overrides.support_needs_agreement, error);
  if (!parse_share(args, "max-unsupported-share", overrides.max_unsupported_share, error) ||
      !parse_share(args, "naive-max-missing", naive_missing, error) ||
      !parse_share(args, "min-coverage", overrides.min_coverage, error) ||
      !parse_share(args, "match-overlap", overrides.match_overlap, error) ||
      !parse_share(args, "elsewhere-weight", overrides.elsewhere_weight, error) || !combine) {
    return false;
  }
  if (auto mode = args.value("triplet-parser")) overrides.triplet_parser = *mode;
  overrides.scorer = args.value("scorer");
  if (auto text = args.value("strong-support")) {
    char* end = nullptr;
    const double value = std::strtod(text->c_str(), &end);
    if (end == text->c_str() || *end != '\0' || !(value >= 0)) {
      error = "--strong-support needs a number >= 0";
      return false;
    }
    overrides.strong_support = value;
  }
  return true;
}

// The first line of `--features`: the names of the numbers each line holds.
void write_feature_names(std::FILE* out) {
  std::string names = "{\"features\":[";
  for (std::string_view name : verify::sentence_feature_names()) {
    if (names.back() != '[') names += ',';
    sp::append_json_string(names, name);
  }
  names += "]}\n";
  std::fputs(names.c_str(), out);
}

// One sample's verdict, and its sentences as JSON when predictions are written.
struct SampleOutcome {
  bool hallucinated = false;
  double score = 0;
  // The worst sentence label: supported | unsupported | contradicted | no_claim (no sentence
  // with a claim) | unverified (a sentence not verified).
  std::string_view worst = "no_claim";
  std::string pieces_json;
};

// What a run counts over the prose samples.
struct EvalTally {
  Confusion answers;
  Confusion sentences;                                      // where sentences are labelled
  std::vector<ScoredTruth> answer_scores, sentence_scores;  // for the precision-recall curves
  std::map<std::string, Confusion> baselines;               // the samples' own detectors
  // Answers holding a contradicted sentence: how often they are hallucinated (block and
  // rewrite act on contradicted, so this is the precision a user of them sees).
  Confusion contradicted;
  std::map<std::string, std::size_t> sentence_labels;  // checked sentences with a claim
  // Minimal pairs (`groundgate pairs`): per change, how many answers got each worst label.
  std::map<std::string, std::map<std::string, std::size_t>> changes;
  std::vector<double> sample_us, sentence_us, prepare_us;
  std::size_t errors = 0;  // sentences an engine could not verify

  // The answer's verdict against its label, and against the sample's own detectors.
  void count_answer(const Sample& sample, const SampleOutcome& outcome) {
    const bool hallucinated = sample.label == 1;
    answers.add(outcome.hallucinated, hallucinated);
    if (outcome.worst == "contradicted") contradicted.add(true, hallucinated);
    if (!sample.change.empty()) ++changes[sample.change][std::string(outcome.worst)];
    answer_scores.push_back({outcome.score, hallucinated});
    for (const auto& [name, flagged] : sample.baselines) {
      baselines[name].add(flagged == 1, hallucinated);
    }
  }

  void print() const {
    const std::size_t n = answers.tp + answers.fp + answers.tn + answers.fn;
    std::printf("n=%zu  hallucinated=%zu  faithful=%zu\n", n, answers.tp + answers.fn,
                answers.tn + answers.fp);
    std::printf(
        "balanced_accuracy=%.3f  precision=%.3f  recall=%.3f  f1=%.3f  (tp=%zu fp=%zu "
        "tn=%zu fn=%zu)\n",
        answers.balanced_accuracy(), answers.precision(), answers.recall(), answers.f1(),
        answers.tp, answers.fp, answers.tn, answers.fn);
    std::printf(
        "latency_us per sample: p50=%.1f p99=%.1f  per sentence: p50=%.1f p99=%.1f (n=%zu, "
        "errors=%zu)  context index: p50=%.1f p99=%.1f\n",
        percentile(sample_us, 0.5), percentile(sample_us, 0.99), percentile(sentence_us, 0.5),
        percentile(sentence_us, 0.99), sentence_us.size(), errors, percentile(prepare_us, 0.5),
        percentile(prepare_us, 0.99));
    std::printf("answers with a contradicted sentence: %zu, hallucinated %.3f\n",
                contradicted.tp + contradicted.fp, contradicted.precision());
    std::size_t labelled = 0;
    for (const auto& [label, count] : sentence_labels)
      labelled += count;
    if (labelled > 0) {
      std::printf("sentence labels:");
      for (const auto& [label, count] : sentence_labels)
        std::printf(" %s=%zu", label.c_str(), count);
      std::printf("\n");
    }
    if (sentences.tp + sentences.fp + sentences.tn + sentences.fn > 0) {
      std::printf(
          "sentences: balanced_accuracy=%.3f  precision=%.3f  recall=%.3f  f1=%.3f  (tp=%zu "
          "fp=%zu tn=%zu fn=%zu)\n",
          sentences.balanced_accuracy(), sentences.precision(), sentences.recall(), sentences.f1(),
          sentences.tp, sentences.fp, sentences.tn, sentences.fn);
    }
  }

  // Per change of the minimal pairs, the share of each label; the faithful changes should be
  // supported, the others contradicted.
  void print_changes() const {
    if (changes.empty()) return;
    std::printf("minimal pairs (worst label of the answer's sentences):\n");
    for (const auto& [change, labels] : changes) {
      std::size_t n = 0;
      for (const auto& [label, count] : labels)
        n += count;
      std::printf("  %-9s n=%-5zu", change.c_str(), n);
      for (std::string_view label :
           {"supported", "doubtful", "unsupported", "contradicted", "no_claim", "unverified"}) {
        const auto it = labels.find(std::string(label));
        const std::size_t count = it == labels.end() ? 0 : it->second;
        std::printf(" %s=%.3f", std::string(label).c_str(), n == 0 ? 0.0 : double(count) / n);
      }
      std::printf("\n");
    }
  }

  void print_baselines() const {
    for (const auto& [name, c] : baselines) {
      std::printf("baseline %-18s balanced_accuracy=%.3f  precision=%.3f  recall=%.3f  (n=%zu)\n",
                  name.c_str(), c.balanced_accuracy(), c.precision(), c.recall(),
                  c.tp + c.fp + c.tn + c.fn);
    }
  }
};

// The naive baseline: the whole answer's word coverage, one verdict.
SampleOutcome evaluate_naive(Sample& sample, filters::index::ContextIndexCache& cache,
                             double max_missing, const verify::AnswerRule& rule, bool want_json,
                             EvalTally& tally) {
  const auto start = Clock::now();
  std::vector<filters::context::Passage> passages;
  for (std::string& text : sample.context) {
    filters::context::Passage p;
    p.text = std::move(text);
    passages.push_back(std::move(p));
  }
  auto index = cache.get_or_build(passages);
  tally.prepare_us.push_back(
      std::chrono::duration<double, std::micro>(Clock::now() - start).count());
  const sp::Verdict v = sp::naive_coverage(*index, sample.question, sample.answer, max_missing);
  verify::SentenceVerdict sentence;  // the whole answer as one checked sentence
  sentence.label = v.label;
  sentence.score = v.score;
  sentence.claims = true;
  const verify::AnswerSummary summary = verify::summarize(std::span(&sentence, 1), rule);
  SampleOutcome outcome;
  outcome.hallucinated = summary.hallucinated;
  outcome.score = summary.hallucination_score;
  outcome.worst = filters::verdict::to_string(v.label);
  if (want_json) sp::append_json(outcome.pieces_json, v, sample.answer, index.get());
  return outcome;
}

// The engines the setup names, sentence by sentence, as the proxy runs them.
// With `judge`, the sentences in its band are the judge's (eval_judge.h).
SampleOutcome evaluate_with_engines(const Sample& sample, const VerifierSetup& setup,
                                    filters::index::ContextIndexCache& cache, bool want_json,
                                    std::FILE* features_out, const EvalJudge* judge,
                                    JudgeTally& judged, EvalTally& tally) {
  VerifiedSample run = verify_sample(sample, setup, cache);
  if (judge != nullptr) {
    judge_sample(*judge, setup.config->thresholds, sample, run.index, run.verdicts, judged);
  }
  tally.prepare_us.push_back(run.prepare_us);
  SampleOutcome outcome;
  for (std::size_t i = 0; i < run.verdicts.size(); ++i) {
    const verify::SentenceVerdict& v = run.verdicts[i];
    if (!v.ok()) ++tally.errors;
    const bool truth = sentence_unfaithful(sample, v.answer_begin, v.answer_end);
    if (sample.sentence_truth && v.ok() && v.claims) {
      // A flag is an unsupported or contradicted label; doubt is not one (precision-first).
      tally.sentences.add(verify::is_flag(v.label), truth);
      ++tally.sentence_labels[std::string(filters::verdict::to_string(v.label))];
      tally.sentence_scores.push_back({v.unfaithful.value_or(1 - v.score), truth});
    }
    if (features_out && v.ok()) write_features(features_out, sample, i, v, truth);
    tally.sentence_us.push_back(static_cast<double>(v.verify_ns) / 1e3);
    if (want_json) {
      if (!outcome.pieces_json.empty()) outcome.pieces_json += ',';
      append_json(outcome.pieces_json, v, sample.answer, run.index.get());
    }
  }
  const verify::AnswerSummary summary = verify::summarize(run.verdicts, setup.rule);
  outcome.worst = summary.errors > 0         ? "unverified"
                  : summary.contradicted > 0 ? "contradicted"
                  : summary.unsupported > 0  ? "unsupported"
                  : summary.doubtful > 0     ? "doubtful"
                  : summary.supported > 0    ? "supported"
                                             : "no_claim";
  outcome.hallucinated = summary.hallucinated;
  outcome.score = summary.hallucination_score;
  return outcome;
}

// One line of `--out`.
void write_prediction(std::FILE* out, const Sample& sample, const SampleOutcome& outcome) {
  std::string json = "{\"id\":";
  sp::append_json_string(json, sample.id);
  json += outcome.hallucinated ? ",\"hallucinated\":true" : ",\"hallucinated\":false";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, ",\"score\":%.4g", outcome.score);
  json += buffer;
  json += ",\"label\":" + std::to_string(sample.label) + ",\"pieces\":[" + outcome.pieces_json;
  json += "]}\n";
  std::fputs(json.c_str(), out);
}

int failed(const std::string& message, int exit_code) {
  std::fprintf(stderr, "groundgate eval: %s\n", message.c_str());
  return exit_code;
}

// `--NAME PATH`, when given, opened for writing into `file`; false when it cannot be.
bool open_if_asked(const Args& args, std::string_view name, File& file) {
  auto path = args.value(name);
  if (!path) return true;
  file = open_for_writing(*path);
  return file != nullptr;
}

// How the prose samples are verified: the engines a policy or a list names, or the naive
// baseline (the whole answer's word coverage) with its own answer rule.
struct EvalSettings {
  bool naive = false;
  std::optional<double> naive_missing;
  verify::AnswerRule naive_rule;
  VerifierSetup setup;  // without a config when it could not be made (setup.error says why)
};

// The settings the command line asks for; nullopt and `error` on a bad option.
std::optional<EvalSettings> eval_settings(const Args& args, std::string& error) {
  EvalSettings settings;
  VerifierOverrides overrides;
  if (!parse_overrides(args, overrides, settings.naive_missing, error)) return std::nullopt;
  const std::string list = args.value("verifiers").value_or(std::string(kDefaultVerifiers));
  settings.naive = list == "naive";
  if (auto config_path = args.value("c"); config_path && !settings.naive) {
    // The policy's settings; --verifiers, when given, picks the engines among them.
    overrides.verifiers = args.value("verifiers");
    settings.setup = setup_from_policy(*config_path, *args.value("policy"), overrides);
  } else if (!settings.naive) {
    settings.setup = setup_from_list(list, overrides);
  }
  if (overrides.max_unsupported_share) {
    settings.naive_rule.counts.max_unsupported_share = *overrides.max_unsupported_share;
  }
  return settings;
}

// The SQL and SPL samples of a file, checked as they are read (the prose ones are kept).
class CodeSamples {
 public:
  CodeSamples(std::shared_ptr<const filters::sql::SqlCheckerConfig> sql_config,
              const std::string& data_dir)
      : sql_(std::move(sql_config), data_dir), spl_(data_dir) {}

  // read_samples' hook: whether `doc` is an SQL or SPL sample (then checked, its prediction
  // written to `out`), `error` when it is a malformed one.
  bool check_if_code(simdjson::dom::element doc, std::FILE* out, std::string& error) {
    if (SplEvaluation::is_spl_sample(doc)) {
      spl_.add(doc, out, error);
      return true;
    }
    if (!SqlEvaluation::is_sql_sample(doc)) return false;
    sql_.add(doc, out, error);
    return true;
  }

  bool empty() const { return sql_.empty() && spl_.empty(); }

  void print() const {
    if (!sql_.empty()) sql_.print();
    if (!spl_.empty()) spl_.print();
  }

 private:
  SqlEvaluation sql_;
  SplEvaluation spl_;
};

// The prose samples, one by one, through the engines (or the naive baseline), with what the
// run counts; predictions to `out` and features to `features_out` when given.
class ProseRun {
 public:
  ProseRun(const EvalSettings& settings, std::FILE* out, std::FILE* features_out, EvalJudge* judge)
      : settings_(settings), out_(out), features_out_(features_out), judge_(judge) {
    const VerifierSetup& setup = settings.setup;
    if (setup.config && setup.config->extractor) {
      extraction_.extractor = setup.config->extractor.get();
      extraction_.before = extraction_.extractor->stats();
    }
    if (judge_ != nullptr) prepare_judge(*judge_, setup.config);
  }

  void evaluate(Sample& sample) {
    const auto start = Clock::now();
    const SampleOutcome outcome =
        settings_.naive ? evaluate_naive(sample, cache_, settings_.naive_missing.value_or(0),
                                         settings_.naive_rule, out_ != nullptr, tally_)
                        : evaluate_with_engines(sample, settings_.setup, cache_, out_ != nullptr,
                                                features_out_, judge_, judged_, tally_);
    tally_.sample_us.push_back(
        std::chrono::duration<double, std::micro>(Clock::now() - start).count() -
        tally_.prepare_us.back());
    tally_.count_answer(sample, outcome);
    if (out_ != nullptr) write_prediction(out_, sample, outcome);
  }

  // The run's figures on stdout, the curves to `svg_path` when given; false when they
  // cannot be written.
  bool report(const std::optional<std::string>& svg_path, std::string_view data_path) const {
    tally_.print();
    if (judge_ != nullptr) judged_.print();
    extraction_.print();
    if (!report_pr_curves(svg_path, data_path, tally_.answer_scores, tally_.answers,
                          tally_.sentence_scores, tally_.sentences)) {
      return false;
    }
    tally_.print_changes();
    tally_.print_baselines();
    return true;
  }

 private:
  const EvalSettings& settings_;
  std::FILE* out_;
  std::FILE* features_out_;
  EvalJudge* judge_;
  ExtractionShare extraction_;
  filters::index::ContextIndexCache cache_{config::Limits{}.context_cache_bytes};
  EvalTally tally_;
  JudgeTally judged_;
};

}  // namespace

std::string_view eval_usage() {
  return kUsage;
}

int eval_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {});
  if (!args.error().empty() || args.positional().size() != 1 ||
      args.value("c").has_value() != args.value("policy").has_value()) {
    if (!args.error().empty()) std::fprintf(stderr, "groundgate eval: %s\n", args.error().c_str());
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  std::string error;
  std::optional<EvalSettings> settings = eval_settings(args, error);
  if (!settings) return failed(error, 2);
  File out(nullptr, std::fclose);
  if (!open_if_asked(args, "out", out)) return 1;
  std::optional<EvalJudge> judge = eval_judge(args, error);
  if (!error.empty()) return failed(error, 2);
  std::shared_ptr<const filters::sql::SqlCheckerConfig> sql_config = sql_checker(args, error);
  if (!sql_config) return failed(error, 2);

  const std::string& path = args.positional().front();
  CodeSamples code(sql_config, std::filesystem::path(path).parent_path().string());
  auto samples = read_samples(path, error, [&](simdjson::dom::element doc, std::string& e) {
    return code.check_if_code(doc, out.get(), e);
  });
  if (!samples) return failed(error, 1);
  // An SQL- or SPL-only run needs no prose engine.
  if (!settings->naive && !settings->setup.config && !samples->empty()) {
    return failed(settings->setup.error, 2);
  }
  File features_out(nullptr, std::fclose);
  if (!open_if_asked(args, "features", features_out)) return 1;
  if (features_out) write_feature_names(features_out.get());

  ProseRun prose(*settings, out.get(), features_out.get(), judge ? &*judge : nullptr);
  for (Sample& sample : *samples)
    prose.evaluate(sample);
  code.print();
  if (samples->empty() && !code.empty()) return 0;
  return prose.report(args.value("pr-curve"), path) ? 0 : 1;
}

}  // namespace groundgate::offline
