// `groundgate eval DATA.jsonl`: runs the verifiers over labelled samples the way the proxy
// filter does (passages → context index → answer fed in deltas → answer rule) and prints
// balanced accuracy, precision, recall, F1 and verification latency.
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "filters/index/context_index_cache.h"
#include "filters/semantic_piece/answer_summary.h"
#include "filters/semantic_piece/answer_verifier.h"
#include "filters/semantic_piece/naive_coverage.h"
#include "filters/semantic_piece/verdict_json.h"
#include "proxy/cli/args.h"
#include "proxy/cli/commands.h"

namespace groundgate::proxy::cli {
namespace {

namespace sp = filters::semantic_piece;
using Clock = std::chrono::steady_clock;

constexpr std::string_view kUsage =
    "usage: groundgate eval DATA.jsonl [--out PRED.jsonl] [--verifiers LIST]\n"
    "         [--max-unsupported-share X] [--min-coverage X] [--match-overlap X]\n"
    "         [--elsewhere-weight X] [--naive-max-missing X]\n"
    "  LIST: comma-separated, from semantic_pieces (default), naive\n";
constexpr std::size_t kIndexCacheBytes = 64u << 20;

struct Sample {
  std::string id;
  std::string dataset;
  std::string question;
  std::vector<std::string> context;
  std::string answer;
  int label = 0;
  std::map<std::string, int> baselines;
};

// Reads one JSONL line; an empty optional and a message on a malformed line.
std::optional<Sample> parse_sample(simdjson::dom::parser& parser, const std::string& line,
                                   std::string& error) {
  simdjson::dom::element doc;
  if (auto e = parser.parse(line).get(doc); e) {
    error = simdjson::error_message(e);
    return std::nullopt;
  }
  Sample s;
  std::string_view sv;
  if (doc["id"].get(sv) == simdjson::SUCCESS) s.id = sv;
  if (doc["dataset"].get(sv) == simdjson::SUCCESS) s.dataset = sv;
  if (doc["question"].get(sv) == simdjson::SUCCESS) s.question = sv;
  if (doc["answer"].get(sv) != simdjson::SUCCESS) {
    error = "no \"answer\" string";
    return std::nullopt;
  }
  s.answer = sv;
  int64_t label = 0;
  if (doc["label"].get(label) != simdjson::SUCCESS) {
    error = "no integer \"label\"";
    return std::nullopt;
  }
  s.label = label != 0;
  simdjson::dom::array context;
  if (doc["context"].get(context) == simdjson::SUCCESS) {
    for (simdjson::dom::element p : context) {
      if (p.get(sv) == simdjson::SUCCESS) s.context.emplace_back(sv);
    }
  } else if (doc["context"].get(sv) == simdjson::SUCCESS) {
    s.context.emplace_back(sv);
  }
  simdjson::dom::object baselines;
  if (doc["baselines"].get(baselines) == simdjson::SUCCESS) {
    for (auto [key, value] : baselines) {
      int64_t flagged = 0;
      if (value.get(flagged) == simdjson::SUCCESS) s.baselines[std::string(key)] = flagged != 0;
    }
  }
  return s;
}

struct Confusion {
  std::size_t tp = 0, fp = 0, tn = 0, fn = 0;
  void add(bool predicted, bool actual) {
    if (predicted && actual) ++tp;
    if (predicted && !actual) ++fp;
    if (!predicted && !actual) ++tn;
    if (!predicted && actual) ++fn;
  }
  static double ratio(std::size_t a, std::size_t b) { return b == 0 ? 0.0 : double(a) / b; }
  double recall() const { return ratio(tp, tp + fn); }
  double specificity() const { return ratio(tn, tn + fp); }
  double precision() const { return ratio(tp, tp + fp); }
  double balanced_accuracy() const { return (recall() + specificity()) / 2; }
  double f1() const {
    const double p = precision(), r = recall();
    return p + r == 0 ? 0.0 : 2 * p * r / (p + r);
  }
};

double percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t at = std::min(values.size() - 1, static_cast<std::size_t>(q * values.size()));
  return values[at];
}

// Deltas the way a model streams them: a word and its following space at a time.
std::vector<std::string_view> as_deltas(std::string_view answer) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i < answer.size(); ++i) {
    if (answer[i] == ' ' || i + 1 == answer.size()) {
      out.push_back(answer.substr(start, i + 1 - start));
      start = i + 1;
    }
  }
  return out;
}

struct Selection {
  bool semantic_pieces = false;
  bool naive = false;
};

std::optional<Selection> parse_verifiers(const std::string& list, std::string& error) {
  Selection s;
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');) {
    if (name == "semantic_pieces") {
      s.semantic_pieces = true;
    } else if (name == "naive") {
      s.naive = true;
    } else if (name == "triplets") {
      error = "verifier 'triplets' does not exist yet (the triplet engine is a later issue)";
      return std::nullopt;
    } else {
      error = "unknown verifier '" + name + "' (known: semantic_pieces, naive)";
      return std::nullopt;
    }
  }
  if (!s.semantic_pieces && !s.naive) {
    error = "no verifier selected";
    return std::nullopt;
  }
  return s;
}

std::optional<double> parse_share(const Args& args, std::string_view name, double fallback,
                                  std::string& error) {
  auto text = args.value(name);
  if (!text) return fallback;
  char* end = nullptr;
  const double value = std::strtod(text->c_str(), &end);
  if (end == text->c_str() || *end != '\0' || !(value >= 0 && value <= 1)) {
    error = "--" + std::string(name) + " needs a number in [0, 1], got '" + *text + "'";
    return std::nullopt;
  }
  return value;
}

}  // namespace

int eval_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {});
  if (!args.error().empty() || args.positional().size() != 1) {
    if (!args.error().empty()) std::fprintf(stderr, "groundgate eval: %s\n", args.error().c_str());
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  std::string error;
  auto selection = parse_verifiers(args.value("verifiers").value_or("semantic_pieces"), error);
  sp::VerifierOptions options;
  auto unsupported_share =
      parse_share(args, "max-unsupported-share", options.rule.max_unsupported_share, error);
  auto naive_missing = parse_share(args, "naive-max-missing", 0.0, error);
  if (!selection || !unsupported_share || !naive_missing) {
    std::fprintf(stderr, "groundgate eval: %s\n", error.c_str());
    return 2;
  }
  auto min_coverage = parse_share(args, "min-coverage", options.min_coverage, error);
  auto match_overlap = parse_share(args, "match-overlap", options.match_overlap, error);
  auto elsewhere = parse_share(args, "elsewhere-weight", options.elsewhere_weight, error);
  if (!min_coverage || !match_overlap || !elsewhere) {
    std::fprintf(stderr, "groundgate eval: %s\n", error.c_str());
    return 2;
  }
  options.rule.max_unsupported_share = *unsupported_share;
  options.min_coverage = *min_coverage;
  options.match_overlap = *match_overlap;
  options.elsewhere_weight = *elsewhere;
  if (selection->semantic_pieces) {
    auto loaded = filters::text::Lexicon::shared();
    if (!loaded.lexicon) {
      std::fprintf(stderr, "groundgate eval: WordNet: %s\n", loaded.error.c_str());
      return 1;
    }
    options.lexicon = loaded.lexicon;
  }

  const std::string& path = args.positional().front();
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "groundgate eval: cannot read %s\n", path.c_str());
    return 1;
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(nullptr, std::fclose);
  if (auto out_path = args.value("out")) {
    out.reset(std::fopen(out_path->c_str(), "w"));
    if (!out) {
      std::fprintf(stderr, "groundgate eval: cannot write %s\n", out_path->c_str());
      return 1;
    }
  }

  filters::index::ContextIndexCache cache(kIndexCacheBytes);
  simdjson::dom::parser parser;
  Confusion total;
  std::map<std::string, Confusion> baselines;
  std::vector<double> sample_us, sentence_us, prepare_us;
  std::size_t line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto sample = parse_sample(parser, line, error);
    if (!sample) {
      std::fprintf(stderr, "groundgate eval: %s:%zu: %s\n", path.c_str(), line_number,
                   error.c_str());
      return 1;
    }
    std::vector<filters::context::Passage> passages;
    for (std::string& text : sample->context) {
      filters::context::Passage p;
      p.text = std::move(text);
      passages.push_back(std::move(p));
    }
    const auto prepare_start = Clock::now();
    auto index = cache.get_or_build(passages);
    const auto start = Clock::now();
    prepare_us.push_back(std::chrono::duration<double, std::micro>(start - prepare_start).count());

    std::vector<sp::Verdict> verdicts;
    if (selection->semantic_pieces) {
      sp::AnswerVerifier verifier(index, sample->question, options);
      auto run = [&](auto&& step) {
        const auto t0 = Clock::now();
        std::vector<sp::Verdict> got = step();
        const double us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
        if (!got.empty()) {
          // Pieces of one sentence share its check's time.
          std::size_t sentences = 1;
          for (std::size_t i = 1; i < got.size(); ++i) {
            if (got[i].answer_begin >= got[i - 1].answer_end + 1) ++sentences;
          }
          for (std::size_t i = 0; i < sentences; ++i)
            sentence_us.push_back(us / sentences);
        }
        verdicts.insert(verdicts.end(), got.begin(), got.end());
      };
      for (std::string_view delta : as_deltas(sample->answer)) {
        run([&] { return verifier.on_delta(delta); });
      }
      run([&] { return verifier.finish(); });
    }
    if (selection->naive) {
      verdicts.push_back(
          sp::naive_coverage(*index, sample->question, sample->answer, *naive_missing));
    }
    const sp::AnswerSummary summary = sp::summarize(verdicts, options.rule);
    sample_us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());

    total.add(summary.hallucinated, sample->label == 1);
    for (const auto& [name, flagged] : sample->baselines) {
      baselines[name].add(flagged == 1, sample->label == 1);
    }
    if (out) {
      std::string json = "{\"id\":";
      sp::append_json_string(json, sample->id);
      json += summary.hallucinated ? ",\"hallucinated\":true" : ",\"hallucinated\":false";
      char score[32];
      std::snprintf(score, sizeof score, ",\"score\":%.4g", summary.hallucination_score);
      json += score;
      json += ",\"label\":" + std::to_string(sample->label) + ",\"pieces\":[";
      for (std::size_t i = 0; i < verdicts.size(); ++i) {
        if (i > 0) json += ',';
        sp::append_json(json, verdicts[i], sample->answer, index.get());
      }
      json += "]}\n";
      std::fputs(json.c_str(), out.get());
    }
  }

  const std::size_t n = total.tp + total.fp + total.tn + total.fn;
  std::printf("n=%zu  hallucinated=%zu  faithful=%zu\n", n, total.tp + total.fn,
              total.tn + total.fp);
  std::printf(
      "balanced_accuracy=%.3f  precision=%.3f  recall=%.3f  f1=%.3f  (tp=%zu fp=%zu "
      "tn=%zu fn=%zu)\n",
      total.balanced_accuracy(), total.precision(), total.recall(), total.f1(), total.tp, total.fp,
      total.tn, total.fn);
  std::printf(
      "latency_us per sample: p50=%.1f p99=%.1f  per sentence: p50=%.1f p99=%.1f (n=%zu)"
      "  context index: p50=%.1f p99=%.1f\n",
      percentile(sample_us, 0.5), percentile(sample_us, 0.99), percentile(sentence_us, 0.5),
      percentile(sentence_us, 0.99), sentence_us.size(), percentile(prepare_us, 0.5),
      percentile(prepare_us, 0.99));
  for (const auto& [name, c] : baselines) {
    std::printf("baseline %-18s balanced_accuracy=%.3f  precision=%.3f  recall=%.3f  (n=%zu)\n",
                name.c_str(), c.balanced_accuracy(), c.precision(), c.recall(),
                c.tp + c.fp + c.tn + c.fn);
  }
  return 0;
}

}  // namespace groundgate::proxy::cli
