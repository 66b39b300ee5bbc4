#include "filters/spl/spl_parser.h"

#include <gtest/gtest.h>

namespace groundgate::filters::spl {
namespace {

bool has_issue(const ParsedSearch& p, std::string_view code) {
  for (const SyntaxIssue& i : p.issues) {
    if (i.code == code) return true;
  }
  return false;
}

TEST(SplParser, ImplicitSearchThenPipedCommands) {
  const std::string_view q = "index=main error | stats count by host | sort - count";
  const ParsedSearch p = parse_search(q);
  ASSERT_EQ(p.pipeline.commands.size(), 3u);
  EXPECT_TRUE(p.pipeline.commands[0].name.empty());
  EXPECT_EQ(p.pipeline.commands[0].args.size(), 4u);
  EXPECT_EQ(p.pipeline.commands[1].name, "stats");
  EXPECT_TRUE(p.pipeline.commands[1].piped);
  EXPECT_EQ(p.pipeline.commands[2].name, "sort");
  EXPECT_TRUE(p.issues.empty());
}

TEST(SplParser, LeadingPipeAndExplicitSearch) {
  EXPECT_EQ(parse_search("| tstats count").pipeline.commands[0].name, "tstats");
  EXPECT_EQ(parse_search("search x=1").pipeline.commands[0].name, "search");
}

TEST(SplParser, SubsearchesNestAndStayOneArgument) {
  const std::string_view q =
      "a [search b [| inputlookup c | fields d] | fields e] | join f [search g]";
  const ParsedSearch p = parse_search(q);
  ASSERT_EQ(p.pipeline.commands.size(), 2u);
  ASSERT_EQ(p.pipeline.subsearches.size(), 2u);
  const Token& sub = p.pipeline.commands[0].args[1];
  EXPECT_EQ(sub.kind, TokenKind::kSubsearch);
  EXPECT_EQ(sub.text(q), "[search b [| inputlookup c | fields d] | fields e]");
  const Pipeline& inner = p.pipeline.subsearches[sub.aux];
  ASSERT_EQ(inner.commands.size(), 2u);
  ASSERT_EQ(inner.subsearches.size(), 1u);
  EXPECT_EQ(inner.subsearches[0].commands[0].name, "inputlookup");
  EXPECT_TRUE(p.issues.empty());
}

TEST(SplParser, UnbalancedBracketsParenthesesAndEmptyCommands) {
  EXPECT_TRUE(has_issue(parse_search("a [search b | stats count"), "unclosed_bracket"));
  EXPECT_TRUE(has_issue(parse_search("a ] | stats count"), "unbalanced_bracket"));
  const ParsedSearch paren = parse_search("| stats count(x by y");
  EXPECT_TRUE(has_issue(paren, "unbalanced_parenthesis"));
  EXPECT_FALSE(paren.pipeline.commands[0].balanced);
  EXPECT_TRUE(has_issue(parse_search("| stats count)"), "unbalanced_parenthesis"));
  EXPECT_TRUE(has_issue(parse_search("a | | stats count"), "empty_command"));
  EXPECT_TRUE(has_issue(parse_search("a | stats count |"), "empty_command"));
  EXPECT_TRUE(has_issue(parse_search("a []"), "empty_subsearch"));
  EXPECT_TRUE(has_issue(parse_search("a | \"x\""), "missing_command"));
}

TEST(SplParser, UnclosedQuoteIsReportedWhereItStarts) {
  const ParsedSearch p = parse_search(R"(a x="b | stats count)");
  ASSERT_FALSE(p.issues.empty());
  EXPECT_EQ(p.issues[0].code, "unclosed_quote");
  EXPECT_EQ(p.issues[0].begin, 4u);
}

TEST(SplParser, DepthIsBounded) {
  std::string q = "a ";
  for (int i = 0; i < 40; ++i)
    q += "[search b ";
  for (int i = 0; i < 40; ++i)
    q += "]";
  const ParsedSearch p = parse_search(q, {.max_tokens = 1u << 15, .max_depth = 8});
  EXPECT_TRUE(has_issue(p, "too_deep"));
}

TEST(SplParser, UnknownMacroInCommandPositionIsMarked) {
  const ParsedSearch p = parse_search("a | `some_macro(x)` | stats count");
  ASSERT_EQ(p.pipeline.commands.size(), 3u);
  EXPECT_TRUE(p.pipeline.commands[1].macro_command);
}

}  // namespace
}  // namespace groundgate::filters::spl
