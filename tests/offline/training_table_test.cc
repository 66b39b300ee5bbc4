#include "offline/training_table.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace groundgate::offline {
namespace {

// Twenty sources of two answers each (two answers share a context: one source).
TrainingSetInput twenty_sources() {
  TrainingSetInput set;
  set.name = "s";
  for (int i = 0; i < 40; ++i) {
    Sample s;
    s.id = "s" + std::to_string(i);
    s.context = {"Context number " + std::to_string(i / 2) + "."};
    s.answer = "An answer.";
    s.label = i % 2;
    set.samples.push_back(std::move(s));
  }
  set.verified.resize(set.samples.size());  // no verdicts: answer rows only
  return set;
}

std::vector<std::size_t> folds_of(const Table& t) {
  std::vector<std::size_t> out;
  for (const AnswerRow& row : t.answers)
    out.push_back(row.fold);
  return out;
}

TEST(TrainingTable, AFoldSeedSplitsTheSourcesAnotherWayAndKeepsEachTogether) {
  const std::vector<TrainingSetInput> sets{twenty_sources()};
  const std::vector<std::size_t> plain = folds_of(flatten_training_data(sets, 5));
  EXPECT_EQ(plain, folds_of(flatten_training_data(sets, 5, "")));
  const std::vector<std::size_t> seeded = folds_of(flatten_training_data(sets, 5, "a"));
  EXPECT_EQ(seeded, folds_of(flatten_training_data(sets, 5, "a")));  // the same on every run
  EXPECT_NE(plain, seeded);
  for (std::size_t i = 0; i < seeded.size(); i += 2) {
    EXPECT_EQ(plain[i], plain[i + 1]);
    EXPECT_EQ(seeded[i], seeded[i + 1]);
  }
}

}  // namespace
}  // namespace groundgate::offline
