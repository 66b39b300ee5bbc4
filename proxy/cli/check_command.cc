// `groundgate check`: verifies one answer against context files and prints the verdicts as JSON.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/semantic_piece/answer_summary.h"
#include "filters/semantic_piece/answer_verifier.h"
#include "filters/semantic_piece/verdict_json.h"
#include "proxy/cli/args.h"
#include "proxy/cli/commands.h"

namespace groundgate::proxy::cli {
namespace {

namespace sp = filters::semantic_piece;

constexpr std::string_view kUsage =
    "usage: groundgate check --context FILE [--context FILE...] --answer FILE "
    "[--question TEXT]\n";

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int check_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {});
  const std::vector<std::string> context_paths = args.values("context");
  const auto answer_path = args.value("answer");
  if (!args.error().empty() || context_paths.empty() || !answer_path ||
      !args.positional().empty()) {
    if (!args.error().empty()) std::fprintf(stderr, "groundgate check: %s\n", args.error().c_str());
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  std::vector<filters::context::Passage> passages;
  for (const std::string& path : context_paths) {
    auto text = read_file(path);
    if (!text) {
      std::fprintf(stderr, "groundgate check: cannot read %s\n", path.c_str());
      return 1;
    }
    filters::context::Passage passage;
    passage.text = std::move(*text);
    passage.id = path;
    passages.push_back(std::move(passage));
  }
  const auto answer = read_file(*answer_path);
  if (!answer) {
    std::fprintf(stderr, "groundgate check: cannot read %s\n", answer_path->c_str());
    return 1;
  }
  auto loaded = filters::text::Lexicon::shared();
  if (!loaded.lexicon) {
    std::fprintf(stderr, "groundgate check: WordNet: %s\n", loaded.error.c_str());
    return 1;
  }
  sp::VerifierOptions options;
  options.lexicon = loaded.lexicon;
  auto index = filters::index::ContextIndex::build(std::move(passages));
  const std::string question = args.value("question").value_or("");
  const std::vector<sp::Verdict> verdicts = sp::verify_answer(index, question, *answer, options);
  const sp::AnswerSummary summary = sp::summarize(verdicts, options.rule);

  std::string json = "{\"hallucinated\":";
  json += summary.hallucinated ? "true" : "false";
  char counts[160];
  std::snprintf(counts, sizeof counts,
                ",\"score\":%.4g,\"supported\":%zu,\"unsupported\":%zu,\"contradicted\":%zu",
                summary.hallucination_score, summary.supported, summary.unsupported,
                summary.contradicted);
  json += counts;
  json += ",\"passages\":[";
  for (std::size_t i = 0; i < context_paths.size(); ++i) {
    if (i > 0) json += ',';
    sp::append_json_string(json, context_paths[i]);
  }
  json += "],\"verdicts\":[";
  for (std::size_t i = 0; i < verdicts.size(); ++i) {
    json += i > 0 ? ",\n  " : "\n  ";
    sp::append_json(json, verdicts[i], *answer, index.get());
  }
  json += "\n]}\n";
  std::fputs(json.c_str(), stdout);
  return 0;
}

}  // namespace groundgate::proxy::cli
