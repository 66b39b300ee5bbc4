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
  EXPECT_EQ(body(answer, blocks[0]), "SELECT 1;\n");
  EXPECT_EQ(body(answer, blocks[1]), "SELECT 2\n");
  EXPECT_TRUE(blocks[0].complete);
}

TEST(SqlExtraction, UnlabelledBlocksThatStartLikeAStatement) {
  const std::string_view answer = "```\nDROP TABLE users;\n```\n```\nls -l\n```\n";
  const auto blocks = find_fenced_sql(answer);
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(body(answer, blocks[0]), "DROP TABLE users;\n");
}

TEST(SqlExtraction, AnUnclosedBlockRunsToTheEndAndSaysSo) {
  const std::string_view answer = "```sql\nSELECT * FROM t";
  const auto blocks = find_fenced_sql(answer);
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_FALSE(blocks[0].complete);
  EXPECT_EQ(body(answer, blocks[0]), "SELECT * FROM t");
}

TEST(SqlExtraction, ACodeBlockUnit) {
  const std::string_view block = "```sqlite\nSELECT a\nFROM t\n```";
  auto span = sql_in_code_block(block);
  ASSERT_TRUE(span);
  EXPECT_EQ(body(block, *span), "SELECT a\nFROM t\n");
  EXPECT_FALSE(sql_in_code_block("```js\nlet a = 1;\n```"));
}

TEST(SqlExtraction, WholeAnswer) {
  const std::string_view plain = "  SELECT name FROM t;\n";
  auto a = whole_answer_sql(plain);
  ASSERT_TRUE(a);
  EXPECT_EQ(body(plain, *a), "SELECT name FROM t;");
  const std::string_view fenced = "```sql\nSELECT 1\n```\n";
  auto b = whole_answer_sql(fenced);
  ASSERT_TRUE(b);
  EXPECT_EQ(body(fenced, *b), "SELECT 1\n");
  EXPECT_FALSE(whole_answer_sql(" \n "));
}

TEST(SqlExtraction, ToolCallArgument) {
  std::string error;
  EXPECT_EQ(sql_argument(R"({"sql": "SELECT 1", "limit": 5})", "sql", error), "SELECT 1");
  EXPECT_EQ(sql_argument(R"({"query": {"text": "SELECT 2"}})", "query.text", error), "SELECT 2");
  EXPECT_FALSE(sql_argument(R"({"query": 1})", "query", error));
  EXPECT_EQ(error, "the argument is not a string");
  EXPECT_FALSE(sql_argument(R"({"q": "x"})", "sql", error));
  EXPECT_EQ(error, "no argument `sql`");
  EXPECT_FALSE(sql_argument(R"({"sql": "SELE)", "sql", error));
  EXPECT_EQ(error, "arguments are not JSON");
}

}  // namespace
}  // namespace groundgate::filters::sql
