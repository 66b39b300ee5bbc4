// Cost of the figure checker (filters/figures) per answer sentence, against the same
// verifier without it, in the same run: every answer sentence of a data set verified three
// ways one after another — semantic pieces with figures off (the reference), figures read
// off tables only, and figures with the arithmetic search (the default) — each timed alone
// (thread CPU time), with the built-in scorer as a route has it, which of the three goes first
// turning from sentence to sentence. The ratio of the percentiles is the figure that counts
// (the machine is shared). A fourth timing is the
// FigureChecker alone on the same sentences. Contexts are each sample's own (TAT-QA: a
// report's table and its paragraphs), indexed once per distinct context, untimed. Data:
// $GG_BENCH_DATA_DIR, default the repository's ../shared/data.
#include <benchmark/benchmark.h>
#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "filters/figures/figure_checker.h"
#include "filters/index/context_index.h"
#include "filters/text/entities.h"
#include "filters/text/sentence_segmenter.h"
#include "filters/text/tokenizer.h"
#include "filters/verify/engine_setup.h"
#include "filters/verify/sentence_verifier.h"

#ifndef GG_BENCH_DEFAULT_DATA_DIR
#define GG_BENCH_DEFAULT_DATA_DIR "../shared/data"
#endif

namespace {

namespace index = groundgate::filters::index;
namespace verify = groundgate::filters::verify;
namespace figures = groundgate::filters::figures;
namespace text = groundgate::filters::text;
using groundgate::filters::context::Passage;

constexpr std::size_t kMaxSamples = 1500;  // per set: enough sentences for a p99

struct Sample {
  std::shared_ptr<const index::ContextIndex> index;
  std::string question;
  std::string answer;
};

std::vector<Sample> load(const char* file) {
  const char* dir = std::getenv("GG_BENCH_DATA_DIR");
  const std::string path =
      std::string(dir != nullptr ? dir : GG_BENCH_DEFAULT_DATA_DIR) + "/" + file;
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "figures_bench: cannot read %s (set GG_BENCH_DATA_DIR)\n", path.c_str());
    return {};
  }
  simdjson::dom::parser parser;
  std::map<std::string, std::shared_ptr<const index::ContextIndex>> indexes;
  std::vector<Sample> out;
  for (std::string line; out.size() < kMaxSamples && std::getline(in, line);) {
    simdjson::dom::element doc;
    if (parser.parse(line).get(doc) != simdjson::SUCCESS) continue;
    std::string_view sv;
    Sample s;
    if (doc["answer"].get(sv) != simdjson::SUCCESS) continue;
    s.answer = sv;
    if (doc["question"].get(sv) == simdjson::SUCCESS) s.question = sv;
    std::vector<Passage> passages;
    std::string key;
    simdjson::dom::array array;
    if (doc["context"].get(array) == simdjson::SUCCESS) {
      for (simdjson::dom::element e : array) {
        if (e.get(sv) != simdjson::SUCCESS) continue;
        key.append(sv).push_back('\0');
        Passage p;
        p.text = std::string(sv);
        passages.push_back(std::move(p));
      }
    }
    auto& idx = indexes[key];
    if (!idx) idx = index::ContextIndex::build(std::move(passages));
    s.index = idx;
    out.push_back(std::move(s));
  }
  return out;
}

const std::vector<Sample>& samples_of(const char* file) {
  static std::map<std::string, std::vector<Sample>> loaded;
  auto it = loaded.find(file);
  if (it == loaded.end()) it = loaded.emplace(file, load(file)).first;
  return it->second;
}

std::shared_ptr<const verify::VerifyConfig> config_with(bool figures_on, bool arithmetic) {
  verify::VerifyConfig c;
  c.semantic_pieces = true;
  c.triplets = false;
  c.figures.enabled = figures_on;
  c.figures.arithmetic = arithmetic;
  std::string error = verify::load_engines(c);
  groundgate::config::ScorerConfig model;
  model.model = "builtin";
  if (error.empty()) error = verify::load_scorer(c, model);
  if (!error.empty()) std::fprintf(stderr, "figures_bench: %s\n", error.c_str());
  return std::make_shared<const verify::VerifyConfig>(std::move(c));
}

double thread_cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

double at(const std::vector<double>& sorted, double q) {
  return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(q * sorted.size()))];
}

void BM_FigureCost(benchmark::State& state, const char* file) {
  const std::vector<Sample>& samples = samples_of(file);
  if (samples.empty()) {
    state.SkipWithError("no data (see stderr)");
    return;
  }
  static const auto off = config_with(false, false);
  static const auto read_only = config_with(true, false);
  static const auto arithmetic = config_with(true, true);
  const std::shared_ptr<const verify::VerifyConfig> configs[] = {off, read_only, arithmetic};
  std::vector<double> cpu[4];
  std::size_t turn = 0;
  for (auto _ : state) {
    for (const Sample& s : samples) {
      verify::SentenceVerifier verifiers[] = {
          verify::SentenceVerifier(off, s.index, s.question, 0),
          verify::SentenceVerifier(read_only, s.index, s.question, 0),
          verify::SentenceVerifier(arithmetic, s.index, s.question, 0)};
      const figures::FigureChecker alone(s.index, s.question, arithmetic->figures);
      for (const text::Sentence& seg : text::SentenceSegmenter::split(s.answer)) {
        if (seg.kind == text::SentenceKind::kCodeBlock) continue;
        const std::string_view sentence =
            std::string_view(s.answer).substr(seg.begin, seg.end - seg.begin);
        // Interleaved per sentence, the first of the three turning (a sentence's first check
        // warms the caches of its words for the others).
        ++turn;
        for (std::size_t step = 0; step < std::size(configs); ++step) {
          const std::size_t k = (turn + step) % std::size(configs);
          const double c0 = thread_cpu_us();
          verify::SentenceVerdict verdict = verifiers[k].verify(sentence, seg.begin);
          cpu[k].push_back(thread_cpu_us() - c0);
          benchmark::DoNotOptimize(verdict);
        }
        const double c0 = thread_cpu_us();
        const std::vector<text::Token> tokens = text::tokenize(sentence);
        const std::vector<text::Entity> entities = text::extract_entities(sentence, tokens);
        std::vector<figures::FigureVerdict> found;
        alone.check(sentence, tokens, entities, found);
        cpu[3].push_back(thread_cpu_us() - c0);
        benchmark::DoNotOptimize(found);
      }
    }
  }
  for (auto& v : cpu)
    std::sort(v.begin(), v.end());
  state.counters["sentences"] = static_cast<double>(cpu[0].size() / state.iterations());
  const char* names[] = {"off", "read", "arith", "checker"};
  for (std::size_t k = 0; k < 4; ++k) {
    state.counters[std::string(names[k]) + "_p50_us"] = at(cpu[k], 0.50);
    state.counters[std::string(names[k]) + "_p99_us"] = at(cpu[k], 0.99);
  }
  state.counters["arith_x_off_p50"] = at(cpu[2], 0.50) / at(cpu[0], 0.50);
  state.counters["arith_x_off_p99"] = at(cpu[2], 0.99) / at(cpu[0], 0.99);
}
BENCHMARK_CAPTURE(BM_FigureCost, tatqa, "tatqa.dev.jsonl")
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_FigureCost, ragtruth_qa, "ragtruth_qa.dev.jsonl")
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
