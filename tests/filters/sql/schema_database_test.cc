#include "filters/sql/schema_database.h"

#include <sqlite3.h>

#include <gtest/gtest.h>

#include "tests/filters/sql/sql_test_support.h"

namespace groundgate::filters::sql {
namespace {

TEST(SchemaDatabase, BuildsTablesAndColumnsFromDdl) {
  auto db = testing::company_schema();
  EXPECT_TRUE(db->skipped().empty());
  ASSERT_EQ(db->tables().size(), 3u);
  const Table* singers = db->find_table("sänger");
  ASSERT_NE(singers, nullptr);
  EXPECT_NE(singers->find_column("ALTER"), nullptr);
  EXPECT_NE(db->find_table("EMPLOYEES"), nullptr);
  EXPECT_GT(db->memory_bytes(), 0u);
  EXPECT_FALSE(db->function_names().empty());
}

TEST(SchemaDatabase, RefusesStatementsThatAreNotTablesOrViews) {
  const std::vector<std::string> ddl{
      "CREATE TABLE a (x INT)", "DROP TABLE a",
      "ATTACH 'other.db' AS o", "CREATE TABLE b (y INT); DROP TABLE a",
      "CREATE TABLE a (x INT)", "PRAGMA writable_schema = 1"};
  auto db = SchemaDatabase::build(ddl);
  ASSERT_EQ(db->tables().size(), 1u);
  EXPECT_EQ(db->skipped().size(), 5u);
}

TEST(SchemaDatabase, PrepareReportsErrorsWithOffsetsAndAccesses) {
  auto db = testing::company_schema();
  const auto statements = db->prepare("SELECT salry FROM employees", {});
  ASSERT_EQ(statements.size(), 1u);
  EXPECT_FALSE(statements[0].ok());
  EXPECT_EQ(statements[0].message, "no such column: salry");
  EXPECT_EQ(statements[0].error_offset, 7);

  const auto ok = db->prepare("SELECT name FROM employees WHERE salary > 10", {});
  ASSERT_EQ(ok.size(), 1u);
  ASSERT_TRUE(ok[0].ok());
  bool read_salary = false;
  for (const Access& a : ok[0].accesses) {
    read_salary =
        read_salary || (a.action == SQLITE_READ && a.first == "employees" && a.second == "salary");
  }
  EXPECT_TRUE(read_salary);
}

TEST(SchemaDatabase, EachStatementIsPreparedAfterAFailingOne) {
  auto db = testing::company_schema();
  const std::string sql = "SELECT nope FROM employees; SELECT name FROM departments;";
  const auto statements = db->prepare(sql, {});
  ASSERT_EQ(statements.size(), 2u);
  EXPECT_FALSE(statements[0].ok());
  EXPECT_TRUE(statements[1].ok());
  EXPECT_EQ(sql.substr(statements[1].begin, statements[1].end - statements[1].begin),
            "SELECT name FROM departments;");
}

TEST(SchemaDatabase, DoubleQuotedStringsFollowTheOption) {
  auto db = testing::company_schema();
  PrepareOptions strict;
  strict.double_quoted_strings = false;
  EXPECT_TRUE(db->prepare("SELECT name FROM employees WHERE name = \"Ada\"", {})[0].ok());
  EXPECT_FALSE(db->prepare("SELECT name FROM employees WHERE name = \"Ada\"", strict)[0].ok());
}

}  // namespace
}  // namespace groundgate::filters::sql
