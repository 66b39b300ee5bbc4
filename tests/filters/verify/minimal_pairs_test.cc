// The labels the actions act on, checked on minimal pairs (tests/data/minimal_pairs, made by
// `groundgate pairs`, see its README): a sentence copied from a context is supported, the same
// sentence with one value changed or its verb negated is contradicted, and the value written
// another way is still supported. With the default policy (semantic pieces, the built-in
// scorer, its thresholds), the way `groundgate eval` and the guard label them. The assertions
// are rates over the fixed sample, the targets the labels are held to.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "filters/verify/answer_summary.h"
#include "filters/verify/engine_setup.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::filters::verify {
namespace {

struct Pair {
  std::vector<std::string> context;
  std::string answer;
  std::string change;
};

std::vector<Pair> read_pairs(const std::string& path) {
  std::vector<Pair> out;
  simdjson::dom::parser parser;
  simdjson::dom::document_stream lines;
  if (parser.load_many(path).get(lines) != simdjson::SUCCESS) return out;
  for (simdjson::dom::element line : lines) {
    Pair p;
    std::string_view text;
    simdjson::dom::array context;
    if (line["answer"].get(text) != simdjson::SUCCESS) continue;
    p.answer = text;
    if (line["change"].get(text) != simdjson::SUCCESS) continue;
    p.change = text;
    if (line["context"].get(context) != simdjson::SUCCESS) continue;
    for (simdjson::dom::element passage : context) {
      if (passage.get(text) == simdjson::SUCCESS) p.context.emplace_back(text);
    }
    out.push_back(std::move(p));
  }
  return out;
}

// The worst label of the answer's sentences: supported, doubtful, unsupported, contradicted,
// or no_claim when none holds a claim.
std::string worst_label(const std::vector<SentenceVerdict>& verdicts) {
  const AnswerSummary s = summarize(verdicts, AnswerRule{});
  if (s.errors > 0) return "unverified";
  if (s.contradicted > 0) return "contradicted";
  if (s.unsupported > 0) return "unsupported";
  if (s.doubtful > 0) return "doubtful";
  if (s.supported > 0) return "supported";
  return "no_claim";
}

bool value_change(const std::string& change) {
  return change == "number" || change == "date" || change == "percent" || change == "money" ||
         change == "code" || change == "count";
}

TEST(MinimalPairs, LabelsAsTheActionsNeedThem) {
  const std::vector<Pair> pairs = read_pairs(GG_MINIMAL_PAIRS_FILE);
  ASSERT_GE(pairs.size(), 400u) << "cannot read " << GG_MINIMAL_PAIRS_FILE;
  VerifyConfig config;
  ASSERT_EQ(load_engines(config), "");
  ASSERT_EQ(load_scorer(config, config::ScorerConfig{}), "");
  const auto shared = std::make_shared<const VerifyConfig>(std::move(config));

  // Per change, how many answers got each label.
  std::map<std::string, std::map<std::string, std::size_t>> labels;
  for (const Pair& pair : pairs) {
    std::vector<context::Passage> passages(pair.context.size());
    for (std::size_t i = 0; i < pair.context.size(); ++i)
      passages[i].text = pair.context[i];
    SentenceVerifier verifier(shared, index::ContextIndex::build(std::move(passages)), "", 0);
    ++labels[pair.change][worst_label(verify_answer(verifier, pair.answer))];
  }
  auto share = [&](auto&& changes, const std::string& label) {
    std::size_t hit = 0, all = 0;
    for (const auto& [change, counts] : labels) {
      if (!changes(change)) continue;
      for (const auto& [l, n] : counts) {
        all += n;
        if (l == label) hit += n;
      }
    }
    return all == 0 ? 0.0 : static_cast<double>(hit) / static_cast<double>(all);
  };
  std::string table;
  for (const auto& [change, counts] : labels) {
    table += change + ":";
    for (const auto& [label, n] : counts)
      table += " " + label + "=" + std::to_string(n);
    table += "\n";
  }
  EXPECT_GE(share(value_change, "contradicted"), 0.90) << table;
  EXPECT_GE(share([](const std::string& c) { return c == "negation"; }, "contradicted"), 0.85)
      << table;
  EXPECT_GE(share([](const std::string& c) { return c == "copy"; }, "supported"), 0.98) << table;
  // The same value written another way is no conflict.
  EXPECT_GE(share([](const std::string& c) { return c == "restated"; }, "supported"), 0.95)
      << table;
  EXPECT_EQ(
      share([](const std::string& c) { return c == "restated" || c == "copy"; }, "contradicted"),
      0.0)
      << table;
}

}  // namespace
}  // namespace groundgate::filters::verify
