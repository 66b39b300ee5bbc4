// `groundgate train DATA.jsonl... [--out MODEL.json]`: trains the learned scorer on labelled
// samples (the format `groundgate eval` reads), verified the way the proxy verifies them with
// the default engines, and writes the model file the scorer loads (by default
// filters/score/models/rag.json, compiled into the next build). Deterministic: the same data
// and the same build give the same file.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "config/config.h"
#include "filters/index/context_index_cache.h"
#include "filters/verify/answer_features.h"
#include "filters/verify/sentence_features.h"
#include "offline/commands.h"
#include "offline/eval_run.h"
#include "offline/eval_samples.h"
#include "offline/scorer_training.h"
#include "offline/synthetic_set.h"
#include "offline/verifier_setup.h"
#include "proxy/cli/args.h"

namespace groundgate::offline {
namespace {

constexpr std::string_view kUsage =
    "usage: groundgate train DATA.jsonl... [--synthetic [--synthetic-out FILE]]\n"
    "         [--out MODEL.json] [--folds K] [--fold-seed TEXT] [--report FILE]\n"
    "         [--scores FILE] [--without FEATURE,...] [--answer-in-domain]\n"
    "         [--flags-from-other-sets] [--bags N]\n"
    "  trains the scorer on every file (each a data set of its own) and writes the model\n"
    "  (default: filters/score/models/rag.json); prints the cross-validated figures\n"
    "  --synthetic: also learn from short answers made from the files' contexts, each a\n"
    "  sentence as it stands, reworded, and with one change (a number, a negation, a name);\n"
    "  --synthetic-out writes them as JSONL\n"
    "  --fold-seed: another split of the sources into folds (how much a figure moves with\n"
    "  the split; the thresholds written come from this split too)\n"
    "  --scores: each answer's cross-validated and held-out-set probabilities, as JSONL\n"
    "  --without: sentence features held at zero (what they add, measured)\n"
    "  --answer-in-domain: the answer model learns from its own sets' cross-validated\n"
    "  sentence scores (by default from each set scored by a model trained on the others)\n"
    "  --flags-from-other-sets: the doubtful and unsupported thresholds are chosen on each\n"
    "  set's sentences as scored by a model trained on the others (by default on the sets'\n"
    "  cross-validated sentence scores)\n"
    "  --bags: boosters per model, each on its own samples of the rows, margins averaged\n"
    "  (default 5; 1: one booster on every row)\n";

// The data set's name: the file name without its extensions ("lfqa.dev.jsonl" → "lfqa").
std::string set_name(const std::string& path) {
  std::string name = std::filesystem::path(path).filename().string();
  return name.substr(0, name.find('.'));
}

int failed(const std::string& message, int exit_code) {
  std::fprintf(stderr, "groundgate train: %s\n", message.c_str());
  return exit_code;
}

// The training options the command line asks for; nullopt and `error` on a bad one.
std::optional<TrainingOptions> training_options(const Args& args, std::string& error) {
  TrainingOptions options;
  const auto& sentence_directions = filters::verify::sentence_feature_directions();
  const auto& answer_directions = filters::verify::answer_feature_directions();
  options.sentence.monotone.assign(sentence_directions.begin(), sentence_directions.end());
  options.answer.monotone.assign(answer_directions.begin(), answer_directions.end());
  if (auto folds = args.value("folds")) {
    options.folds = static_cast<std::size_t>(std::strtoul(folds->c_str(), nullptr, 10));
    if (options.folds < 2 || options.folds > 20) {
      error = "--folds needs 2 to 20";
      return std::nullopt;
    }
  }
  if (auto seed = args.value("fold-seed")) options.fold_seed = *seed;
  if (auto bags = args.value("bags")) {
    const std::size_t n = std::strtoul(bags->c_str(), nullptr, 10);
    if (n < 1 || n > 50) {
      error = "--bags needs 1 to 50";
      return std::nullopt;
    }
    for (filters::score::training::GbdtParams* params : {&options.sentence, &options.answer}) {
      params->bags = n;
      params->subsample = n > 1 ? kBagSubsample : 1;
    }
  }
  options.answer_from_other_sets = !args.flag("answer-in-domain");
  options.flags_from_other_sets = args.flag("flags-from-other-sets");
  if (auto without = args.value("without")) {
    std::stringstream list(*without);
    for (std::string name; std::getline(list, name, ',');)
      options.without.push_back(name);
  }
  if (args.value("synthetic-out") && !args.flag("synthetic")) {
    error = "--synthetic-out needs --synthetic";
    return std::nullopt;
  }
  return options;
}

// The training sets with their samples verified, and the command that made them (the model
// file's `trained` field: the command that gives the same file again).
struct VerifiedSets {
  VerifierSetup setup;
  filters::index::ContextIndexCache cache{config::Limits{}.context_cache_bytes};
  std::vector<TrainingSetInput> sets;
  std::string command = "groundgate train";

  // Verifies `set`'s samples the way the proxy does and keeps it.
  void add(TrainingSetInput set) {
    for (const Sample& sample : set.samples)
      set.verified.push_back(verify_sample(sample, setup, cache));
    std::fprintf(stderr, "groundgate train: %s: %zu samples verified\n", set.name.c_str(),
                 set.samples.size());
    sets.push_back(std::move(set));
  }
};

// Each file a set of its own; false and `error` when one cannot be read.
bool add_files(const std::vector<std::string>& paths, VerifiedSets& run, std::string& error) {
  for (const std::string& path : paths) {
    auto samples = read_samples(path, error);
    if (!samples) return false;
    TrainingSetInput set;
    set.name = set_name(path);
    set.samples = std::move(*samples);
    run.add(std::move(set));
    run.command += " " + std::filesystem::path(path).filename().string();
  }
  return true;
}

// The synthetic set made from the sets' contexts (written as JSONL to `out_path` when
// given); false and `error` when it cannot be made or written.
bool add_synthetic(const std::optional<std::string>& out_path, VerifiedSets& run,
                   std::string& error) {
  std::optional<TrainingSetInput> made = synthetic_set(run.sets, error);
  if (!made) return false;
  run.add(std::move(*made));  // named "synthetic"
  run.command += " --synthetic";
  if (!out_path) return true;
  std::ofstream file(*out_path, std::ios::binary);
  file << synthetic_jsonl(run.sets.back());
  if (!file) error = "cannot write " + *out_path;
  return static_cast<bool>(file);
}

// The options that change the model, as the recorded command gives them.
std::string option_words(const Args& args, const TrainingOptions& options) {
  std::string words;
  if (!options.fold_seed.empty()) words += " --fold-seed " + options.fold_seed;
  if (auto bags = args.value("bags")) words += " --bags " + *bags;
  if (auto without = args.value("without")) words += " --without " + *without;
  if (args.flag("answer-in-domain")) words += " --answer-in-domain";
  if (args.flag("flags-from-other-sets")) words += " --flags-from-other-sets";
  return words;
}

// The model to `--out` (by default the built-in model's file), the report and the scores
// where asked for; 1 when the model cannot be written.
int write_results(const Args& args, const TrainingResult& result) {
  const std::string out_path = args.value("out").value_or("filters/score/models/rag.json");
  std::ofstream out(out_path, std::ios::binary);
  out << result.model_json;
  if (!out) return failed("cannot write " + out_path, 1);
  if (auto report = args.value("report")) {
    std::ofstream r(*report);
    r << result.report;
  }
  if (auto scores = args.value("scores")) {
    std::ofstream s(*scores);
    s << result.scores;
  }
  std::printf("%s\nwrote %s\n", result.report.c_str(), out_path.c_str());
  return 0;
}

}  // namespace

std::string_view train_usage() {
  return kUsage;
}

int train_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {"synthetic", "answer-in-domain", "flags-from-other-sets"});
  if (!args.error().empty() || args.positional().empty()) {
    if (!args.error().empty()) std::fprintf(stderr, "groundgate train: %s\n", args.error().c_str());
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  std::string error;
  const std::optional<TrainingOptions> options = training_options(args, error);
  if (!options) return failed(error, 2);
  // The engines a policy runs by default, their rule labels (the scorer is what is trained).
  VerifierOverrides overrides;
  overrides.scorer = "off";
  VerifiedSets run;
  run.setup = setup_from_list(kDefaultVerifiers, overrides);
  if (!run.setup.config) return failed(run.setup.error, 1);
  if (!add_files(args.positional(), run, error)) return failed(error, 1);
  if (args.flag("synthetic") && !add_synthetic(args.value("synthetic-out"), run, error)) {
    return failed(error, 1);
  }
  const TrainingResult result =
      train_scorer(run.sets, *options, run.command + option_words(args, *options));
  if (!result.error.empty()) return failed(result.error, 1);
  return write_results(args, result);
}

}  // namespace groundgate::offline
