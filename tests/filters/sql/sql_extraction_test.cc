#include "filters/sql/sql_extraction.h"

#include <gtest/gtest.h>

namespace groundgate::filters::sql {
namespace {

std::string_view body(std::string_view text, const SqlSpan& s) {
  return text.substr(s.begin, s.end - s.begin);
}

TEST(SqlExtraction, FencedBlocksWithSqlLanguages) {
  const std::string_view answer =
      "Here it is:\n```sql\nSELECT 1;\n```\nand in Python:\n```python\nprint(1)\n```\n"
      "~~~PostgreSQL\nSELECT 2\n~~~\n";
  const auto blocks = find_fenced_sql(answer);
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(body(answer, blocks[0]), "SELECT 1;");
  EXPECT_EQ(body(answer, blocks[1]), "SELECT 2");
  EXPECT_TRUE(blocks[0].complete);
}

TEST(SqlExtraction, UnlabelledBlocksThatStartLikeAStatement) {
  const std::string_view answer = "```\nDROP TABLE users;\n```\n```\nls -l\n```\n";
  const auto blocks = find_fenced_sql(answer);
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(body(answer, blocks[0]), "DROP TABLE users;");
}

TEST(SqlExtraction, AnUnclosedBlockRunsToTheEndAndSaysSo) {
  const std::string_view answer = "```sql\nSELECT * FROM t";
  const auto blocks = find_fenced_sql(answer);
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_FALSE(blocks[0].complete);
  EXPECT_EQ(body(answer, blocks[0]), "SELECT * FROM t");
}

TEST(SqlExtraction, ABlockLongerThanAUnitIsOneQuery) {
  // The segmenter cuts a block at its unit bound; the query is the block's whole code.
  std::string answer = "Here:\n```sql\nSELECT a FROM t WHERE a IN (";
  for (int i = 0; i < 2000; ++i)
    answer += std::to_string(i) + ", ";
  answer += "0);\n```\nDone.";
  const auto blocks = find_fenced_sql(answer);
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_TRUE(blocks[0].complete);
  EXPECT_TRUE(body(answer, blocks[0]).starts_with("SELECT a FROM t"));
  EXPECT_TRUE(body(answer, blocks[0]).ends_with("0);"));
}

TEST(SqlExtraction, SqlLanguages) {
  EXPECT_TRUE(is_sql_block("sqlite", "SELECT a"));
  EXPECT_TRUE(is_sql_block("PostgreSQL", "anything"));
  EXPECT_FALSE(is_sql_block("js", "SELECT a"));
  EXPECT_TRUE(is_sql_block("", "  select a"));
  EXPECT_FALSE(is_sql_block("", "ls -l"));
}

TEST(SqlExtraction, WholeAnswer) {
  const std::string_view plain = "  SELECT name FROM t;\n";
  auto a = whole_answer_sql(plain);
  ASSERT_TRUE(a);
  EXPECT_EQ(body(plain, *a), "SELECT name FROM t;");
  const std::string_view fenced = "```sql\nSELECT 1\n```\n";
  auto b = whole_answer_sql(fenced);
  ASSERT_TRUE(b);
  EXPECT_EQ(body(fenced, *b), "SELECT 1");
  EXPECT_FALSE(whole_answer_sql(" \n "));
}

}  // namespace
}  // namespace groundgate::filters::sql
