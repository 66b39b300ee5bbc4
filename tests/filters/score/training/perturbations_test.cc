#include "filters/score/training/perturbations.h"

#include <gtest/gtest.h>

namespace groundgate::filters::score::training {
namespace {

TEST(ChangeNumber, MovesAYearByAFewYears) {
  const auto changed = change_number("The tower opened in 1889 for the fair.", 3);
  ASSERT_TRUE(changed);
  EXPECT_NE(*changed, "The tower opened in 1889 for the fair.");
  EXPECT_EQ(changed->find("1889"), std::string::npos);
  EXPECT_EQ(changed->rfind("The tower opened in 18", 0), 0u);
}

TEST(ChangeNumber, KeepsACountsSizeAndGrouping) {
  const auto small = change_number("Refunds are accepted within 14 days.", 0);
  ASSERT_TRUE(small);
  EXPECT_EQ(*small, "Refunds are accepted within 15 days.");
  const auto grouped = change_number("The city has 1,250,000 people.", 1);
  ASSERT_TRUE(grouped);
  EXPECT_NE(grouped->find(','), std::string::npos);
  EXPECT_EQ(grouped->find("1,250,000"), std::string::npos);
}

TEST(ChangeNumber, ChangesADecimalsLastDigit) {
  EXPECT_EQ(change_number("It weighs 3.6 kilograms.", 0), "It weighs 3.7 kilograms.");
}

TEST(ChangeNumber, LeavesSentencesWithoutDigitsAndOrdinals) {
  EXPECT_FALSE(change_number("She won three titles.", 0));
  EXPECT_FALSE(change_number("He finished 3rd in the race.", 0));
}

TEST(FlipNegation, AddsNotAfterTheFirstAuxiliary) {
  EXPECT_EQ(flip_negation("Shipping costs are refunded."), "Shipping costs are not refunded.");
  EXPECT_EQ(flip_negation("The museum will open in May."), "The museum will not open in May.");
}

TEST(FlipNegation, TakesAwayANegation) {
  EXPECT_EQ(flip_negation("Shipping costs are not refunded."), "Shipping costs are refunded.");
  EXPECT_EQ(flip_negation("The band never toured Asia."), "The band toured Asia.");
  EXPECT_EQ(flip_negation("The hotel doesn't allow pets."), "The hotel does allow pets.");
}

TEST(FlipNegation, LeavesAFocusAConditionAndATitleAlone) {
  EXPECT_FALSE(flip_negation("It is not only cheap but fast."));
  EXPECT_FALSE(flip_negation("Food safety is just as important at home."));
  EXPECT_FALSE(flip_negation("If there is swelling, use ice."));
  EXPECT_EQ(flip_negation("The song I Will Always Love You was a hit."),
            "The song I Will Always Love You was not a hit.");
  EXPECT_EQ(flip_negation("You won't need as long on the second side."),
            "You will need as long on the second side.");
}

TEST(FlipNegation, NeedsAnAuxiliaryOrANegation) {
  EXPECT_FALSE(flip_negation("Paris hosted the fair."));
}

TEST(SwapName, ReplacesANameWithAnotherOfTheContext) {
  const std::string context =
      "Marie Curie was born in Warsaw. She worked in Paris with Pierre Curie.";
  const auto swapped = swap_name("Marie Curie was born in Warsaw.", context, 1);
  ASSERT_TRUE(swapped);
  EXPECT_NE(*swapped, "Marie Curie was born in Warsaw.");
  EXPECT_TRUE(swapped->find("Paris") != std::string::npos ||
              swapped->find("Pierre Curie") != std::string::npos)
      << *swapped;
}

TEST(SwapName, NeedsAnotherName) {
  EXPECT_FALSE(swap_name("Marie Curie was born in Warsaw.", "Marie Curie was born in Warsaw.", 0));
}

TEST(SyntheticAnswers, PairsAFaithfulSentenceWithItsChangedTwin) {
  const std::string passage =
      "The Eiffel Tower is a wrought-iron lattice tower in Paris. It opened in 1889 for the "
      "World's Fair and was the tallest structure in the world until 1930. Gustave Eiffel's "
      "company designed and built the tower over two years.";
  PerturbOptions options;
  options.per_passage = 2;
  const std::vector<SyntheticAnswer> answers = synthetic_answers(passage, options);
  ASSERT_EQ(answers.size(), 4u);
  for (std::size_t i = 0; i < answers.size(); i += 2) {
    EXPECT_FALSE(answers[i].unfaithful);
    EXPECT_EQ(answers[i].change, "none");
    EXPECT_NE(passage.find(answers[i].answer), std::string::npos);
    EXPECT_TRUE(answers[i + 1].unfaithful);
    EXPECT_NE(answers[i + 1].change, "none");
    EXPECT_NE(answers[i + 1].answer, answers[i].answer);
    EXPECT_EQ(answers[i + 1].context, answers[i].context);
    EXPECT_NE(answers[i].context.find(answers[i].answer), std::string::npos);
  }
  // The same text, the same answers.
  const std::vector<SyntheticAnswer> again = synthetic_answers(passage, options);
  ASSERT_EQ(again.size(), answers.size());
  for (std::size_t i = 0; i < answers.size(); ++i)
    EXPECT_EQ(again[i].answer, answers[i].answer);
}

TEST(SyntheticAnswers, KeepsTheContextToTheSentencesNeighbours) {
  std::string passage;
  for (int i = 0; i < 12; ++i)
    passage += "Sentence number " + std::to_string(i) + " is about a river in the north. ";
  PerturbOptions options;
  options.neighbours = 1;
  const std::vector<SyntheticAnswer> answers = synthetic_answers(passage, options);
  // The sentence, its count written as a word ("Sentence number five ..."), the changed one.
  ASSERT_EQ(answers.size(), 3u);
  EXPECT_EQ(answers[1].change, "restated");
  EXPECT_FALSE(answers[1].unfaithful);
  EXPECT_LT(answers[0].context.size(), 3 * 60u);
}

TEST(SyntheticAnswers, ReadsNoJsonAndNoShortSentences) {
  EXPECT_TRUE(synthetic_answers(R"({"name": "Cafe", "stars": 4.5, "open": true})").empty());
  EXPECT_TRUE(synthetic_answers("It is 5. It was 6.").empty());
}

}  // namespace
}  // namespace groundgate::filters::score::training
