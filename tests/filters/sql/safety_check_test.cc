#include "filters/sql/safety_check.h"

#include <gtest/gtest.h>

#include "filters/sql/sql_checker.h"
#include "tests/filters/sql/sql_test_support.h"

namespace groundgate::filters::sql {
namespace {

using testing::find_code;

SqlVerdict check(std::string_view sql,
                 std::shared_ptr<const SchemaDatabase> schema = testing::company_schema(),
                 std::shared_ptr<SqlCheckerConfig> config = testing::checker_config()) {
  SqlChecker checker(std::move(config), std::move(schema), "");
  return checker.check(sql).verdict;
}

TEST(SafetyCheck, AReadOnlyQueryIsSafeAndListsWhatItReads) {
  const SqlVerdict v = check(
      "SELECT d.name, avg(e.salary) FROM employees e JOIN departments d ON e.dept_id = d.id "
      "GROUP BY d.name");
  EXPECT_FALSE(v.unsafe);
  EXPECT_EQ(v.report(Check::kSafety).state, CheckState::kPassed);
  const ReadColumn salary{"employees", "salary"};
  EXPECT_NE(std::find(v.reads.begin(), v.reads.end(), salary), v.reads.end());
}

TEST(SafetyCheck, WritesDdlAttachAndPragmaAreUnsafe) {
  for (const auto& [sql, code] : std::vector<std::pair<std::string, std::string_view>>{
           {"DELETE FROM employees", "write"},
           {"UPDATE employees SET salary = 0", "write"},
           {"INSERT INTO departments VALUES (3, 'x', 'y')", "write"},
           {"DROP TABLE employees", "ddl"},
           {"ALTER TABLE employees ADD COLUMN bonus REAL", "ddl"},
           {"ATTACH 'other.db' AS other", "attach"},
           {"PRAGMA table_info(employees)", "pragma"},
           {"BEGIN", "transaction"},
           {"VACUUM", "maintenance"},
       }) {
    const SqlVerdict v = check(sql);
    EXPECT_TRUE(v.unsafe) << sql;
    EXPECT_NE(find_code(v, code), nullptr)
        << sql << ": " << (v.findings.empty() ? "" : v.findings[0].code);
    ASSERT_NE(v.decisive(), nullptr);
    EXPECT_EQ(v.decisive()->type, FindingType::kUnsafe) << sql;
  }
}

TEST(SafetyCheck, ASecondStatementCannotHideAWrite) {
  const std::string_view sql = "SELECT name FROM employees; DROP TABLE employees";
  const SqlVerdict v = check(sql);
  const Finding* f = find_code(v, "ddl");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(sql.substr(f->begin, f->end - f->begin), "DROP TABLE employees");
}

TEST(SafetyCheck, FunctionsOutsideTheAllowList) {
  EXPECT_NE(find_code(check("SELECT load_extension('/tmp/x.so')"), "function"), nullptr);
  EXPECT_NE(find_code(check("SELECT sqlite_version()"), "function"), nullptr);
  EXPECT_NE(find_code(check("SELECT randomblob(1000000000)"), "function"), nullptr);
  EXPECT_FALSE(check("SELECT upper(name), round(salary, 1) FROM employees").unsafe);
  auto config = testing::checker_config();
  const std::vector<std::string> extra{"SQLITE_VERSION"};
  config->allowed_functions = allowed_functions(extra);
  EXPECT_FALSE(check("SELECT sqlite_version()", testing::company_schema(), config).unsafe);
}

TEST(SafetyCheck, SqlitesOwnTablesAreUnsafe) {
  EXPECT_NE(find_code(check("SELECT sql FROM sqlite_master"), "internal_table"), nullptr);
  EXPECT_NE(find_code(check("SELECT * FROM pragma_table_info('employees')"), "internal_table"),
            nullptr);
}

TEST(SafetyCheck, WithoutSchemaTheLeadingKeywordDecides) {
  const SqlVerdict v = check("DELETE FROM users WHERE id = 3", no_schema());
  EXPECT_TRUE(v.unsafe);
  EXPECT_NE(find_code(v, "write"), nullptr);
  EXPECT_FALSE(check("SELECT * FROM users", no_schema()).unsafe);
  EXPECT_TRUE(check("WITH x AS (SELECT 1) DELETE FROM users", no_schema()).unsafe);
}

TEST(SafetyCheck, AMisspeltKeywordIsASyntaxErrorNotUnsafe) {
  const SqlVerdict v = check("SELEC name FROM employees");
  EXPECT_FALSE(v.unsafe);
  EXPECT_NE(find_code(v, "syntax_error"), nullptr);
}

}  // namespace
}  // namespace groundgate::filters::sql
