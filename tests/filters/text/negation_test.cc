#include "filters/text/negation.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace groundgate::filters::text {
namespace {

// The governed words of each cue, as text.
std::vector<std::vector<std::string>> scopes(std::string_view sentence) {
  const std::vector<Token> tokens = tokenize(sentence);
  std::vector<std::vector<std::string>> out;
  for (const NegationScope& scope : negation_scopes(tokens)) {
    auto& words = out.emplace_back();
    for (std::size_t i : scope.words)
      words.push_back(tokens[i].norm);
  }
  return out;
}

using Scopes = std::vector<std::vector<std::string>>;

TEST(Negation, ScopeRunsToTheEndOfTheClauseAndIsBounded) {
  EXPECT_EQ(scopes("He did not win the cup, and retired."), (Scopes{{"win", "cup"}}));
  EXPECT_EQ(scopes("They could n't quite land the title , losing out"),
            (Scopes{{"land", "title"}}));
  EXPECT_EQ(scopes("It was never seen in any large northern European city again"),
            (Scopes{{"seen", "large", "northern", "european"}}));
  EXPECT_EQ(scopes("No reports came but damage was done"), (Scopes{{"reports", "came"}}));
}

TEST(Negation, VerbsThatNegateTheirComplement) {
  EXPECT_EQ(scopes("They failed to progress beyond the last eight."),
            (Scopes{{"progress", "beyond", "last", "eight"}}));
  EXPECT_EQ(scopes("Aldo lacks motivation."), (Scopes{{"motivation"}}));
}

TEST(Negation, FocusAndBareParticlesNegateNothing) {
  EXPECT_TRUE(scopes("Not only the band but the fans came.").empty());
  EXPECT_TRUE(scopes("It was not the only ace of the day.").empty());
  EXPECT_TRUE(scopes("No, it was not.").empty());
  EXPECT_TRUE(scopes("The bridge opened in 1932.").empty());
}

}  // namespace
}  // namespace groundgate::filters::text
