#include "filters/text/tokenizer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "filters/text/stopwords.h"

namespace groundgate::filters::text {
namespace {

struct Tok {
  TokenKind kind;
  std::string surface;
  std::string norm;
  std::uint16_t flags;
};

struct Case {
  std::string text;
  std::vector<Tok> want;
};

class TokenizerCases : public ::testing::TestWithParam<Case> {};

TEST_P(TokenizerCases, TokensKindsAndNorms) {
  const auto& c = GetParam();
  const auto tokens = tokenize(c.text);
  ASSERT_EQ(tokens.size(), c.want.size()) << c.text;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    EXPECT_EQ(tokens[i].kind, c.want[i].kind) << c.text << " #" << i;
    EXPECT_EQ(tokens[i].surface(c.text), c.want[i].surface) << c.text << " #" << i;
    EXPECT_EQ(tokens[i].norm, c.want[i].norm) << c.text << " #" << i;
    EXPECT_EQ(tokens[i].flags, c.want[i].flags) << c.text << " #" << i;
  }
}

constexpr auto W = TokenKind::kWord;
constexpr auto N = TokenKind::kNumber;
constexpr auto P = TokenKind::kPunctuation;
constexpr auto S = TokenKind::kSymbol;

INSTANTIATE_TEST_SUITE_P(
    EdgeCases, TokenizerCases,
    ::testing::Values(
        Case{"Arthur's Magazine",
             {{W, "Arthur's", "arthur", kCapitalized | kPossessive},
              {W, "Magazine", "magazine", kCapitalized}}},
        Case{"Arthur’s", {{W, "Arthur’s", "arthur", kCapitalized | kPossessive}}},
        Case{"it's don't O'Brien",
             {{W, "it's", "it's", kContraction},
              {W, "don't", "don't", kContraction},
              {W, "O'Brien", "o'brien", kCapitalized}}},
        Case{"world 's do n't",
             {{W, "world", "world", 0},
              {W, "'s", "'s", kClitic},
              {W, "do", "do", 0},
              {W, "n't", "n't", kClitic}}},
        Case{"$1,000,000 3.6 25%",
             {{S, "$", "$", 0},
              {N, "1,000,000", "1000000", kGrouped},
              {N, "3.6", "3.6", kDecimal},
              {N, "25", "25", 0},
              {S, "%", "%", 0}}},
        Case{"1990s 90s 1990's 19th 21st",
             {{N, "1990s", "1990s", kDecade},
              {N, "90s", "90s", kDecade},
              {N, "1990's", "1990s", kDecade},
              {N, "19th", "19th", kOrdinal},
              {N, "21st", "21st", kOrdinal}}},
        Case{"U.S. e.g. Ph.D. NASA",
             {{W, "U.S.", "u.s.", kCapitalized | kAllCaps | kAbbreviation},
              {W, "e.g.", "e.g.", kAbbreviation},
              {W, "Ph.D.", "ph.d.", kCapitalized | kAbbreviation},
              {W, "NASA", "nasa", kCapitalized | kAllCaps}}},
        Case{"well-known twenty-one 10-year",
             {{W, "well-known", "well-known", kHyphenated},
              {W, "twenty-one", "twenty-one", kHyphenated},
              {N, "10", "10", 0},
              {P, "-", "-", 0},
              {W, "year", "year", 0}}},
        Case{"1844–1846 -5 a-5",
             {{N, "1844", "1844", 0},
              {P, "–", "-", 0},
              {N, "1846", "1846", 0},
              {N, "-5", "-5", 0},
              {W, "a-5", "a-5", kHyphenated}}},
        Case{"century.First",
             {{W, "century", "century", 0}, {P, ".", ".", 0}, {W, "First", "first", kCapitalized}}},
        Case{"3:30pm v1.2.3 1.2.3",
             {{N, "3:30", "3:30", 0},
              {W, "pm", "pm", 0},
              {W, "v1.2.3", "v1.2.3", 0},
              {N, "1.2.3", "1.2.3", 0}}},
        Case{"£5 €3 ° ...",
             {{S, "£", "£", 0},
              {N, "5", "5", 0},
              {S, "€", "€", 0},
              {N, "3", "3", 0},
              {S, "°", "°", 0},
              {P, "...", "...", 0}}},
        Case{"Café ÉCOLE",
             {{W, "Café", "café", kCapitalized}, {W, "ÉCOLE", "école", kCapitalized | kAllCaps}}},
        // Decomposed: the combining accent stays in the word and composes in its norm.
        Case{"Cafe\u0301 Society",
             {{W, "Cafe\u0301", "caf\u00e9", kCapitalized},
              {W, "Society", "society", kCapitalized}}},
        Case{"a\xFF"
             "b",
             {{W, "a", "a", 0}, {S, "\xFF", "\xEF\xBF\xBD", 0}, {W, "b", "b", 0}}},
        Case{"", {}}));

TEST(Tokenizer, DecimalCommaIsADecimalPoint) {
  const auto t = tokenize("It stays at 99,9% and weighs 3,25 kg; items 1,2,3 and 1,250 units.");
  std::vector<std::string> numbers;
  for (const Token& token : t) {
    if (token.kind == TokenKind::kNumber) numbers.push_back(token.norm);
  }
  EXPECT_EQ(numbers, (std::vector<std::string>{"99.9", "3.25", "1", "2", "3", "1250"}));
}

TEST(Tokenizer, OffsetsCoverTheTextInOrder) {
  const std::string text = "  The “U.S.” grossed $ 181,674,817 , Arthur’s 19th-century… \xE2\x80";
  std::size_t prev_end = 0;
  for (const auto& t : tokenize(text)) {
    EXPECT_GE(t.begin, prev_end);
    EXPECT_LT(t.begin, t.end);
    EXPECT_LE(t.end, text.size());
    prev_end = t.end;
  }
}

TEST(Stopwords, ListIsSortedAndUsable) {
  EXPECT_TRUE(is_stopword("the"));
  EXPECT_TRUE(is_stopword("'s"));
  EXPECT_TRUE(is_stopword("yourselves"));
  EXPECT_FALSE(is_stopword("magazine"));
  const auto tokens = tokenize("The magazine 's 1844 , was not");
  std::vector<bool> content;
  for (const auto& t : tokens)
    content.push_back(is_content_word(t));
  // Negations stay content: "was not" must not match "was".
  EXPECT_EQ(content, (std::vector<bool>{false, true, false, true, false, false, true}));
  EXPECT_TRUE(is_negation("not"));
  EXPECT_TRUE(is_negation("wouldn't"));
  EXPECT_FALSE(is_negation("knot"));
}

TEST(Tokenizer, AHyphenatedWordWrittenSolid) {
  const std::vector<Token> tokens = tokenize("Wi-Fi, take-out and well known");
  EXPECT_EQ(solid_spelling(tokens[0]), "wifi");
  EXPECT_EQ(solid_spelling(tokens[2]), "takeout");
  EXPECT_EQ(solid_spelling(tokens[1]), "");  // the comma
  EXPECT_EQ(solid_spelling(tokens[4]), "");  // no hyphen
}

}  // namespace
}  // namespace groundgate::filters::text
