// Speed of the SPL guard's deterministic checks (issue 32: p99 at most 100 us per search).
// Searches: every detection of the development SPL data (Splunk's security_content, endpoint
// category; $GG_BENCH_DATA_DIR/spl, default the repository's ../shared/data/spl), as written
// and in three hallucinated forms made here (the first piped command misspelt, the stream
// macro replaced by a sourcetype nobody listed, a filter on a field nobody listed), each
// against its prompt: the streams of its data sources (with their example events) and the
// library's macros, built once per detection as a request's metadata would be (its parse
// measured apart).
//
// Reference in the same run, interleaved search by search: the floor the checks stand on,
// macro expansion and parsing alone. Percentiles are thread CPU time per search over every
// search of every iteration; the machine is shared, so the ratio is the figure that counts.
#include <benchmark/benchmark.h>

#include <simdjson.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "filters/spl/macro_expansion.h"
#include "filters/spl/metadata_json.h"
#include "filters/spl/spl_checker.h"
#include "filters/spl/spl_parser.h"
#include "filters/spl/splunk_defaults.h"

#ifndef GG_BENCH_DEFAULT_DATA_DIR
#define GG_BENCH_DEFAULT_DATA_DIR "../shared/data"
#endif

namespace {

namespace spl = groundgate::filters::spl;
namespace dom = simdjson::dom;

struct Case {
  std::shared_ptr<const spl::SplMetadata> metadata;
  std::string metadata_json;
  std::string search;
};

std::string data_path(const std::string& file) {
  const char* dir = std::getenv("GG_BENCH_DATA_DIR");
  return std::string(dir != nullptr ? dir : GG_BENCH_DEFAULT_DATA_DIR) + "/spl/" + file;
}

std::vector<std::string> lines(const std::string& file) {
  std::ifstream in(data_path(file));
  if (!in) {
    std::fprintf(stderr, "spl_bench: cannot read %s (set GG_BENCH_DATA_DIR)\n",
                 data_path(file).c_str());
    std::exit(1);
  }
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      out += ' ';
      continue;
    }
    out += c;
  }
  return out + "\"";
}

// The three hallucinated forms (each only when the search allows it).
std::vector<std::string> hallucinated(const std::string& search) {
  std::vector<std::string> out;
  const std::size_t pipe = search.find("| ", 1);
  if (pipe != std::string::npos && search[pipe + 2] != '`') {
    const std::size_t word = pipe + 2, end = search.find(' ', word);
    if (end != std::string::npos && end - word > 3) {
      out.push_back(search.substr(0, end - 1) + search.substr(end));  // `stats` -> `stat`
    }
  }
  if (search.front() == '`') {
    const std::size_t close = search.find('`', 1);
    out.push_back("sourcetype=edr:process_events" + search.substr(close + 1));
  }
  const std::size_t first_pipe = search.find('|', 1);
  if (first_pipe != std::string::npos && search.front() != '|') {
    out.push_back(search.substr(0, first_pipe) + "ProcessCommandLineText=*x* " +
                  search.substr(first_pipe));
  }
  return out;
}

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    dom::parser parser;
    std::string macros = "\"macros\":{";
    bool first = true;
    for (const std::string& line : lines("macros.jsonl")) {
      dom::element m = parser.parse(line);
      std::string_view name, definition;
      if (m["name"].get_string().get(name) || m["definition"].get_string().get(definition))
        continue;
      macros += std::string(first ? "" : ",") + json_string(name) +
                ":{\"definition\":" + json_string(definition) + ",\"arguments\":[";
      first = false;
      dom::array args;
      if (!m["arguments"].get_array().get(args)) {
        bool first_arg = true;
        for (dom::element a : args) {
          std::string_view s;
          if (a.get_string().get(s)) continue;
          macros += std::string(first_arg ? "" : ",") + json_string(s);
          first_arg = false;
        }
      }
      macros += "]}";
    }
    std::map<std::string, std::string, std::less<>> streams;  // data source -> stream JSON
    for (const std::string& line : lines("data_sources.jsonl")) {
      dom::element d = parser.parse(line);
      std::string_view name, sourcetype, source;
      if (d["name"].get_string().get(name)) continue;
      std::string s = "{\"sourcetype\":";
      s += json_string(d["sourcetype"].get_string().get(sourcetype) ? "" : sourcetype);
      s += ",\"source\":" + json_string(d["source"].get_string().get(source) ? "" : source);
      dom::array fields;
      if (!d["fields"].get_array().get(fields)) {
        s += ",\"fields\":[";
        bool first_field = true;
        for (dom::element f : fields) {
          std::string_view v;
          if (f.get_string().get(v)) continue;
          s += std::string(first_field ? "" : ",") + json_string(v);
          first_field = false;
        }
        s += "]";
      }
      std::string_view example;
      if (!d["example_log"].get_string().get(example)) {
        s += ",\"examples\":[" + json_string(example) + "]";
      }
      streams.emplace(std::string(name), s + "}");
    }
    std::vector<Case> out;
    for (const std::string& line : lines("detections.jsonl")) {
      dom::element d = parser.parse(line);
      std::string_view search;
      if (d["search"].get_string().get(search)) continue;
      std::string json = "{\"streams\":[";
      dom::array sources;
      bool first_stream = true;
      if (!d["data_source"].get_array().get(sources)) {
        for (dom::element s : sources) {
          std::string_view n;
          if (s.get_string().get(n)) continue;
          const auto it = streams.find(n);
          if (it == streams.end()) continue;
          json += std::string(first_stream ? "" : ",") + it->second;
          first_stream = false;
        }
      }
      json += "]," + macros;
      const std::size_t f = search.rfind('`', search.size() - 2);
      if (f != std::string_view::npos && search.ends_with('`')) {
        json += "," + json_string(search.substr(f + 1, search.size() - f - 2)) + ":\"search *\"";
      }
      json += "}}";
      auto metadata = spl::metadata_from_json(json).metadata;
      if (!metadata) continue;
      out.push_back({metadata, json, std::string(search)});
      for (std::string& h : hallucinated(std::string(search)))
        out.push_back({metadata, json, std::move(h)});
    }
    return out;
  }();
  return all;
}

double thread_cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

double percentile(std::vector<double>& us, double q) {
  if (us.empty()) return 0;
  std::sort(us.begin(), us.end());
  return us[std::min(us.size() - 1, static_cast<std::size_t>(q * us.size()))];
}

// The checks as the guard runs them (a checker per answer, one check per search), and the
// reference, interleaved search by search.
void BM_SplChecksAgainstParseOnly(benchmark::State& state) {
  const std::vector<Case>& all = cases();
  std::vector<double> checks, parses;
  std::size_t flagged = 0;
  for (auto _ : state) {
    for (const Case& c : all) {
      double start = thread_cpu_us();
      const spl::Expansion e = spl::expand_macros(c.search, *c.metadata, &spl::builtin_macros());
      const spl::ParsedSearch p = spl::parse_search(e.text());
      parses.push_back(thread_cpu_us() - start);
      benchmark::DoNotOptimize(p.pipeline.commands.size());
      start = thread_cpu_us();
      const spl::SplChecker checker(c.metadata, "");
      const spl::SplCheck check = checker.check(c.search);
      checks.push_back(thread_cpu_us() - start);
      flagged += check.verdict.findings.empty() ? 0 : 1;
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(checks.size()));
  state.counters["searches"] = static_cast<double>(all.size());
  state.counters["flagged"] =
      static_cast<double>(flagged) / static_cast<double>(state.iterations());
  state.counters["p50_us"] = percentile(checks, 0.50);
  state.counters["p99_us"] = percentile(checks, 0.99);
  state.counters["max_us"] = checks.empty() ? 0.0 : checks.back();
  state.counters["parse_p50_us"] = percentile(parses, 0.50);
  state.counters["parse_p99_us"] = percentile(parses, 0.99);
  state.counters["p99_ratio"] = state.counters["p99_us"] / state.counters["parse_p99_us"];
}
BENCHMARK(BM_SplChecksAgainstParseOnly)->Unit(benchmark::kMicrosecond)->MinTime(2.0);

// Reading a request's spl_metadata (streams of a detection and the library's 189 macros):
// once per request, or once per policy file.
void BM_SplMetadataJson(benchmark::State& state) {
  const std::vector<Case>& all = cases();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto m = spl::metadata_from_json(all[i++ % all.size()].metadata_json);
    benchmark::DoNotOptimize(m.metadata.get());
  }
}
BENCHMARK(BM_SplMetadataJson)->Unit(benchmark::kMicrosecond);

}  // namespace
