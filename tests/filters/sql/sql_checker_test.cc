#include "filters/sql/sql_checker.h"

#include <gtest/gtest.h>

#include "tests/filters/sql/sql_test_support.h"

namespace groundgate::filters::sql {
namespace {

TEST(SqlChecker, AValidQueryIsSupportedAndSaysWhichChecksRan) {
  SqlChecker checker(testing::checker_config(), testing::company_schema(),
                     "What is the average salary per department?");
  const SqlCheck c = checker.check(
      "SELECT d.name, avg(e.salary) FROM employees e JOIN departments d ON e.dept_id = d.id "
      "GROUP BY d.name;");
  EXPECT_EQ(c.error, SqlError::kNone);
  EXPECT_EQ(c.verdict.label, Label::kSupported);
  EXPECT_TRUE(c.verdict.has_schema);
  EXPECT_EQ(c.verdict.report(Check::kSchema).state, CheckState::kPassed);
  EXPECT_EQ(c.verdict.report(Check::kSafety).state, CheckState::kPassed);
  EXPECT_EQ(c.verdict.report(Check::kLinking).state, CheckState::kPassed);
  EXPECT_EQ(c.verdict.report(Check::kExecution).state, CheckState::kSkipped);
  EXPECT_EQ(c.verdict.report(Check::kExecution).note, "no_database");
  EXPECT_EQ(c.verdict.report(Check::kMetamorphic).state, CheckState::kNotRun);
}

TEST(SqlChecker, BoundsAndEmptyText) {
  auto config = testing::checker_config();
  config->max_sql_bytes = 10;
  SqlChecker small(config, testing::company_schema(), "");
  EXPECT_EQ(small.check("SELECT name FROM employees").error, SqlError::kTooLong);
  SqlChecker checker(testing::checker_config(), testing::company_schema(), "");
  EXPECT_EQ(checker.check("  -- nothing\n").error, SqlError::kEmpty);
}

TEST(SqlChecker, UnsafeDecidesWhateverElseIsFound) {
  SqlChecker checker(testing::checker_config(), testing::company_schema(), "");
  const SqlVerdict v = checker.check("SELECT salry FROM employees; DROP TABLE employees").verdict;
  EXPECT_TRUE(v.unsafe);
  ASSERT_NE(v.decisive(), nullptr);
  EXPECT_EQ(v.decisive()->type, FindingType::kUnsafe);
  EXPECT_FALSE(v.corrected);  // nothing unsafe is ever "corrected"
}

TEST(SqlChecker, ManyStatementsAreBounded) {
  std::string sql;
  for (int i = 0; i < 100; ++i)
    sql += "SELECT 1;";
  SqlChecker checker(testing::checker_config(), testing::company_schema(), "");
  EXPECT_EQ(checker.check(sql).verdict.statements, 16u);
}

}  // namespace
}  // namespace groundgate::filters::sql
