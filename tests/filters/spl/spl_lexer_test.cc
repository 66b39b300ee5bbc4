#include "filters/spl/spl_lexer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace groundgate::filters::spl {
namespace {

std::vector<std::string> texts(std::string_view s, LexMode mode = LexMode::kSearch) {
  std::vector<std::string> out;
  for (const Token& t : lex(s, mode).tokens)
    out.emplace_back(t.text(s));
  return out;
}

TEST(SplLexer, SearchWordsKeepPathsWildcardsAndTimeModifiers) {
  EXPECT_EQ(texts(R"(Image=*\calc.exe earliest=-7d@d | stats count)"),
            (std::vector<std::string>{"Image", "=", R"(*\calc.exe)", "earliest", "=", "-7d@d", "|",
                                      "stats", "count"}));
  EXPECT_EQ(texts("a!=b c>=5 d<e"),
            (std::vector<std::string>{"a", "!=", "b", "c", ">=", "5", "d", "<", "e"}));
}

TEST(SplLexer, StringsTakeEscapesAndMacrosAreOneToken) {
  const std::string_view s = R"(x="a \"quoted\" |[pipe]" `ctime(firstTime, "a,b")` y)";
  const LexResult r = lex(s, LexMode::kSearch);
  ASSERT_EQ(r.tokens.size(), 5u);
  EXPECT_EQ(r.tokens[2].kind, TokenKind::kString);
  EXPECT_EQ(unquote(r.tokens[2], s), R"(a "quoted" |[pipe])");
  EXPECT_EQ(r.tokens[3].kind, TokenKind::kMacro);
  EXPECT_EQ(r.tokens[3].text(s), R"(`ctime(firstTime, "a,b")`)");
  EXPECT_EQ(r.error, LexError::kNone);
}

TEST(SplLexer, TripleBacktickCommentsAreSkipped) {
  EXPECT_EQ(texts("a ``` | lookup x `m` ``` b"), (std::vector<std::string>{"a", "b"}));
}

TEST(SplLexer, UnclosedStringMacroAndCommentAreReported) {
  const LexResult quote = lex(R"(x="abc | stats count)", LexMode::kSearch);
  EXPECT_EQ(quote.error, LexError::kUnclosedString);
  EXPECT_EQ(quote.error_begin, 2u);
  EXPECT_EQ(lex("`sysmon x=1", LexMode::kSearch).error, LexError::kUnclosedMacro);
  EXPECT_EQ(lex("a ``` never closed", LexMode::kSearch).error, LexError::kUnclosedComment);
  EXPECT_EQ(to_string(LexError::kUnclosedString), "unclosed_quote");
}

TEST(SplLexer, ExpressionsSplitOperatorsButKeepDottedNamesAndFractions) {
  EXPECT_EQ(texts("a+b*2 vendor.\" \".product Processes.dest .25", LexMode::kExpression),
            (std::vector<std::string>{"a", "+", "b", "*", "2", "vendor", ".", "\" \"", ".",
                                      "product", "Processes.dest", ".25"}));
  const std::string_view s = "'field name'=\"v\"";
  const LexResult r = lex(s, LexMode::kExpression);
  ASSERT_EQ(r.tokens.size(), 3u);
  EXPECT_EQ(r.tokens[0].kind, TokenKind::kSingleQuoted);
  EXPECT_EQ(unquote(r.tokens[0], s), "field name");
}

TEST(SplLexer, SpansAreThoseOfTheRangeLexed) {
  const std::string_view s = "stats count | eval x=a+1";
  const LexResult r = lex(s, LexMode::kExpression, 19, s.size());
  ASSERT_FALSE(r.tokens.empty());
  EXPECT_EQ(r.tokens.front().text(s), "x");
  EXPECT_TRUE(iequals("STATS", "stats"));
  EXPECT_TRUE(r.tokens.front().is(s, "X"));
}

}  // namespace
}  // namespace groundgate::filters::spl
