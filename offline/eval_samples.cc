#include "offline/eval_samples.h"

#include <algorithm>
#include <fstream>
#include <functional>
#include <numeric>
#include <string_view>
#include <unordered_map>

namespace groundgate::offline {
namespace {

// Byte offset of code point `chars` in the UTF-8 text (the data counts characters).
std::size_t byte_offset(std::string_view text, std::size_t chars) {
  std::size_t at = 0;
  for (std::size_t seen = 0; at < text.size() && seen < chars; ++seen) {
    const auto lead = static_cast<unsigned char>(text[at]);
    at += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  }
  return std::min(at, text.size());
}

void read_spans(simdjson::dom::element doc, Sample& s) {
  simdjson::dom::array spans;
  if (doc["spans"].get(spans) != simdjson::SUCCESS) return;
  s.sentence_truth = true;
  for (simdjson::dom::element span : spans) {
    int64_t start = 0, end = 0;
    if (span["start"].get(start) != simdjson::SUCCESS ||
        span["end"].get(end) != simdjson::SUCCESS || start < 0 || end <= start) {
      continue;
    }
    s.unfaithful.emplace_back(byte_offset(s.answer, static_cast<std::size_t>(start)),
                              byte_offset(s.answer, static_cast<std::size_t>(end)));
  }
}

// LFQA-style: the answer's sentences, each with a label; all but "supported" are unfaithful.
void read_sentence_labels(simdjson::dom::element doc, Sample& s) {
  simdjson::dom::array sentences, labels;
  if (doc["sentences"].get(sentences) != simdjson::SUCCESS ||
      doc["sentence_labels"].get(labels) != simdjson::SUCCESS) {
    return;
  }
  s.sentence_truth = true;
  std::size_t from = 0;
  auto label = labels.begin();
  for (simdjson::dom::element sentence : sentences) {
    std::string_view text, verdict;
    const bool labelled = label != labels.end() && (*label).get(verdict) == simdjson::SUCCESS;
    if (label != labels.end()) ++label;
    if (sentence.get(text) != simdjson::SUCCESS) continue;
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    const std::size_t last = text.find_last_not_of(" \t\r\n");
    if (first == std::string_view::npos) continue;
    text = text.substr(first, last - first + 1);
    const std::size_t at = s.answer.find(text, from);
    if (at == std::string::npos) continue;
    from = at + text.size();
    if (labelled && verdict != "supported") s.unfaithful.emplace_back(at, at + text.size());
  }
}

}  // namespace

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
  if (doc["change"].get(sv) == simdjson::SUCCESS) s.change = sv;
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
  read_spans(doc, s);
  read_sentence_labels(doc, s);
  return s;
}

std::optional<std::vector<Sample>> read_samples(const std::string& path, std::string& error,
                                                const OtherSamples& other) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path;
    return std::nullopt;
  }
  simdjson::dom::parser parser;
  std::vector<Sample> samples;
  std::size_t line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    error.clear();
    if (simdjson::dom::element doc;
        other && parser.parse(line).get(doc) == simdjson::SUCCESS && other(doc, error)) {
      if (!error.empty()) {
        error = path + ":" + std::to_string(line_number) + ": " + error;
        return std::nullopt;
      }
      continue;
    }
    auto sample = parse_sample(parser, line, error);
    if (!sample) {
      error = path + ":" + std::to_string(line_number) + ": " + error;
      return std::nullopt;
    }
    samples.push_back(std::move(*sample));
  }
  return samples;
}

bool sentence_unfaithful(const Sample& sample, std::size_t begin, std::size_t end) {
  if (!sample.sentence_truth) return sample.label == 1;
  return std::any_of(sample.unfaithful.begin(), sample.unfaithful.end(),
                     [&](const auto& span) { return span.first < end && begin < span.second; });
}

std::vector<std::size_t> source_groups(const std::vector<Sample>& samples) {
  std::vector<std::size_t> parent(samples.size());
  std::iota(parent.begin(), parent.end(), 0);
  std::function<std::size_t(std::size_t)> root = [&](std::size_t i) {
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  };
  auto join = [&](std::size_t a, std::size_t b) { parent[root(a)] = root(b); };
  // A question asked of many contexts is an instruction ("Summarise ..."), not a source.
  constexpr std::size_t kInstruction = 20;
  std::unordered_map<std::string, std::size_t> question_count;
  for (const Sample& s : samples)
    ++question_count[s.question];
  std::unordered_map<std::string, std::size_t> first_with;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    std::string context;
    for (const std::string& p : samples[i].context)
      context += p + '\x1f';
    if (auto [it, added] = first_with.emplace("c:" + context, i); !added) join(i, it->second);
    const std::string& q = samples[i].question;
    if (q.empty() || question_count[q] > kInstruction) continue;
    if (auto [it, added] = first_with.emplace("q:" + q, i); !added) join(i, it->second);
  }
  std::vector<std::size_t> out(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i)
    out[i] = root(i);
  return out;
}

}  // namespace groundgate::offline
