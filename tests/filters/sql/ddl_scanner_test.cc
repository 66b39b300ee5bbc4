#include "filters/sql/ddl_scanner.h"

#include <gtest/gtest.h>

namespace groundgate::filters::sql {
namespace {

std::vector<std::string> statements(std::string_view text) {
  std::vector<std::string> out;
  for (const DdlSpan& s : find_ddl(text))
    out.emplace_back(text.substr(s.begin, s.end - s.begin));
  return out;
}

TEST(DdlScanner, FindsStatementsInAPrompt) {
  const std::string_view prompt =
      "You write SQLite queries. The schema:\n"
      "CREATE TABLE employees (id INT PRIMARY KEY, name TEXT, salary REAL);\n"
      "create table \"departments\" (id int, name text(20)) WITHOUT ROWID;\n"
      "Answer in one ```sql block.";
  EXPECT_EQ(statements(prompt),
            (std::vector<std::string>{
                "CREATE TABLE employees (id INT PRIMARY KEY, name TEXT, salary REAL);",
                "create table \"departments\" (id int, name text(20)) WITHOUT ROWID;"}));
}

TEST(DdlScanner, AStatementWithoutSemicolonEndsWithItsColumnList) {
  const std::string_view text =
      "Tables: CREATE TABLE a (x INT, y TEXT) and then the question: how many rows?";
  EXPECT_EQ(statements(text), (std::vector<std::string>{"CREATE TABLE a (x INT, y TEXT)"}));
}

TEST(DdlScanner, ViewsEndAtSemicolonOrBlankLine) {
  const std::string_view text =
      "CREATE VIEW rich AS SELECT name FROM employees WHERE salary > 5000\n\nQuestion: who?";
  EXPECT_EQ(statements(text),
            (std::vector<std::string>{"CREATE VIEW rich AS SELECT name FROM employees WHERE "
                                      "salary > 5000"}));
}

TEST(DdlScanner, IgnoresOtherCreatesAndProse) {
  EXPECT_TRUE(statements("We create tables for you. CREATE INDEX i ON t(x);").empty());
  EXPECT_TRUE(statements("Recreate TABLE (x)").empty());
}

TEST(DdlScanner, QuotesAndCommentsDoNotEndAStatement) {
  const std::string_view text = "CREATE TABLE t (a TEXT DEFAULT ';)', -- a comment; here\n b INT);";
  EXPECT_EQ(statements(text), (std::vector<std::string>{std::string(text)}));
}

TEST(DdlScanner, WithoutDdlKeepsTheRest) {
  EXPECT_EQ(without_ddl("Schema: CREATE TABLE t (a INT); Question: how many?"),
            "Schema:  Question: how many?");
}

TEST(DdlScanner, AnOverlongStatementIsSkipped) {
  std::string text = "CREATE TABLE t (" + std::string(100, 'x') + " INT);";
  EXPECT_TRUE(find_ddl(text, DdlLimits{10, 50}).empty());
  EXPECT_EQ(find_ddl(text, DdlLimits{10, 500}).size(), 1u);
}

}  // namespace
}  // namespace groundgate::filters::sql
