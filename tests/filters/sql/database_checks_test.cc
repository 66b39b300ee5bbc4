// Checks 3 (content) and 4 (execution) against a database file.
#include <gtest/gtest.h>

#include <fstream>

#include "filters/sql/safety_check.h"
#include "filters/sql/sql_checker.h"
#include "tests/filters/sql/sql_test_support.h"

namespace groundgate::filters::sql {
namespace {

using testing::find_code;

const std::vector<std::string>& allowed() {
  static const std::vector<std::string> names = allowed_functions({});
  return names;
}

std::string first_value(const RunResult& r) {
  return r.rows.empty() || r.rows[0].empty() ? "(none: " + r.error + ")" : r.rows[0][0];
}

class DatabaseChecks : public ::testing::Test {
 protected:
  SqlCheck check(std::string_view question, std::string_view sql) {
    auto database = db_.open();
    EXPECT_NE(database, nullptr);
    auto config = testing::checker_config(database);
    SqlChecker checker(config, SchemaDatabase::build(database->schema_statements()), question);
    return checker.check(sql);
  }

  testing::CompanyDatabase db_;
};

TEST_F(DatabaseChecks, OpensReadOnlyWithItsSchema) {
  auto database = db_.open();
  ASSERT_NE(database, nullptr);
  EXPECT_EQ(database->schema_statements().size(), 3u);
  const RunResult r = database->run("DELETE FROM employees", {}, {});
  EXPECT_EQ(r.outcome, RunResult::Outcome::kError);
  EXPECT_EQ(first_value(database->run("SELECT count(*) FROM employees", {}, allowed())), "3");
  // A function outside the allow-list is refused at the database too.
  EXPECT_EQ(database->run("SELECT count(*) FROM employees", {}, {}).outcome,
            RunResult::Outcome::kError);
  std::string error;
  EXPECT_EQ(SampleDatabase::open("/nonexistent/x.db", error), nullptr);
  EXPECT_FALSE(error.empty());
}

TEST_F(DatabaseChecks, AValueTheColumnNeverHoldsWithACloseOne) {
  const std::string_view sql = "SELECT name FROM departments WHERE country = 'Untied States'";
  const SqlCheck c = check("Which departments are in the US?", sql);
  const Finding* f = find_code(c.verdict, "value_not_found");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::kContent);
  EXPECT_EQ(f->label, Label::kContradicted);
  EXPECT_EQ(f->reason,
            "no 'Untied States' in `departments`.`country`; did you mean 'United States'?");
  EXPECT_EQ(sql.substr(f->begin, f->end - f->begin), "'Untied States'");
  EXPECT_EQ(c.verdict.corrected, "SELECT name FROM departments WHERE country = 'United States'");
}

TEST_F(DatabaseChecks, LetterCaseIsAContentError) {
  const SqlCheck c =
      check("Departments in France", "SELECT name FROM departments WHERE country = 'france'");
  const Finding* f = find_code(c.verdict, "value_not_found");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->replacement, "'France'");
}

TEST_F(DatabaseChecks, TheUsersOwnAbsentValueIsNoFinding) {
  const SqlCheck c = check("How many departments are in \"Atlantis\"?",
                           "SELECT count(*) FROM departments WHERE country = 'Atlantis'");
  EXPECT_EQ(find_code(c.verdict, "value_not_found"), nullptr);
  const SqlCheck invented = check("How many departments are there in Europe?",
                                  "SELECT count(*) FROM departments WHERE country = 'Atlantis'");
  const Finding* f = find_code(invented.verdict, "value_not_found");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, Label::kUnsupported);
}

TEST_F(DatabaseChecks, AnAbsentValueInANegationExcludesNothing) {
  const SqlCheck c = check("Departments outside the US",
                           "SELECT name FROM departments WHERE country != 'Untied States'");
  const Finding* f = find_code(c.verdict, "value_not_found");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->replacement, "'United States'");
}

TEST_F(DatabaseChecks, AnAggregateOfNoRowsIsAnEmptyResult) {
  const SqlCheck c = check("What is the average salary in department 9?",
                           "SELECT avg(salary) FROM employees WHERE dept_id = 9");
  const Finding* f = find_code(c.verdict, "empty_result");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason, "returns only NULL on the database: no row matched");
  // A count of none is an answer.
  EXPECT_EQ(find_code(check("How many employees are in department 9?",
                            "SELECT count(*) FROM employees WHERE dept_id = 9")
                          .verdict,
                      "empty_result"),
            nullptr);
}

TEST_F(DatabaseChecks, ExecutionFindsEmptyResultsAndKeepsTheRows) {
  const SqlCheck empty =
      check("Who earns more than 9000?", "SELECT name FROM employees WHERE salary > 9000");
  EXPECT_NE(find_code(empty.verdict, "empty_result"), nullptr);
  EXPECT_EQ(empty.verdict.report(Check::kExecution).state, CheckState::kFailed);
  const SqlCheck rows = check("Who earns more than 4000?",
                              "SELECT name FROM employees WHERE salary > 4000 ORDER BY name");
  EXPECT_TRUE(rows.verdict.findings.empty());
  ASSERT_TRUE(rows.result);
  EXPECT_EQ(rows.result->rows.size(), 1u);
  EXPECT_EQ(rows.result->rows[0][0], "'Ada'");
}

TEST_F(DatabaseChecks, AGroupedColumnUniqueInTheDataFixesItsRow) {
  // Department names are unique in the data: grouping by one fixes the department's country.
  EXPECT_EQ(find_code(check("How many employees does each department have, and in which country?",
                            "SELECT d.country, count(*) FROM departments AS d JOIN employees AS e "
                            "ON e.dept_id = d.id GROUP BY d.name")
                          .verdict,
                      "ungrouped_column"),
            nullptr);
  // Two employees share a department: their names are not fixed by it.
  EXPECT_NE(find_code(check("How many employees does each department have?",
                            "SELECT name, count(*) FROM employees GROUP BY dept_id")
                          .verdict,
                      "ungrouped_column"),
            nullptr);
}

TEST_F(DatabaseChecks, RuntimeErrors) {
  const SqlCheck c = check("", "SELECT json_extract('not json', '$.a')");
  const Finding* f = find_code(c.verdict, "runtime_error");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, Label::kContradicted);
}

TEST_F(DatabaseChecks, TheTimeCapInterruptsARunawayQuery) {
  auto database = db_.open();
  auto config = testing::checker_config(database);
  config->execution_limits.time = std::chrono::milliseconds(20);
  SqlChecker checker(config, SchemaDatabase::build(database->schema_statements()), "");
  const SqlCheck c = checker.check(
      "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n");
  EXPECT_EQ(c.verdict.report(Check::kExecution).state, CheckState::kIncomplete);
  EXPECT_EQ(c.verdict.report(Check::kExecution).note, "timeout");
}

TEST_F(DatabaseChecks, TheMemoryCapStopsAQueryGrowingSQLitesHeap) {
  auto database = db_.open();
  // A ~10 MB string built in SQLite's heap (under its 16 MiB value limit), in ample time.
  const std::string sql =
      "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000) "
      "SELECT length(group_concat(printf('%0100d', x))) FROM n";
  RunLimits limits;
  limits.time = std::chrono::seconds(30);
  limits.max_memory = 1u << 20;
  const RunResult cut = database->run(sql, limits, allowed());
  EXPECT_EQ(cut.outcome, RunResult::Outcome::kMemoryCap);
  EXPECT_TRUE(cut.cut());
  EXPECT_TRUE(cut.rows.empty());
  limits.max_memory = 256u << 20;
  EXPECT_EQ(first_value(database->run(sql, limits, allowed())), "10099999");
}

TEST_F(DatabaseChecks, TheMemoryCapCountsTheRowsKept) {
  auto database = db_.open();
  RunLimits limits;
  limits.time = std::chrono::seconds(30);
  limits.max_memory = 16u << 10;
  const RunResult r = database->run(
      "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 900) "
      "SELECT printf('%0200d', x) FROM n",
      limits, allowed());
  EXPECT_EQ(r.outcome, RunResult::Outcome::kMemoryCap);
  EXPECT_LT(r.rows.size(), 900u);
}

TEST_F(DatabaseChecks, AQueryStoppedAtTheMemoryCapIsUnverifiedNotContradicted) {
  auto database = db_.open();
  auto config = testing::checker_config(database);
  config->execution_limits.time = std::chrono::seconds(30);
  config->execution_limits.max_memory = 1u << 20;
  SqlChecker checker(config, SchemaDatabase::build(database->schema_statements()), "");
  const SqlCheck c = checker.check(
      "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000) "
      "SELECT length(group_concat(printf('%0100d', x))) FROM n");
  EXPECT_EQ(c.verdict.report(Check::kExecution).state, CheckState::kIncomplete);
  EXPECT_EQ(c.verdict.report(Check::kExecution).note, "memory_cap");
  EXPECT_EQ(find_code(c.verdict, "runtime_error"), nullptr);
}

TEST_F(DatabaseChecks, AValueOverSQLitesLengthLimitIsACapNotARuntimeError) {
  auto database = db_.open();
  RunLimits limits;
  limits.time = std::chrono::seconds(30);
  limits.max_memory = 0;
  // ~20 MB in 20 rows of a million characters (few rows, so that a slow build, a sanitizer's,
  // reaches the limit well before the time cap): over the 16 MiB a value may hold on a
  // checking connection.
  const RunResult r = database->run(
      "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20) "
      "SELECT length(group_concat(printf('%01000000d', x))) FROM n",
      limits, allowed());
  EXPECT_EQ(r.outcome, RunResult::Outcome::kMemoryCap) << r.error;
}

TEST_F(DatabaseChecks, TheRowCapKeepsTheFirstRows) {
  auto database = db_.open();
  RunLimits limits;
  limits.max_rows = 2;
  const RunResult r = database->run("SELECT name FROM employees", limits, allowed());
  EXPECT_EQ(r.outcome, RunResult::Outcome::kRowLimit);
  EXPECT_EQ(r.rows.size(), 2u);
}

TEST_F(DatabaseChecks, TheFileIsNeverWritten) {
  auto database = db_.open();
  for (const char* sql : {"DELETE FROM employees", "DROP TABLE employees", "ATTACH 'x.db' AS x",
                          "PRAGMA journal_mode = WAL"}) {
    EXPECT_EQ(database->run(sql, {}, allowed()).outcome, RunResult::Outcome::kError) << sql;
  }
  EXPECT_EQ(first_value(database->run("SELECT count(*) FROM employees", {}, allowed())), "3");
}

}  // namespace
}  // namespace groundgate::filters::sql
