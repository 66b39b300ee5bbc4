// Per-answer-sentence cost of the triplet verifier: extraction of the answer sentence plus
// up to 3 evidence sentences (cold: nothing cached, with plain answers the rules read and
// with doubtful ones the parser reads; warm evidence: the evidence's triplets cached; warm:
// everything cached), and the
// link-grammar dictionary's load time and resident memory. Percentiles are over per-sentence
// samples of thread CPU time (the machine is shared; wall time is reported beside it).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/text/lexicon.h"
#include "filters/triplet/link_dictionary.h"
#include "filters/triplet/triplet_verifier.h"

namespace {

namespace triplet = groundgate::filters::triplet;
namespace index = groundgate::filters::index;

constexpr auto kFromContext = triplet::TripletExtractor::Source::kContext;

const char* const kContext[] = {
    "The city council approved a new budget of $4.2 million for road repairs on Tuesday.",
    "The mayor said the work would begin in March and last about eight months.",
    "Opposition members argued that the plan ignored the needs of rural districts, which have "
    "seen their bus services cut twice since 2019.",
    "Steve Jobs founded Apple with Steve Wozniak in 1976.",
    "The company was later led by Tim Cook, who became chief executive in 2011.",
    "Researchers at the university enrolled 250 patients in a trial that ran between 2015 and "
    "2018.",
    "The drug reduced mortality by 30 percent compared with a placebo.",
    "Side effects were mild and most patients completed the full course of treatment.",
    "The storm destroyed more than 300 homes along the coast and left 12,000 people without "
    "power for three days.",
    "Emergency crews from four neighbouring states helped restore electricity.",
    "The film grossed $181 million worldwide on a budget of $160 million.",
    "Critics praised the visual effects but found the story predictable.",
};

const char* const kAnswers[] = {
    "The council approved a budget of $4.2 million for road repairs.",
    "The work will begin in March.",
    "Steve Jobs founded Apple in 1977.",
    "Tim Cook became chief executive in 2011.",
    "The trial enrolled 300 patients.",
    "The drug reduced mortality by 30 percent.",
    "The storm destroyed more than 300 homes and left 12,000 people without power.",
    "Crews from four states restored electricity.",
    "The film grossed $181 million on a budget of $160 million.",
    "Critics did not praise the visual effects.",
};

// Answers whose clauses the rules may misread (fronted phrases, relative and reported
// clauses, second verb groups): the answer side is parsed, as for most summary sentences.
const char* const kDoubtfulAnswers[] = {
    "After the storm, crews from four neighbouring states restored electricity.",
    "The trial that ran between 2015 and 2018 enrolled 250 patients.",
    "Critics praised the visual effects but found the story predictable.",
    "Opposition members argued that the plan ignored rural districts.",
    "The film, which grossed $181 million, had a budget of $160 million.",
    "In March, the council approved a budget of $4.2 million.",
    "The drug, compared with a placebo, reduced mortality by 30 percent.",
    "Most patients completed the course, and side effects were mild.",
    "The mayor said the work would begin in March.",
    "The storm that hit the coast destroyed 300 homes.",
};

std::shared_ptr<const index::ContextIndex> context_index() {
  std::vector<groundgate::filters::context::Passage> passages(1);
  for (const char* s : kContext)
    passages[0].text += std::string(s) + " ";
  return index::ContextIndex::build(std::move(passages));
}

std::shared_ptr<const triplet::TripletExtractor> extractor() {
  static const auto instance = std::make_shared<const triplet::TripletExtractor>(
      triplet::LinkDictionary::shared().dictionary,
      groundgate::filters::text::Lexicon::shared().lexicon, triplet::TripletExtractor::Options{});
  return instance;
}

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double resident_mb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  }
  return 0;
}

void report_percentiles(benchmark::State& state, std::vector<double> cpu,
                        std::vector<double> wall) {
  if (cpu.empty()) return;
  std::sort(cpu.begin(), cpu.end());
  std::sort(wall.begin(), wall.end());
  const auto at = [](const std::vector<double>& v, double q) {
    return v[std::min(v.size() - 1, static_cast<std::size_t>(q * v.size()))];
  };
  state.counters["cpu_p50_ms"] = at(cpu, 0.50);
  state.counters["cpu_p99_ms"] = at(cpu, 0.99);
  state.counters["cpu_max_ms"] = cpu.back();
  state.counters["wall_p50_ms"] = at(wall, 0.50);
  state.counters["wall_p99_ms"] = at(wall, 0.99);
}

// Every answer sentence with its evidence extracted from scratch (cache disabled).
template <std::size_t N>
void BM_AnswerSentenceCold(benchmark::State& state, const char* const (&answers)[N]) {
  const auto index = context_index();
  const auto ex = extractor();
  const auto before = ex->stats();
  std::vector<double> cpu, wall;
  std::size_t i = 0;
  for (auto _ : state) {
    triplet::TripletVerifier verifier(index, ex, nullptr, {});
    std::vector<triplet::Verdict> out;
    const char* answer = answers[i++ % N];
    const double c0 = thread_cpu_ms();
    const auto w0 = std::chrono::steady_clock::now();
    verifier.verify_sentence(answer, 0, 0, out);
    wall.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - w0).count());
    cpu.push_back(thread_cpu_ms() - c0);
    benchmark::DoNotOptimize(out);
  }
  report_percentiles(state, std::move(cpu), std::move(wall));
  const auto after = ex->stats();
  const double clauses = static_cast<double>(after.clauses - before.clauses);
  if (clauses > 0) {
    state.counters["parsed_share"] = (after.parsed - before.parsed) / clauses;
    state.counters["rules_share"] = (after.rules - before.rules) / clauses;
    state.counters["fallback_share"] = (after.fallbacks - before.fallbacks) / clauses;
  }
}
BENCHMARK_CAPTURE(BM_AnswerSentenceCold, plain, kAnswers)
    ->Iterations(200)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_AnswerSentenceCold, doubtful, kDoubtfulAnswers)
    ->Iterations(200)
    ->Unit(benchmark::kMillisecond);

// Evidence triplets cached, the answer sentence new: a fresh cache per iteration holds the
// evidence pieces' triplets only (filled outside the timed part).
void BM_AnswerSentenceWarmEvidence(benchmark::State& state) {
  const auto index = context_index();
  const auto ex = extractor();
  std::vector<std::pair<std::string, std::shared_ptr<const triplet::SentenceTriplets>>> evidence;
  for (const auto& piece : index->pieces()) {
    const std::string text(index->piece_text(piece));
    evidence.emplace_back(text, std::make_shared<const triplet::SentenceTriplets>(
                                    ex->extract_sentence(text, {}, kFromContext)));
  }
  std::vector<double> cpu, wall;
  std::size_t i = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const auto cache = std::make_shared<triplet::TripletCache>(4096);
    for (const auto& [text, triplets] : evidence)
      cache->insert(text, triplets);
    state.ResumeTiming();
    triplet::TripletVerifier verifier(index, ex, cache, {});
    std::vector<triplet::Verdict> out;
    const char* answer = kAnswers[i++ % std::size(kAnswers)];
    const double c0 = thread_cpu_ms();
    const auto w0 = std::chrono::steady_clock::now();
    verifier.verify_sentence(answer, 0, 0, out);
    wall.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - w0).count());
    cpu.push_back(thread_cpu_ms() - c0);
    benchmark::DoNotOptimize(out);
  }
  report_percentiles(state, std::move(cpu), std::move(wall));
}
BENCHMARK(BM_AnswerSentenceWarmEvidence)->Iterations(200)->Unit(benchmark::kMillisecond);

// Everything cached: evidence and, after the first round, the answer sentences themselves
// (the verifier caches the answer's context-free triplets too).
void BM_AnswerSentenceWarm(benchmark::State& state) {
  const auto index = context_index();
  const auto ex = extractor();
  const auto cache = std::make_shared<triplet::TripletCache>(4096);
  for (const char* answer : kAnswers) {
    triplet::TripletVerifier warmup(index, ex, cache, {});
    std::vector<triplet::Verdict> out;
    warmup.verify_sentence(answer, 0, 0, out);
  }
  std::vector<double> cpu, wall;
  std::size_t i = 0;
  for (auto _ : state) {
    triplet::TripletVerifier verifier(index, ex, cache, {});
    std::vector<triplet::Verdict> out;
    const char* answer = kAnswers[i++ % std::size(kAnswers)];
    const double c0 = thread_cpu_ms();
    const auto w0 = std::chrono::steady_clock::now();
    verifier.verify_sentence(answer, 0, 0, out);
    wall.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - w0).count());
    cpu.push_back(thread_cpu_ms() - c0);
    benchmark::DoNotOptimize(out);
  }
  report_percentiles(state, std::move(cpu), std::move(wall));
}
BENCHMARK(BM_AnswerSentenceWarm)->Iterations(200)->Unit(benchmark::kMillisecond);

// A fresh dictionary per iteration (the shared one is loaded once per process).
void BM_DictionaryLoad(benchmark::State& state) {
  const double rss_before = resident_mb();
  for (auto _ : state) {
    auto loaded =
        triplet::LinkDictionary::load(std::string(triplet::LinkDictionary::kDefaultDataDir), "en");
    if (!loaded.dictionary) state.SkipWithError(loaded.error.c_str());
    state.counters["load_ms"] = loaded.dictionary ? loaded.dictionary->load_milliseconds() : 0;
    state.counters["rss_delta_mb"] = resident_mb() - rss_before;
  }
  state.counters["rss_mb"] = resident_mb();
}
BENCHMARK(BM_DictionaryLoad)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
