// `groundgate check`: verifies one answer against context files and prints the verdicts as JSON.
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/semantic_piece/verdict_json.h"
#include "filters/verify/answer_summary.h"
#include "filters/verify/sentence_verifier.h"
#include "offline/commands.h"
#include "offline/input_text.h"
#include "offline/sentence_json.h"
#include "offline/verifier_setup.h"
#include "proxy/cli/args.h"

namespace groundgate::offline {
namespace {

namespace verify = filters::verify;

constexpr std::string_view kUsage =
    "usage: groundgate check --context FILE... --answer FILE [--question TEXT]\n"
    "         [--verifiers LIST | -c CONFIG --policy NAME] [--scorer builtin|off|MODEL.json]\n"
    "  LIST: comma-separated, from semantic_pieces (default) and triplets\n";

int failed(const std::string& message, int exit_code) {
  std::fprintf(stderr, "groundgate check: %s\n", message.c_str());
  return exit_code;
}

// The context files as passages, each named by its path; nullopt and `error` when one cannot
// be read.
std::optional<std::vector<filters::context::Passage>> read_passages(
    const std::vector<std::string>& paths, std::string& error) {
  std::vector<filters::context::Passage> passages;
  for (const std::string& path : paths) {
    auto text = read_input(path);
    if (!text) {
      error = "cannot read " + path;
      return std::nullopt;
    }
    filters::context::Passage passage;
    passage.text = std::move(*text);
    passage.id = path;
    passages.push_back(std::move(passage));
  }
  return passages;
}

// The engines of the policy (-c, --policy) or of the list (--verifiers, by default the
// default ones), with --scorer.
VerifierSetup verifier_setup(const Args& args) {
  VerifierOverrides overrides;
  overrides.scorer = args.value("scorer");
  if (args.value("c")) return setup_from_policy(*args.value("c"), *args.value("policy"), overrides);
  return setup_from_list(args.value("verifiers").value_or(std::string(kDefaultVerifiers)),
                         overrides);
}

// The answer's verdict (no_context: checked against nothing), its counts, the context files and
// each sentence's verdict, as JSON.
std::string answer_json(bool has_context, const verify::AnswerSummary& summary,
                        const std::vector<std::string>& context_paths,
                        const std::vector<verify::SentenceVerdict>& verdicts,
                        std::string_view answer, const filters::index::ContextIndex* index) {
  std::string json = "{\"verdict\":\"";
  json += !has_context           ? "no_context"
          : summary.hallucinated ? "hallucinated"
          : summary.checked == 0 ? "no_claims"
          : summary.errors > 0   ? "unverified"
                                 : "grounded";
  json += "\",\"hallucinated\":";
  json += summary.hallucinated ? "true" : "false";
  char counts[256];
  std::snprintf(counts, sizeof counts,
                ",\"score\":%.4g,\"supported\":%zu,\"doubtful\":%zu,\"unsupported\":%zu,"
                "\"contradicted\":%zu,\"no_claim\":%zu",
                summary.hallucination_score, summary.supported, summary.doubtful,
                summary.unsupported, summary.contradicted, summary.no_claim);
  json += counts;
  json += ",\"passages\":[";
  for (std::size_t i = 0; i < context_paths.size(); ++i) {
    if (i > 0) json += ',';
    filters::semantic_piece::append_json_string(json, context_paths[i]);
  }
  json += "],\"verdicts\":[";
  for (std::size_t i = 0; i < verdicts.size(); ++i) {
    json += i > 0 ? ",\n  " : "\n  ";
    append_json(json, verdicts[i], answer, index);
  }
  json += "\n]}\n";
  return json;
}

}  // namespace

std::string_view check_usage() {
  return kUsage;
}

int check_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {}, {"context"});
  const std::vector<std::string> context_paths = args.values("context");
  const auto answer_path = args.value("answer");
  if (!args.error().empty() || context_paths.empty() || !answer_path ||
      !args.positional().empty() ||
      args.value("c").has_value() != args.value("policy").has_value() ||
      (args.value("c") && args.value("verifiers"))) {
    if (!args.error().empty()) std::fprintf(stderr, "groundgate check: %s\n", args.error().c_str());
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  std::string error;
  std::optional<std::vector<filters::context::Passage>> passages =
      read_passages(context_paths, error);
  if (!passages) return failed(error, 1);
  const auto answer = read_input(*answer_path);
  if (!answer) return failed("cannot read " + *answer_path, 1);
  const VerifierSetup setup = verifier_setup(args);
  if (!setup.config) return failed(setup.error, 2);
  auto index = filters::index::ContextIndex::build(std::move(*passages));
  // As in the proxy: context files with no sentence in them are no context, and an answer
  // checked against nothing is neither grounded nor hallucinated.
  const bool has_context = index && !index->pieces().empty();
  const std::string question = args.value("question").value_or("");
  std::vector<verify::SentenceVerdict> verdicts;
  if (has_context) {
    verify::SentenceVerifier verifier(setup.config, index, question, 0);
    verdicts = verify::verify_answer(verifier, *answer);
  }
  const verify::AnswerSummary summary = verify::summarize(verdicts, setup.rule);
  std::fputs(
      answer_json(has_context, summary, context_paths, verdicts, *answer, index.get()).c_str(),
      stdout);
  return 0;
}

}  // namespace groundgate::offline
