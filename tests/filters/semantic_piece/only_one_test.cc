// A statement the context makes of one thing alone, said of another of its kind (only_one.h),
// and the verifier's label for it and for its negation.
#include "filters/semantic_piece/only_one.h"

#include <gtest/gtest.h>

#include "tests/filters/semantic_piece/read_sentence.h"
#include "tests/filters/semantic_piece/verifier_fixture.h"

namespace groundgate::filters::semantic_piece {
namespace {

const text::Lexicon* lexicon() {
  return text::Lexicon::shared().lexicon.get();
}

constexpr const char* kPlans =
    "Both the Silver and Gold plans include email support, but only the Gold plan includes "
    "phone support.";

std::optional<OnlyOneConflict> conflict(const char* clause, const char* piece) {
  const ReadSentence c(clause), p(piece);
  return said_of_another_than_the_only(c.tokens, p.tokens, lexicon());
}

TEST(OnlyOneTest, AnotherThingOfTheKindDoesNotDoWhatOnlyOneDoes) {
  const auto found = conflict("The Silver plan includes phone support.", kPlans);
  ASSERT_TRUE(found);
  const std::string clause = "The Silver plan includes phone support.", piece = kPlans;
  EXPECT_EQ(clause.substr(found->clause_begin, found->clause_end - found->clause_begin), "Silver");
  EXPECT_EQ(piece.substr(found->piece_begin, found->piece_end - found->piece_begin), "Gold");
  EXPECT_TRUE(conflict("The Platinum plan includes phone support.",
                       "Only the Gold plan includes phone support."));
}

// Common words may name the same thing or a part of it; an "only" of the past, or one the
// sentence turns, states nothing of now.
TEST(OnlyOneTest, CommonWordsAndAnOnlyOfThePastOrTurnedAreNoConflict) {
  EXPECT_FALSE(conflict("Permanent employees can join the pension scheme.",
                        "Only full-time employees can join the pension scheme."));
  EXPECT_FALSE(conflict("Several senators voted for the bill.",
                        "Only Democratic senators voted for the bill."));
  for (const char* piece : {"Until 2023, only the Gold plan included phone support.",
                            "In 2023 only the Gold plan included phone support.",
                            "It is a myth that only the Gold plan includes phone support.",
                            "Not only the Gold plan includes phone support."}) {
    EXPECT_FALSE(conflict("The Silver plan includes phone support.", piece)) << piece;
  }
}

TEST(OnlyOneTest, TheOneItselfAnotherRestOrANegationIsNoConflict) {
  for (const char* clause :
       {"The Gold plan includes phone support.", "The Silver plan includes email support.",
        "The Silver plan does not include phone support.",
        "The Gold Plus plan includes phone support."}) {
    EXPECT_FALSE(conflict(clause, kPlans)) << clause;
  }
  // "only" before a verb names no thing.
  EXPECT_FALSE(conflict("The outlet sells shoes.", "The store only sells shoes."));
}

TEST_F(VerifierTest, WhatTheContextSaysOfOneAloneIsContradictedOfAnother) {
  context({kPlans});
  expect_corrected("The Silver plan includes phone support.", "Gold");
  EXPECT_TRUE(only("The Silver plan includes phone support.").signals.aligned_conflict);
  // Its negation agrees with "only".
  EXPECT_NE(only("The Silver plan does not include phone support.").label, Label::kContradicted);
  EXPECT_NE(only("The Gold plan includes phone support.").label, Label::kContradicted);
  // Another sentence that states it.
  context({kPlans, "Since March the Silver plan includes phone support as well."});
  EXPECT_NE(only("The Silver plan includes phone support.").label, Label::kContradicted);
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
