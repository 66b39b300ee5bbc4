// Speed of the semantic-piece engine against ~8k-token contexts (issue #3): context preparation
// (ContextIndex::build) per 8k tokens, per-answer-sentence verification p50/p99 and the index's
// memory against the context's bytes. The contexts are the dev sets' own: the distinct contexts
// of one data set, in file order, concatenated as passages until they hold 8192 tokens (the
// tokenizer's words, numbers and punctuation; the last, shorter block is dropped). The answer
// sentences are the answers of the samples whose context went into the block, verified the way
// the proxy does (filters/verify, semantic_pieces only, WordNet loaded), one SentenceVerifier
// per answer. Percentiles are over sentences (thread CPU time; wall time beside it: the
// machine is shared). Data: $GG_BENCH_DATA_DIR, default the repository's ../shared/data.
// With $GG_BENCH_SENTENCE_TIMES=DIR, VerifySentence writes each sentence's CPU time to
// DIR/<set>[_scored].tsv (bench/micro/verify_p99.sh takes the minimum over runs).
#include <benchmark/benchmark.h>
#include <simdjson.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/text/decimal_point.h"
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
namespace text = groundgate::filters::text;
using groundgate::filters::context::Passage;

constexpr std::size_t kBlockTokens = 8192;

struct Answer {
  std::string question;
  std::string text;
};

// ~8k tokens of context and the answers grounded in it.
struct Block {
  std::vector<Passage> passages;
  std::size_t tokens = 0;
  std::size_t bytes = 0;
  std::vector<Answer> answers;
};

std::string data_path(const char* file) {
  const char* dir = std::getenv("GG_BENCH_DATA_DIR");
  return std::string(dir != nullptr ? dir : GG_BENCH_DEFAULT_DATA_DIR) + "/" + file;
}

// The blocks of one data set; empty (and a message on stderr) when it cannot be read.
std::vector<Block> load_blocks(const char* file) {
  const std::string path = data_path(file);
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "semantic_bench: cannot read %s (set GG_BENCH_DATA_DIR)\n", path.c_str());
    return {};
  }
  simdjson::dom::parser parser;
  std::vector<Block> blocks(1);
  std::set<std::string> seen;
  for (std::string line; std::getline(in, line);) {
    simdjson::dom::element doc;
    if (parser.parse(line).get(doc) != simdjson::SUCCESS) continue;
    std::string_view sv;
    Answer answer;
    if (doc["answer"].get(sv) != simdjson::SUCCESS) continue;
    answer.text = sv;
    if (doc["question"].get(sv) == simdjson::SUCCESS) answer.question = sv;
    std::vector<std::string> context;
    simdjson::dom::array array;
    if (doc["context"].get(array) == simdjson::SUCCESS) {
      for (simdjson::dom::element e : array) {
        if (e.get(sv) == simdjson::SUCCESS) context.emplace_back(sv);
      }
    }
    std::string key;
    for (const std::string& c : context)
      key += c + '\n';
    Block& block = blocks.back();
    if (seen.insert(key).second) {
      for (std::string& c : context) {
        block.tokens += text::tokenize(c).size();
        block.bytes += c.size();
        Passage p;
        p.text = std::move(c);
        block.passages.push_back(std::move(p));
      }
    }
    block.answers.push_back(std::move(answer));
    if (block.tokens >= kBlockTokens) {
      blocks.emplace_back();
      seen.clear();
    }
  }
  blocks.pop_back();  // short of 8k tokens (or empty)
  if (blocks.empty()) std::fprintf(stderr, "semantic_bench: %s holds no 8k tokens\n", path.c_str());
  return blocks;
}

const std::vector<Block>& blocks_of(const char* file) {
  static std::map<std::string, std::vector<Block>> loaded;
  auto it = loaded.find(file);
  if (it == loaded.end()) it = loaded.emplace(file, load_blocks(file)).first;
  return it->second;
}

// The semantic pieces engine, with the built-in scorer (what a route gets by default) or
// without it (the engines' own labels): the two in one run give what the scorer adds.
std::shared_ptr<const verify::VerifyConfig> semantic_pieces_config(bool scorer) {
  auto make = [](bool with_scorer) {
    verify::VerifyConfig c;
    c.semantic_pieces = true;
    c.triplets = false;
    std::string error = verify::load_engines(c);
    groundgate::config::ScorerConfig model;
    model.model = with_scorer ? "builtin" : "off";
    if (error.empty()) error = verify::load_scorer(c, model);
    if (!error.empty()) std::fprintf(stderr, "semantic_bench: %s\n", error.c_str());
    return std::make_shared<const verify::VerifyConfig>(std::move(c));
  };
  static const std::shared_ptr<const verify::VerifyConfig> with = make(true);
  static const std::shared_ptr<const verify::VerifyConfig> without = make(false);
  return scorer ? with : without;
}

double thread_cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

double at(const std::vector<double>& sorted, double q) {
  return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(q * sorted.size()))];
}

// Index build time normalised to 8192 tokens, and the index's memory against the context's
// bytes; one iteration builds one block's index.
void BM_PrepareContext(benchmark::State& state, const char* file) {
  const std::vector<Block>& blocks = blocks_of(file);
  if (blocks.empty()) {
    state.SkipWithError("no data (see stderr)");
    return;
  }
  std::vector<double> cpu_per_8k;
  double max_ratio = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const Block& block = blocks[i++ % blocks.size()];
    std::vector<Passage> passages = block.passages;  // build() takes them; copy untimed below
    const double c0 = thread_cpu_us();
    auto built = index::ContextIndex::build(std::move(passages));
    const double cpu = thread_cpu_us() - c0;
    cpu_per_8k.push_back(cpu / 1e3 * kBlockTokens / static_cast<double>(block.tokens));
    max_ratio = std::max(max_ratio, static_cast<double>(built->memory_bytes()) /
                                        static_cast<double>(built->context_bytes()));
    benchmark::DoNotOptimize(built);
  }
  std::sort(cpu_per_8k.begin(), cpu_per_8k.end());
  state.counters["blocks"] = static_cast<double>(blocks.size());
  state.counters["bytes_per_block"] = static_cast<double>(blocks[0].bytes);
  state.counters["cpu_ms_per_8k_p50"] = at(cpu_per_8k, 0.5);
  state.counters["cpu_ms_per_8k_max"] = cpu_per_8k.back();
  state.counters["memory_x_context_max"] = max_ratio;
}
BENCHMARK_CAPTURE(BM_PrepareContext, halueval, "halueval_qa.dev.jsonl")
    ->Iterations(60)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PrepareContext, faithbench, "faithbench.dev.jsonl")
    ->Iterations(60)
    ->Unit(benchmark::kMillisecond);

// Every answer sentence of every block, each timed alone, in one pass: no sentence is seen
// twice (the lexicon's per-thread cache stays as warm as common words keep it in service).
// The sentences' CPU times in the order verified, one per line, to
// $GG_BENCH_SENTENCE_TIMES/<set>[_scored].tsv when that is set.
void write_sentence_times(std::string_view file, bool scorer, const std::vector<double>& cpu) {
  const char* dir = std::getenv("GG_BENCH_SENTENCE_TIMES");
  if (dir == nullptr) return;
  const std::string set(file.substr(0, file.find('.')));
  const std::string path = std::string(dir) + "/" + set + (scorer ? "_scored" : "") + ".tsv";
  std::ofstream out(path);
  for (double us : cpu)
    out << us << '\n';
  if (!out) std::fprintf(stderr, "cannot write %s\n", path.c_str());
}

void BM_VerifySentence(benchmark::State& state, const char* file, bool scorer) {
  const std::vector<Block>& blocks = blocks_of(file);
  if (blocks.empty()) {
    state.SkipWithError("no data (see stderr)");
    return;
  }
  const auto config = semantic_pieces_config(scorer);
  std::vector<std::shared_ptr<const index::ContextIndex>> indexes;
  for (const Block& block : blocks)
    indexes.push_back(index::ContextIndex::build(block.passages));
  std::vector<double> cpu, wall, setup;
  // Sentences ending "<digit>." and, of those, the ones whose full stop may still be a decimal
  // point (text::full_stop_may_be_decimal_point): in `sentence` hold those wait for the next
  // token before they are checked and released.
  std::size_t number_ends = 0, may_be_decimal = 0;
  for (auto _ : state) {
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      for (const Answer& answer : blocks[b].answers) {
        const double s0 = thread_cpu_us();
        verify::SentenceVerifier verifier(config, indexes[b], answer.question, 0);
        setup.push_back(thread_cpu_us() - s0);
        for (const text::Sentence& s : text::SentenceSegmenter::split(answer.text)) {
          if (s.kind == text::SentenceKind::kCodeBlock) continue;
          const std::string_view sentence =
              std::string_view(answer.text).substr(s.begin, s.end - s.begin);
          const std::string_view trimmed = sentence.substr(0, sentence.find_last_not_of(" \n") + 1);
          if (trimmed.size() >= 2 && trimmed.back() == '.' &&
              std::isdigit(static_cast<unsigned char>(trimmed[trimmed.size() - 2])) != 0) {
            ++number_ends;
            const std::string_view before = trimmed.substr(0, trimmed.size() - 1);
            if (text::full_stop_may_be_decimal_point(before)) ++may_be_decimal;
          }
          const double c0 = thread_cpu_us();
          const auto w0 = std::chrono::steady_clock::now();
          verify::SentenceVerdict verdict = verifier.verify(sentence, s.begin);
          wall.push_back(
              std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - w0)
                  .count());
          cpu.push_back(thread_cpu_us() - c0);
          benchmark::DoNotOptimize(verdict);
        }
      }
    }
  }
  write_sentence_times(file, scorer, cpu);
  std::sort(cpu.begin(), cpu.end());
  std::sort(wall.begin(), wall.end());
  std::sort(setup.begin(), setup.end());
  state.counters["sentences"] = static_cast<double>(cpu.size() / state.iterations());
  state.counters["cpu_p50_us"] = at(cpu, 0.50);
  state.counters["cpu_p90_us"] = at(cpu, 0.90);
  state.counters["cpu_p99_us"] = at(cpu, 0.99);
  state.counters["cpu_max_us"] = cpu.back();
  state.counters["wall_p50_us"] = at(wall, 0.50);
  state.counters["wall_p99_us"] = at(wall, 0.99);
  state.counters["answer_setup_p99_us"] = at(setup, 0.99);
  state.counters["number_end_share"] = static_cast<double>(number_ends) / cpu.size();
  state.counters["may_be_decimal_share"] = static_cast<double>(may_be_decimal) / cpu.size();
}
BENCHMARK_CAPTURE(BM_VerifySentence, halueval, "halueval_qa.dev.jsonl", false)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VerifySentence, halueval_scored, "halueval_qa.dev.jsonl", true)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VerifySentence, faithbench, "faithbench.dev.jsonl", false)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VerifySentence, faithbench_scored, "faithbench.dev.jsonl", true)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// The scorer alone: the built-in model's sentence probability for every sentence's features
// (read once through the engines), each timed in a batch of one pass.
void BM_ScoreSentence(benchmark::State& state, const char* file) {
  const std::vector<Block>& blocks = blocks_of(file);
  const auto config = semantic_pieces_config(true);
  if (blocks.empty() || !config->scorer) {
    state.SkipWithError("no data or no scorer (see stderr)");
    return;
  }
  std::vector<verify::SentenceFeatures> features;
  for (const Block& block : blocks) {
    const auto index = index::ContextIndex::build(block.passages);
    for (const Answer& answer : block.answers) {
      verify::SentenceVerifier verifier(config, index, answer.question, 0);
      for (const text::Sentence& s : text::SentenceSegmenter::split(answer.text)) {
        const std::string_view sentence =
            std::string_view(answer.text).substr(s.begin, s.end - s.begin);
        features.push_back(verifier.verify(sentence, s.begin).features);
      }
    }
  }
  double sum = 0;
  for (auto _ : state) {
    for (const verify::SentenceFeatures& f : features)
      sum += config->scorer->sentence.probability(f);
  }
  benchmark::DoNotOptimize(sum);
  state.counters["sentences"] = static_cast<double>(features.size());
  state.counters["seconds_per_sentence"] = benchmark::Counter(
      static_cast<double>(features.size()),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK_CAPTURE(BM_ScoreSentence, faithbench, "faithbench.dev.jsonl")
    ->Unit(benchmark::kMillisecond);

}  // namespace
