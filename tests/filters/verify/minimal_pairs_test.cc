// The labels the actions act on, checked on two fixed samples with the default policy
// (semantic pieces, the built-in scorer, its thresholds), the way `groundgate eval` and the
// guard label them; the assertions are rates, the targets the labels are held to.
// - Minimal pairs (tests/data/minimal_pairs, made by `groundgate pairs`, see its README): a
//   sentence copied from a context is supported, the same sentence with one value changed or
//   its verb negated is contradicted, and the value written another way is still supported.
// - Label probes (tests/data/label_probes, written by hand, see its README): one-sentence
//   answers over support pages and news, short and long contexts, each with the class a user
//   expects; `contradicted` must be right, whatever else it misses.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "filters/verify/answer_summary.h"
#include "filters/verify/engine_setup.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::filters::verify {
namespace {

// One sample: its context, answer and question, and its kind (`kind_field`: a pair's change,
// a probe's expected class).
struct Sample {
  std::vector<std::string> context;
  std::string answer;
  std::string question;
  std::string kind;
};

std::vector<Sample> read_samples(const std::string& path, const char* kind_field) {
  std::vector<Sample> out;
  simdjson::dom::parser parser;
  simdjson::dom::document_stream lines;
  if (parser.load_many(path).get(lines) != simdjson::SUCCESS) return out;
  for (simdjson::dom::element line : lines) {
    Sample p;
    std::string_view text;
    simdjson::dom::array context;
    if (line["answer"].get(text) != simdjson::SUCCESS) continue;
    p.answer = text;
    if (line[kind_field].get(text) != simdjson::SUCCESS) continue;
    p.kind = text;
    if (line["question"].get(text) == simdjson::SUCCESS) p.question = text;
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

// Per kind of sample, how many answers got each label.
using LabelCounts = std::map<std::string, std::map<std::string, std::size_t>>;

LabelCounts label_samples(const std::vector<Sample>& samples) {
  VerifyConfig config;
  EXPECT_EQ(load_engines(config), "");
  EXPECT_EQ(load_scorer(config, config::ScorerConfig{}), "");
  const auto shared = std::make_shared<const VerifyConfig>(std::move(config));
  LabelCounts labels;
  for (const Sample& sample : samples) {
    std::vector<context::Passage> passages(sample.context.size());
    for (std::size_t i = 0; i < sample.context.size(); ++i)
      passages[i].text = sample.context[i];
    SentenceVerifier verifier(shared, index::ContextIndex::build(std::move(passages)),
                              sample.question, 0);
    ++labels[sample.kind][worst_label(verify_answer(verifier, sample.answer))];
  }
  return labels;
}

using KindTest = std::function<bool(const std::string&)>;

// The test for one kind.
KindTest kind_is(std::string kind) {
  return [kind = std::move(kind)](const std::string& k) { return k == kind; };
}

// Of the samples whose kind `kinds` accepts, how many are labelled `label` (any label: "").
std::size_t count(const LabelCounts& labels, const KindTest& kinds, const std::string& label) {
  std::size_t n = 0;
  for (const auto& [kind, counts] : labels) {
    if (!kinds(kind)) continue;
    for (const auto& [l, k] : counts) {
      if (label.empty() || l == label) n += k;
    }
  }
  return n;
}

// Of the samples whose kind `kinds` accepts, the share labelled `label`.
double share(const LabelCounts& labels, const KindTest& kinds, const std::string& label) {
  const std::size_t all = count(labels, kinds, "");
  return all == 0 ? 0.0
                  : static_cast<double>(count(labels, kinds, label)) / static_cast<double>(all);
}

std::string table_of(const LabelCounts& labels) {
  std::string table;
  for (const auto& [kind, counts] : labels) {
    table += kind + ":";
    for (const auto& [label, n] : counts)
      table += " " + label + "=" + std::to_string(n);
    table += "\n";
  }
  return table;
}

TEST(MinimalPairs, LabelsAsTheActionsNeedThem) {
  const std::vector<Sample> pairs = read_samples(GG_MINIMAL_PAIRS_FILE, "change");
  ASSERT_GE(pairs.size(), 400u) << "cannot read " << GG_MINIMAL_PAIRS_FILE;
  const LabelCounts labels = label_samples(pairs);
  const std::string table = table_of(labels);
  EXPECT_GE(share(labels, value_change, "contradicted"), 0.90) << table;
  EXPECT_GE(share(labels, kind_is("negation"), "contradicted"), 0.85) << table;
  EXPECT_GE(share(labels, kind_is("copy"), "supported"), 0.98) << table;
  // The same value written another way is no conflict.
  EXPECT_GE(share(labels, kind_is("restated"), "supported"), 0.95) << table;
  EXPECT_EQ(share(
                labels, [](const std::string& c) { return c == "restated" || c == "copy"; },
                "contradicted"),
            0.0)
      << table;
}

// Of the samples labelled `contradicted`, the share expected so.
double contradicted_precision(const LabelCounts& labels) {
  const std::size_t right = count(labels, kind_is("contradicted"), "contradicted");
  const std::size_t all = count(
      labels, [](const std::string&) { return true; }, "contradicted");
  return all == 0 ? 0.0 : static_cast<double>(right) / static_cast<double>(all);
}

// `contradicted` drives block and rewrite: of the probes it labels so, at least 97 in 100
// must be ones a user calls a contradiction (the rest: a value another thing has, a value
// written another way, an added fact). Its recall is what the probes measure, not a promise.
TEST(LabelProbes, ContradictedIsRightNearlyAlways) {
  const std::vector<Sample> probes = read_samples(GG_LABEL_PROBES_FILE, "expect");
  ASSERT_GE(probes.size(), 500u) << "cannot read " << GG_LABEL_PROBES_FILE;
  const LabelCounts labels = label_samples(probes);
  const std::size_t right = count(labels, kind_is("contradicted"), "contradicted");
  const std::string table = table_of(labels);
  std::printf("label probes, expected class: worst label counts\n%s", table.c_str());
  ASSERT_GE(right, 100u) << table;
  EXPECT_GE(contradicted_precision(labels), 0.97) << table;
  // Floors, not targets: five in six one-slot changes are called contradicted; an added fact
  // is flagged, and a faithful sentence passes, at least half the time (bench/RESULTS.md,
  // sessions 54 to 59, list what the rest are).
  EXPECT_GE(share(labels, kind_is("contradicted"), "contradicted"), 0.85) << table;
  EXPECT_GE(share(labels, kind_is("not_supported"), "unsupported"), 0.5) << table;
  EXPECT_GE(share(labels, kind_is("supported"), "supported"), 0.5) << table;
}

// The second set (session 59, written apart from the first and from the code): longer
// context sentences around the one that says otherwise, controls at another time, of another
// named thing or for another group. Its recall is modest (a match result with its winner
// swapped and a state that has since ended are left to the scorer); what it holds the label to
// is that `contradicted` stays right at least nine times in ten, and catches more than half of
// the contradictions (its misses of session 60 shaped rules in session 61, its wrong ones of
// session 59 rules in session 60: it is no longer held out).
TEST(LabelProbes, ContradictedIsRightOnTheSecondSet) {
  const std::vector<Sample> probes = read_samples(GG_LABEL_PROBES_SECOND_FILE, "expect");
  ASSERT_GE(probes.size(), 200u) << "cannot read " << GG_LABEL_PROBES_SECOND_FILE;
  const LabelCounts labels = label_samples(probes);
  const std::size_t right = count(labels, kind_is("contradicted"), "contradicted");
  const std::string table = table_of(labels);
  std::printf("label probes, second set: worst label counts\n%s", table.c_str());
  ASSERT_GE(right, 55u) << table;
  EXPECT_GE(contradicted_precision(labels), 0.9) << table;
  EXPECT_GE(share(labels, kind_is("contradicted"), "contradicted"), 0.55) << table;
}

}  // namespace
}  // namespace groundgate::filters::verify
