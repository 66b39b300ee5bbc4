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

}  // namespace

std::string_view pairs_usage() {
  return kUsage;
}

int pairs_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {});
  std::string error;
  const auto per_passage = count_option(args, "per-passage", 1, error);
  const auto window = count_option(args, "window", 0, error);
  const auto per_change = count_option(args, "per-change", 0, error);
  const std::string half = args.value("half").value_or("");
  if (!args.error().empty() || args.positional().empty() || !per_passage || !window ||
      !per_change || (!half.empty() && half != "a" && half != "b")) {
    const std::string& message = !args.error().empty() ? args.error() : error;
    if (!message.empty()) std::fprintf(stderr, "groundgate pairs: %s\n", message.c_str());
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  const filters::text::Lexicon::LoadResult loaded = filters::text::Lexicon::shared();
  if (!loaded.lexicon) {
    std::fprintf(stderr, "groundgate pairs: WordNet, for the negated verbs: %s\n",
                 loaded.error.c_str());
    return 1;
  }
  std::vector<PairSample> out;
  for (const std::string& path : args.positional()) {
    auto samples = read_samples(path, error);
    if (!samples) {
      std::fprintf(stderr, "groundgate pairs: %s\n", error.c_str());
      return 1;
    }
    const std::string set = set_name(path);
    const std::vector<std::size_t> groups = source_groups(*samples);
    for (std::size_t i = 0; i < samples->size(); ++i) {
      if (groups[i] != i) continue;  // one source, its context made into pairs once
      const Sample& source = (*samples)[i];
      std::string joined;
      for (const std::string& p : source.context)
        joined += p + '\x1f';
      const bool in_a = training::text_hash(joined) % 2 == 0;
      if ((half == "a" && !in_a) || (half == "b" && in_a)) continue;
      for (std::size_t p = 0; p < source.context.size(); ++p) {
        const std::string_view passage = source.context[p];
        for (std::string_view sentence : training::pair_sentences(passage, *per_passage)) {
          const std::uint64_t seed = training::text_hash(sentence);
          const auto pairs = training::minimal_pairs(sentence, loaded.lexicon.get(), seed);
          for (const training::MinimalPair& pair : pairs) {
            PairSample sample;
            sample.change = training::to_string(pair.change);
            sample.order = training::text_hash(pair.answer, 1);
            std::string& json = sample.json;
            json = "{\"id\":";
            append_json_string(json, set + '/' + source.id + '/' + std::to_string(p) + '/' +
                                         std::to_string(seed % 100000) + '/' + sample.change);
            json += ",\"dataset\":";
            append_json_string(json, "pairs-" + set);
            json += ",\"task\":\"qa\",\"context\":[";
            if (*window > 0) {
              append_json_string(json, window_of(passage, sentence, *window));
            } else {
              for (std::size_t k = 0; k < source.context.size(); ++k) {
                if (k > 0) json += ',';
                append_json_string(json, source.context[k]);
              }
            }
            json += "],\"answer\":";
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
            out.push_back(std::move(sample));
          }
        }
      }
    }
  }
  if (*per_change > 0) {
    // The fixed sample: per change, the pairs of the lowest hash, then back in file order.
    std::vector<std::size_t> order(out.size());
    for (std::size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return out[a].order < out[b].order; });
    std::map<std::string, std::size_t> taken;
    std::vector<char> keep(out.size(), 0);
    for (std::size_t i : order) {
      if (taken[out[i].change]++ < *per_change) keep[i] = 1;
    }
    std::vector<PairSample> kept;
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (keep[i]) kept.push_back(std::move(out[i]));
    }
    out = std::move(kept);
  }
  std::FILE* file = stdout;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> opened(nullptr, std::fclose);
  if (auto path = args.value("out")) {
    opened.reset(std::fopen(path->c_str(), "w"));
    if (!opened) {
      std::fprintf(stderr, "groundgate pairs: cannot write %s\n", path->c_str());
      return 1;
    }
    file = opened.get();
  }
  std::map<std::string, std::size_t> counts;
  for (const PairSample& sample : out) {
    std::fputs(sample.json.c_str(), file);
    ++counts[sample.change];
  }
  std::fprintf(stderr, "groundgate pairs: %zu pairs:", out.size());
  for (const auto& [change, n] : counts)
    std::fprintf(stderr, " %s %zu", change.c_str(), n);
  std::fputc('\n', stderr);
  return 0;
}

}  // namespace groundgate::offline
