#include "filters/sql/sql_lexer.h"

#include <gtest/gtest.h>

namespace groundgate::filters::sql {
namespace {

std::vector<std::string> texts(std::string_view sql) {
  std::vector<std::string> out;
  for (const Token& t : lex_sql(sql))
    out.emplace_back(t.text(sql));
  return out;
}

TEST(SqlLexer, SplitsWordsStringsNumbersAndOperators) {
  EXPECT_EQ(texts("SELECT a.b, 'it''s' FROM t WHERE x >= -3.5e2 AND y <> 0x1F;"),
            (std::vector<std::string>{"SELECT", "a", ".", "b", ",", "'it''s'", "FROM", "t", "WHERE",
                                      "x", ">=", "-", "3.5e2", "AND", "y", "<>", "0x1F", ";"}));
}

TEST(SqlLexer, SkipsCommentsAndKeepsNonAsciiNames) {
  const std::string_view sql = "SELECT count(*) -- all\nFROM sänger /* the singers */";
  EXPECT_EQ(texts(sql),
            (std::vector<std::string>{"SELECT", "count", "(", "*", ")", "FROM", "sänger"}));
}

TEST(SqlLexer, QuotedIdentifiersInAllThreeStyles) {
  const std::string_view sql = R"(SELECT "my ""col""", `b`, [c d] FROM t)";
  const std::vector<Token> tokens = lex_sql(sql);
  ASSERT_EQ(tokens.size(), 8u);
  EXPECT_EQ(tokens[1].kind, TokenKind::kQuoted);
  EXPECT_EQ(unquote(tokens[1], sql), "my \"col\"");
  EXPECT_EQ(unquote(tokens[3], sql), "b");
  EXPECT_EQ(unquote(tokens[5], sql), "c d");
}

TEST(SqlLexer, UnterminatedStringRunsToTheEnd) {
  const std::string_view sql = "SELECT 'abc";
  const std::vector<Token> tokens = lex_sql(sql);
  ASSERT_EQ(tokens.size(), 2u);
  EXPECT_EQ(tokens[1].kind, TokenKind::kString);
  EXPECT_EQ(tokens[1].end, sql.size());
  EXPECT_EQ(unquote(tokens[1], sql), "abc");
}

TEST(SqlLexer, KeywordsAndQuoting) {
  EXPECT_TRUE(is_keyword("select"));
  EXPECT_TRUE(is_keyword("ALTER"));
  EXPECT_FALSE(is_keyword("salary"));
  EXPECT_EQ(quote_identifier("a\"b"), "\"a\"\"b\"");
  EXPECT_EQ(quote_string("it's"), "'it''s'");
}

}  // namespace
}  // namespace groundgate::filters::sql
