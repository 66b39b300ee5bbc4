// `groundgate pairs DATA.jsonl...`: minimal pairs made from the data's contexts
// (filters/score/training/minimal_pairs.h), written as samples `groundgate eval` reads: each
// answer one sentence copied from a context, as it stands, restated, or with one value or its
// verb's polarity changed, checked against that context. `eval` reports per change how the
// sentences were labelled. Deterministic: the same files give the same pairs.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "filters/score/training/minimal_pairs.h"
#include "filters/score/training/perturbations.h"
#include "filters/text/lexicon.h"
#include "filters/text/sentence_segmenter.h"
#include "filters/verdict/json_string.h"
#include "offline/commands.h"
#include "offline/eval_samples.h"
#include "proxy/cli/args.h"

namespace groundgate::offline {
namespace {

namespace training = filters::score::training;
using filters::verdict::append_json_string;

constexpr std::string_view kUsage =
    "usage: groundgate pairs DATA.jsonl... [--out PAIRS.jsonl] [--per-passage N]\n"
    "         [--window N] [--half a|b] [--per-change N]\n"
    "  minimal pairs from the files' contexts: a sentence copied from a passage, the same\n"
    "  sentence with one value (number, date, percent, money, code, count) or its verb's\n"
    "  polarity changed, and the value written another way; as samples for `groundgate eval`\n"
    "  --per-passage: sentences copied per passage (default 1)\n"
    "  --window: the context is the sentence's passage cut to N sentences on each side\n"
    "    (default: the sample's whole context)\n"
    "  --half: only the contexts of one half (by a hash of the context): tune on one, check on\n"
    "    the other\n"
    "  --per-change: at most N pairs of each change, the same every run (a fixed sample)\n";

std::string set_name(const std::string& path) {
  std::string name = std::filesystem::path(path).filename().string();
  return name.substr(0, name.find('.'));
}

std::optional<std::size_t> count_option(const Args& args, std::string_view name,
                                        std::size_t fallback, std::string& error) {
  auto text = args.value(name);
  if (!text) return fallback;
  char* end = nullptr;
  const unsigned long value = std::strtoul(text->c_str(), &end, 10);
  if (end == text->c_str() || *end != '\0' || value > 1000) {
    error = "--" + std::string(name) + " needs a count from 0 to 1000";
    return std::nullopt;
  }
  return value;
}

// The sentence's passage cut to `window` sentences on each side of it.
std::string window_of(std::string_view passage, std::string_view sentence, std::size_t window) {
  const auto at = static_cast<std::size_t>(sentence.data() - passage.data());
  const std::vector<filters::text::Sentence> sentences =
      filters::text::SentenceSegmenter::split(passage);
  std::size_t i = 0;
  while (i < sentences.size() && sentences[i].end <= at)
    ++i;
  if (i == sentences.size()) return std::string(passage);
  const std::size_t first = i >= window ? i - window : 0;
  const std::size_t last = std::min(sentences.size() - 1, i + window);
  return std::string(
      passage.substr(sentences[first].begin, sentences[last].end - sentences[first].begin));
}

struct PairSample {
  std::uint64_t order = 0;  // the fixed sample takes the lowest per change
  std::string change;
  std::string json;
};

// What the command line asks for.
struct PairsOptions {
  std::size_t per_passage = 1;
  std::size_t window = 0;      // 0: the sample's whole context
  std::size_t per_change = 0;  // 0: every pair
  std::string half;            // "a", "b" or empty (both)
};

// The options; nullopt and `error` (empty when the usage says it) when they are off.
std::optional<PairsOptions> pairs_options(const Args& args, std::string& error) {
  const auto per_passage = count_option(args, "per-passage", 1, error);
  const auto window = count_option(args, "window", 0, error);
  const auto per_change = count_option(args, "per-change", 0, error);
  const std::string half = args.value("half").value_or("");
  if (!args.error().empty() || args.positional().empty() || !per_passage || !window ||
      !per_change || (!half.empty() && half != "a" && half != "b")) {
    if (!args.error().empty()) error = args.error();
    return std::nullopt;
  }
  return PairsOptions{*per_passage, *window, *per_change, half};
}

// Whether the source's context is in the half asked for (by a hash of the whole context).
bool in_half(const Sample& source, const std::string& half) {
  if (half.empty()) return true;
  std::string joined;
  for (const std::string& p : source.context)
    joined += p + '\x1f';
  const bool in_a = training::text_hash(joined) % 2 == 0;
  return half == "a" ? in_a : !in_a;
}

// The sample's `context` array: the sentence's passage cut to the window, or all passages.
void append_context(std::string& json, const Sample& source, std::string_view passage,
                    std::string_view sentence, std::size_t window) {
  json += "[";
  if (window > 0) {
    append_json_string(json, window_of(passage, sentence, window));
  } else {
    for (std::size_t k = 0; k < source.context.size(); ++k) {
      if (k > 0) json += ',';
      append_json_string(json, source.context[k]);
    }
  }
  json += "]";
}

// Where a pair comes from: the set, the source sample, its passage and the copied sentence.
struct PairOrigin {
  const std::string& set;
  const Sample& source;
  std::size_t passage_index;
  std::string_view passage;
  std::string_view sentence;
  std::uint64_t seed;  // the sentence's hash, which also seeds its changes
};

// One pair as a sample line `groundgate eval` reads.
PairSample pair_sample(const PairOrigin& origin, const training::MinimalPair& pair,
                       std::size_t window) {
  PairSample sample;
  sample.change = training::to_string(pair.change);
  sample.order = training::text_hash(pair.answer, 1);
  std::string& json = sample.json;
  json = "{\"id\":";
  append_json_string(json, origin.set + '/' + origin.source.id + '/' +
                               std::to_string(origin.passage_index) + '/' +
                               std::to_string(origin.seed % 100000) + '/' + sample.change);
  json += ",\"dataset\":";
  append_json_string(json, "pairs-" + origin.set);
  json += ",\"task\":\"qa\",\"context\":";
  append_context(json, origin.source, origin.passage, origin.sentence, window);
  json += ",\"answer\":";
  append_json_string(json, pair.answer);
  json += ",\"change\":";
  append_json_string(json, sample.change);
  if (!pair.was.empty()) {
    json += ",\"was\":";
    append_json_string(json, pair.was);
    json += ",\"now\":";
    append_json_string(json, pair.now);
  }
  json += training::unfaithful(pair.change) ? ",\"label\":1}\n" : ",\"label\":0}\n";
  return sample;
}

// The pairs of every sentence copied from the source's passages, appended to `out`.
void add_source_pairs(const std::string& set, const Sample& source, const PairsOptions& options,
                      const filters::text::Lexicon& lexicon, std::vector<PairSample>& out) {
  for (std::size_t p = 0; p < source.context.size(); ++p) {
    const std::string_view passage = source.context[p];
    for (std::string_view sentence : training::pair_sentences(passage, options.per_passage)) {
      const PairOrigin origin{set, source, p, passage, sentence, training::text_hash(sentence)};
      for (const training::MinimalPair& pair :
           training::minimal_pairs(sentence, &lexicon, origin.seed)) {
        out.push_back(pair_sample(origin, pair, options.window));
      }
    }
  }
}

// The pairs of a file's sources (each source's context made into pairs once); false and
// `error` when it cannot be read.
bool add_file_pairs(const std::string& path, const PairsOptions& options,
                    const filters::text::Lexicon& lexicon, std::vector<PairSample>& out,
                    std::string& error) {
  auto samples = read_samples(path, error);
  if (!samples) return false;
  const std::string set = set_name(path);
  const std::vector<std::size_t> groups = source_groups(*samples);
  for (std::size_t i = 0; i < samples->size(); ++i) {
    if (groups[i] != i || !in_half((*samples)[i], options.half)) continue;
    add_source_pairs(set, (*samples)[i], options, lexicon, out);
  }
  return true;
}

// The fixed sample: per change, the `per_change` pairs of the lowest hash, in file order.
std::vector<PairSample> fixed_sample(std::vector<PairSample> all, std::size_t per_change) {
  std::vector<std::size_t> order(all.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return all[a].order < all[b].order; });
  std::map<std::string, std::size_t> taken;
  std::vector<char> keep(all.size(), 0);
  for (std::size_t i : order) {
    if (taken[all[i].change]++ < per_change) keep[i] = 1;
  }
  std::vector<PairSample> kept;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (keep[i]) kept.push_back(std::move(all[i]));
  }
  return kept;
}

// The pairs to `--out` (or stdout) and their count per change to stderr; false when the
// file cannot be written.
bool write_pairs(const std::optional<std::string>& path, const std::vector<PairSample>& pairs) {
  std::FILE* file = stdout;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> opened(nullptr, std::fclose);
  if (path) {
    opened.reset(std::fopen(path->c_str(), "w"));
    if (!opened) {
      std::fprintf(stderr, "groundgate pairs: cannot write %s\n", path->c_str());
      return false;
    }
    file = opened.get();
  }
  std::map<std::string, std::size_t> counts;
  for (const PairSample& sample : pairs) {
    std::fputs(sample.json.c_str(), file);
    ++counts[sample.change];
  }
  std::fprintf(stderr, "groundgate pairs: %zu pairs:", pairs.size());
  for (const auto& [change, n] : counts)
    std::fprintf(stderr, " %s %zu", change.c_str(), n);
  std::fputc('\n', stderr);
  return true;
}

}  // namespace

std::string_view pairs_usage() {
  return kUsage;
}

int pairs_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {});
  std::string error;
  const std::optional<PairsOptions> options = pairs_options(args, error);
  if (!options) {
    if (!error.empty()) std::fprintf(stderr, "groundgate pairs: %s\n", error.c_str());
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  const filters::text::Lexicon::LoadResult loaded = filters::text::Lexicon::shared();
  if (!loaded.lexicon) {
    std::fprintf(stderr, "groundgate pairs: WordNet, for the negated verbs: %s\n",
                 loaded.error.c_str());
    return 1;
  }
  std::vector<PairSample> pairs;
  for (const std::string& path : args.positional()) {
    if (!add_file_pairs(path, *options, *loaded.lexicon, pairs, error)) {
      std::fprintf(stderr, "groundgate pairs: %s\n", error.c_str());
      return 1;
    }
  }
  if (options->per_change > 0) pairs = fixed_sample(std::move(pairs), options->per_change);
  return write_pairs(args.value("out"), pairs) ? 0 : 1;
}

}  // namespace groundgate::offline
