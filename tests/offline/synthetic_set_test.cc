#include "offline/synthetic_set.h"

#include <gtest/gtest.h>

#include "offline/training_table.h"

namespace groundgate::offline {
namespace {

Sample sample(std::string id, std::string context, int label) {
  Sample s;
  s.id = std::move(id);
  s.context = {std::move(context)};
  s.answer = "An answer.";
  s.label = label;
  return s;
}

const std::string kPassage =
    "The Eiffel Tower is a wrought-iron lattice tower in Paris. It opened in 1889 for the "
    "World's Fair and was the tallest structure in the world until 1930. Gustave Eiffel's "
    "company designed and built the tower over two years.";

TEST(SyntheticSet, MakesPairsFromEachSourceOnceAndKeepsTheirOrigin) {
  TrainingSetInput a;
  a.name = "a";
  // Two answers to one context are one source: its context is made into answers once.
  a.samples = {sample("a1", kPassage, 0), sample("a2", kPassage, 1)};
  TrainingSetInput b;
  b.name = "b";
  b.samples = {sample("b1", R"({"name": "Cafe", "open": true})", 0),
               sample("b2", "Marie Curie was born in Warsaw in 1867. She worked in Paris.", 1)};
  std::string error;
  const std::optional<TrainingSetInput> made = synthetic_set({a, b}, error);
  ASSERT_TRUE(made) << error;
  const TrainingSetInput& set = *made;
  EXPECT_TRUE(set.synthetic);
  ASSERT_EQ(set.samples.size(), set.origins.size());
  ASSERT_FALSE(set.samples.empty());
  std::size_t from_a = 0, from_b = 0, unfaithful = 0, copies = 0;
  for (std::size_t i = 0; i < set.samples.size(); ++i) {
    const Sample& s = set.samples[i];
    const SampleOrigin& origin = set.origins[i];
    EXPECT_EQ(origin.sample, 0u + (origin.set == 1)) << "the source's first sample, b2 for b";
    (origin.set == 0 ? from_a : from_b) += 1;
    EXPECT_TRUE(s.sentence_truth);
    ASSERT_EQ(s.context.size(), 1u);
    if (s.label == 1) {
      ++unfaithful;
      ASSERT_EQ(s.unfaithful.size(), 1u);
      EXPECT_EQ(s.unfaithful[0], std::make_pair(std::size_t{0}, s.answer.size()));
    } else {
      copies += s.id.ends_with("/none");
      EXPECT_TRUE(s.unfaithful.empty());
      EXPECT_NE(s.context[0].find(s.answer.substr(0, 10)), std::string::npos) << s.answer;
    }
  }
  EXPECT_GT(from_a, 0u);
  EXPECT_GT(from_b, 0u);  // from the prose source; the JSON one gives none
  EXPECT_EQ(unfaithful, copies) << "one changed answer per faithful copy";
  // Written as JSONL the eval format reads, one line per sample.
  const std::string jsonl = synthetic_jsonl(set);
  EXPECT_EQ(static_cast<std::size_t>(std::count(jsonl.begin(), jsonl.end(), '\n')),
            set.samples.size());
}

TEST(SyntheticSet, ASyntheticAnswerTakesTheFoldOfItsSource) {
  TrainingSetInput a;
  a.name = "a";
  for (int i = 0; i < 6; ++i)
    a.samples.push_back(
        sample("a" + std::to_string(i), kPassage + " Source " + std::to_string(i) + ".", 0));
  std::string error;
  const std::optional<TrainingSetInput> made = synthetic_set({a}, error);
  ASSERT_TRUE(made) << error;
  const TrainingSetInput& syn = *made;
  std::vector<TrainingSetInput> sets{a, syn};
  for (TrainingSetInput& set : sets)
    set.verified.resize(set.samples.size());  // no verdicts: answer rows only
  const Table t = flatten_training_data(sets, 5);
  ASSERT_EQ(t.answers.size(), a.samples.size() + syn.samples.size());
  for (std::size_t i = 0; i < syn.samples.size(); ++i) {
    const AnswerRow& row = t.answers[a.samples.size() + i];
    EXPECT_EQ(row.set, 1u);
    EXPECT_EQ(row.origin_set, 0u);
    EXPECT_EQ(row.fold, t.answers[syn.origins[i].sample].fold);
  }
}

}  // namespace
}  // namespace groundgate::offline
