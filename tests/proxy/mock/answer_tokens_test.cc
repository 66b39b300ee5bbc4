#include "proxy/mock/answer_tokens.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace groundgate::proxy::mock {
namespace {

std::vector<std::string> tokens_of(std::string text) {
  AnswerTokens tokens(std::move(text));
  std::vector<std::string> out;
  for (size_t i = 0; i < tokens.size(); ++i)
    out.emplace_back(tokens.token(i));
  return out;
}

TEST(AnswerTokensTest, WordsKeepTheirLeadingSpaceAndPunctuationStandsAlone) {
  EXPECT_EQ((std::vector<std::string>{"Hello", ",", " world", "."}), tokens_of("Hello, world."));
}

TEST(AnswerTokensTest, DigitsGroupInThreesAndContractionsSplit) {
  EXPECT_EQ((std::vector<std::string>{" 7", ",", "300", " tonnes"}), tokens_of(" 7,300 tonnes"));
  EXPECT_EQ((std::vector<std::string>{"123", "45"}), tokens_of("12345"));
  EXPECT_EQ((std::vector<std::string>{"It", "'s", " don", "'t"}), tokens_of("It's don't"));
}

TEST(AnswerTokensTest, NewlinesAndTrailingBlanksAreTokens) {
  EXPECT_EQ((std::vector<std::string>{"One", "  ", "\n\n", "Two", "  "}),
            tokens_of("One  \n\nTwo  "));
}

TEST(AnswerTokensTest, MultiByteCharactersStayWhole) {
  EXPECT_EQ((std::vector<std::string>{"Ça", " coûte", " 5", "€", "."}), tokens_of("Ça coûte 5€."));
}

TEST(AnswerTokensTest, TokensJoinBackToTheTextAndPrefixCuts) {
  const std::string text = "According to the context, it is 330 metres tall.\nIt's iron!";
  AnswerTokens tokens(text);
  std::string joined;
  for (size_t i = 0; i < tokens.size(); ++i)
    joined += tokens.token(i);
  EXPECT_EQ(text, joined);
  EXPECT_EQ(tokens.size(), count_tokens(text));
  EXPECT_EQ("According to", tokens.prefix(2));
  EXPECT_EQ(text, tokens.prefix(tokens.size() + 5));
  EXPECT_TRUE(AnswerTokens("").empty());
}

}  // namespace
}  // namespace groundgate::proxy::mock
