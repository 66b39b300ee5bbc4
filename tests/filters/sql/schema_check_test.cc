#include "filters/sql/schema_check.h"

#include <gtest/gtest.h>

#include "filters/sql/sql_checker.h"
#include "tests/filters/sql/sql_test_support.h"

namespace groundgate::filters::sql {
namespace {

using testing::find_code;

SqlVerdict check(std::string_view sql,
                 std::shared_ptr<const SchemaDatabase> schema = testing::company_schema()) {
  SqlChecker checker(testing::checker_config(), std::move(schema), "");
  return checker.check(sql).verdict;
}

std::string_view span(std::string_view sql, const Finding& f) {
  return sql.substr(f.begin, f.end - f.begin);
}

TEST(SchemaCheck, UnknownColumnNamesTheNearestOne) {
  const std::string_view sql = "SELECT salry FROM employees";
  const SqlVerdict v = check(sql);
  EXPECT_EQ(v.label, Label::kContradicted);
  const Finding* f = find_code(v, "unknown_column");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::kSchema);
  EXPECT_EQ(f->reason, "no column `salry` in `employees`; did you mean `salary`?");
  EXPECT_EQ(span(sql, *f), "salry");
  EXPECT_EQ(f->replacement, "\"salary\"");
  EXPECT_EQ(v.corrected, "SELECT \"salary\" FROM employees");
}

TEST(SchemaCheck, QualifiedColumnLooksInTheAliasedTable) {
  const std::string_view sql =
      "SELECT e.name FROM employees AS e JOIN departments AS d ON e.dept_id = d.idd";
  const SqlVerdict v = check(sql);
  const Finding* f = find_code(v, "unknown_column");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason, "no column `idd` in `departments`; did you mean `id`?");
  EXPECT_EQ(span(sql, *f), "idd");
}

TEST(SchemaCheck, UnknownTableWithoutErrorOffset) {
  const std::string_view sql = "SELECT count(*) FROM employes";
  const SqlVerdict v = check(sql);
  const Finding* f = find_code(v, "unknown_table");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(span(sql, *f), "employes");
  EXPECT_EQ(f->reason, "no table `employes`; did you mean `employees`?");
}

TEST(SchemaCheck, ColumnOfAnotherTableIsSaidSo) {
  const SqlVerdict v = check("SELECT country FROM employees");
  const Finding* f = find_code(v, "unknown_column");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason, "no column `country` in `employees` (it is a column of `departments`)");
  EXPECT_FALSE(f->replacement);
}

TEST(SchemaCheck, ErrorsBehindTheFirstAreFoundAfterItsFix) {
  const std::string_view sql = "SELECT nme, salry FROM employes";
  const SqlVerdict v = check(sql);
  ASSERT_EQ(v.findings.size(), 3u);
  EXPECT_EQ(v.corrected, "SELECT \"name\", \"salary\" FROM \"employees\"");
}

TEST(SchemaCheck, UnknownFunctionAndSyntaxError) {
  const SqlVerdict f = check("SELECT coutn(*) FROM employees");
  ASSERT_NE(find_code(f, "unknown_function"), nullptr);
  EXPECT_EQ(find_code(f, "unknown_function")->reason, "no function `coutn`; did you mean `count`?");
  const std::string_view sql = "SELEC name FROM employees";
  const SqlVerdict s = check(sql);
  const Finding* e = find_code(s, "syntax_error");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(span(sql, *e), "SELEC");
}

TEST(SchemaCheck, AmbiguousColumnAsksForItsTable) {
  const SqlVerdict v = check("SELECT name FROM employees, departments");
  const Finding* f = find_code(v, "ambiguous_column");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason, "column `name` is in `employees`, `departments`: name its table");
}

TEST(SchemaCheck, NonAsciiNamesAndCase) {
  EXPECT_TRUE(check("SELECT count(*) FROM sänger WHERE land = 'France'").findings.empty());
  const SqlVerdict v = check("SELECT name FROM SÄNGER");  // SQLite folds ASCII only
  const Finding* f = find_code(v, "unknown_table");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->replacement, "\"sänger\"");
}

TEST(SchemaCheck, DoubleQuotedColumnTypoThatSqliteReadsAsAString) {
  const std::string_view sql = "SELECT \"salry\" FROM employees";
  const SqlVerdict v = check(sql);
  const Finding* f = find_code(v, "string_not_column");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->replacement, "\"salary\"");
  // A value in double quotes (common in generated SQL) is no finding.
  EXPECT_TRUE(check("SELECT name FROM employees WHERE name = \"Ada\"").findings.empty());
}

TEST(SchemaCheck, WithoutSchemaOnlySyntaxAndFunctionsAreJudged) {
  const SqlVerdict ok = check("SELECT anything FROM anywhere", no_schema());
  EXPECT_FALSE(ok.has_schema);
  EXPECT_TRUE(ok.findings.empty());
  EXPECT_EQ(ok.report(Check::kSchema).note, "no_schema");
  EXPECT_NE(find_code(check("SELECT FROM WHERE", no_schema()), "syntax_error"), nullptr);
}

TEST(SchemaCheck, TheDialectSoftensWhatOnlySqliteRefuses) {
  auto config = testing::checker_config();
  config->dialect = Dialect::kPostgresql;
  SqlChecker checker(config, testing::company_schema(), "");
  const SqlVerdict v = checker.check("SELECT name::text FROM employees").verdict;
  ASSERT_NE(find_code(v, "syntax_error"), nullptr);
  EXPECT_EQ(v.label, Label::kUnsupported);
  // Unknown columns stay contradicted, and "x" is a name in PostgreSQL.
  EXPECT_EQ(checker.check("SELECT \"salry\" FROM employees").verdict.label, Label::kContradicted);
}

}  // namespace
}  // namespace groundgate::filters::sql
