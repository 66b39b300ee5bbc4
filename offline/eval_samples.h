#pragma once
// Labelled samples for `groundgate eval` and `groundgate train` (JSONL; format in the README's
// "Evaluating on your own data"): a context, an answer, the answer's label and, where the data
// has them, which parts of the answer are unfaithful (character spans, or labelled sentences).

#include <simdjson.h>

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace groundgate::offline {

struct Sample {
  std::string id;
  std::string dataset;
  std::string question;
  std::vector<std::string> context;
  std::string answer;
  int label = 0;  // 1: hallucinated
  std::map<std::string, int> baselines;
  // Byte spans of the answer marked unfaithful (converted from the data's character spans,
  // or the spans of sentences labelled anything but "supported"). Empty with
  // `sentence_truth` false: the data says nothing below the answer.
  std::vector<std::pair<std::size_t, std::size_t>> unfaithful;
  bool sentence_truth = false;
  // A minimal pair's change ("copy", "date", "negation", ...: `groundgate pairs`); empty for
  // other data. eval reports the labels per change.
  std::string change;
};

// Reads one JSONL line; an empty optional and a message on a malformed line.
std::optional<Sample> parse_sample(simdjson::dom::parser& parser, const std::string& line,
                                   std::string& error);

// Whether the answer's bytes [begin, end) are unfaithful by the sample's own labels: a sentence
// is unfaithful when a marked span covers a word of it. Without sentence labels: the answer's.
// A reader of samples of another kind (eval: SQL samples): true when the line is one of its
// own, with `error` set when that line is malformed.
using OtherSamples = std::function<bool(simdjson::dom::element line, std::string& error)>;

// Every sample of a JSONL data file (blank lines skipped; lines `other` takes go to it);
// nullopt and `error` (with the path and line) on a file that cannot be read or a line that
// does not parse.
std::optional<std::vector<Sample>> read_samples(const std::string& path, std::string& error,
                                                const OtherSamples& other = {});

bool sentence_unfaithful(const Sample& sample, std::size_t begin, std::size_t end);

// Samples that share a context or a specific question belong to one source: cross-validation
// keeps a source's samples in one fold. Returns a group number per sample.
std::vector<std::size_t> source_groups(const std::vector<Sample>& samples);

}  // namespace groundgate::offline
