#pragma once
// What `groundgate eval` reads alike of SQL and SPL samples (sql_eval.h, spl_eval.h): the
// fields every such sample has, the start of its prediction line, and the finding kinds it
// counts once per sample.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>

namespace groundgate::offline {

struct CodeSample {
  std::string_view id, question, variant;  // empty when the sample has none
  std::string_view code;                   // the query or search checked
  std::int64_t label = 0;                  // 0 valid, else hallucinated
};

// The sample's string `key`; empty when it has none.
std::string_view optional_string(simdjson::dom::element sample, std::string_view key);

// The sample's fields, its code a string under `code_key` ("sql", "spl"); false and `error`
// without that string or an integer label.
bool read_code_sample(simdjson::dom::element sample, std::string_view code_key, CodeSample& out,
                      std::string& error);

// The start of the sample's `--out` line: its id, whether it was flagged, and its label.
std::string prediction_start(const CodeSample& sample, bool flagged);

// What `key` gives for each finding, each value once, in the order found.
template <typename Findings, typename Key>
std::vector<std::string_view> distinct_values(const Findings& findings, Key key) {
  std::vector<std::string_view> values;
  for (const auto& finding : findings) {
    const std::string_view value = key(finding);
    if (std::find(values.begin(), values.end(), value) == values.end()) values.push_back(value);
  }
  return values;
}

}  // namespace groundgate::offline
