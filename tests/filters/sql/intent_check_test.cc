// Check 3b, intent: each rule on an English and a German question, the gold query passing and
// its logic error found, with the phrase and the clause named.
#include "filters/sql/intent_check.h"

#include <gtest/gtest.h>

#include "filters/sql/intent_kinds.h"
#include "filters/sql/sql_checker.h"
#include "tests/filters/sql/sql_test_support.h"

namespace groundgate::filters::sql {
namespace {

using testing::find_code;

// A schema with declared and undeclared keys, ages and birth dates, in English and German.
const std::vector<std::string>& shop_ddl() {
  static const std::vector<std::string> ddl{
      "CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT, city TEXT, budget REAL)",
      "CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, age INTEGER, birth_date DATE, "
      "salary REAL, dept_id INTEGER REFERENCES departments(id), manager_id INTEGER)",
      "CREATE TABLE orders (order_id INTEGER PRIMARY KEY, employee INTEGER, amount REAL, "
      "status TEXT CHECK (status IN ('open', 'shipped', 'closed')), year INTEGER)",
      "CREATE TABLE \"sänger\" (\"sänger_id\" INTEGER PRIMARY KEY, name TEXT, land TEXT, "
      "\"alter\" INTEGER, \"geburtsjahr\" INTEGER)",
      "CREATE TABLE konzert (konzert_id INTEGER PRIMARY KEY, \"sänger_id\" INTEGER REFERENCES "
      "\"sänger\"(\"sänger_id\"), jahr INTEGER, stadt TEXT)",
      "CREATE TABLE tourneen (tournee_id INTEGER PRIMARY KEY, jahr INTEGER, konzerte INTEGER)",
  };
  return ddl;
}

SqlVerdict check(std::string_view question, std::string_view sql, std::string_view knowledge = {}) {
  static const auto schema = SchemaDatabase::build(shop_ddl());
  SqlChecker checker(testing::checker_config(), schema, question, knowledge);
  return checker.check(sql).verdict;
}

std::vector<std::string_view> intent_codes(const SqlVerdict& v) {
  std::vector<std::string_view> out;
  for (const Finding& f : v.findings) {
    if (f.check == Check::kIntent) out.push_back(f.code);
  }
  return out;
}

void expect_clean(std::string_view question, std::string_view sql) {
  const SqlVerdict v = check(question, sql);
  EXPECT_TRUE(intent_codes(v).empty()) << question << "\n"
                                       << sql << "\n"
                                       << (v.findings.empty() ? "" : v.findings[0].reason);
}

TEST(IntentAggregation, CountSumAverageAsAsked) {
  expect_clean("How many employees work in Boston?",
               "SELECT count(*) FROM employees AS e JOIN departments AS d ON e.dept_id = d.id "
               "WHERE d.city = 'Boston'");
  const SqlVerdict sum =
      check("How many employees are there?", "SELECT sum(salary) FROM employees");
  const Finding* f = find_code(sum, "aggregate_mismatch");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, Label::kUnsupported);
  EXPECT_EQ(f->type, FindingType::kLogic);
  EXPECT_EQ(f->reason, "\"How many\" asks for a count; the query computes `sum(salary)` instead");
  EXPECT_NE(find_code(check("Wie hoch ist das Durchschnittsalter der Sänger?",
                            "SELECT max(\"alter\") FROM \"sänger\""),
                      "aggregate_mismatch"),
            nullptr);
  expect_clean("Wie hoch ist das Durchschnittsalter der Sänger?",
               "SELECT avg(\"alter\") FROM \"sänger\"");
  // "how many people" sums a population; "total number" is a count.
  expect_clean("What is the total number of orders?", "SELECT count(*) FROM orders");
  // ... or the sum of the numeric column it names: each row holds a count.
  expect_clean("Wie hoch ist die Gesamtzahl der Konzerte für jedes Jahr?",
               "SELECT sum(konzerte), jahr FROM tourneen GROUP BY jahr");
  EXPECT_NE(find_code(check("What is the total number of orders per year?",
                            "SELECT sum(amount), year FROM orders GROUP BY year"),
                      "aggregate_mismatch"),
            nullptr);
}

TEST(IntentAggregation, SuperlativeDirectionReadFromTheColumn) {
  expect_clean("What is the age of the oldest employee?", "SELECT max(age) FROM employees");
  expect_clean("When was the oldest employee born?", "SELECT min(birth_date) FROM employees");
  EXPECT_NE(
      find_code(check("What is the age of the oldest employee?", "SELECT min(age) FROM employees"),
                "aggregate_mismatch"),
      nullptr);
  EXPECT_NE(find_code(check("Was kostet der teuerste Auftrag?", "SELECT avg(amount) FROM orders"),
                      "aggregate_mismatch"),
            nullptr);
}

TEST(IntentAggregation, DistinctForDifferentThings) {
  expect_clean("How many different cities have departments?",
               "SELECT count(DISTINCT city) FROM departments");
  const SqlVerdict v = check("Wie viele verschiedene Städte haben Abteilungen?",
                             "SELECT count(city) FROM departments");
  const Finding* f = find_code(v, "distinct_missing");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason,
            "\"verschiedene\" asks for distinct things; `count(city)` counts repeats too");
  // Counting departments through the employees that refer to them.
  EXPECT_NE(find_code(check("How many managers have employees?",
                            "SELECT count(manager_id) FROM employees"),
                      "distinct_missing"),
            nullptr);
}

TEST(IntentGrouping, PerGroupCuesAndUngroupedColumns) {
  expect_clean("How many employees does each department have?",
               "SELECT d.name, count(*) FROM departments AS d JOIN employees AS e ON e.dept_id = "
               "d.id GROUP BY d.id");
  const SqlVerdict v = check("Wie viele Konzerte gab es pro Jahr?", "SELECT count(*) FROM konzert");
  const Finding* f = find_code(v, "grouping_missing");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason,
            "\"pro\" asks for one result per group; `count(*)` is computed over all rows (no "
            "GROUP BY)");
  // No question needed: a bare column next to a count.
  EXPECT_NE(find_code(check("", "SELECT name, count(*) FROM employees"), "ungrouped_column"),
            nullptr);
  EXPECT_NE(find_code(check("Show each city and its number of departments.",
                            "SELECT name, count(*) FROM departments GROUP BY city"),
                      "ungrouped_column"),
            nullptr);
}

TEST(IntentOrdering, SuperlativesSortWordsAndLimits) {
  expect_clean("Who is the youngest employee?",
               "SELECT name FROM employees ORDER BY age ASC LIMIT 1");
  expect_clean("Who is the youngest employee?",
               "SELECT name FROM employees ORDER BY birth_date DESC LIMIT 1");
  const SqlVerdict v = check("Who is the youngest employee?",
                             "SELECT name FROM employees ORDER BY age DESC LIMIT 1");
  const Finding* f = find_code(v, "order_direction");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason,
            "\"youngest\" asks for the smallest values first; the query orders `age` DESC");
  EXPECT_NE(find_code(check("Zeige die Namen der Sänger, vom ältesten bis zum jüngsten.",
                            "SELECT name FROM \"sänger\" ORDER BY \"alter\" ASC"),
                      "order_direction"),
            nullptr);
  expect_clean("Zeige die Namen der Sänger, vom ältesten bis zum jüngsten.",
               "SELECT name FROM \"sänger\" ORDER BY \"alter\" DESC");
  EXPECT_NE(find_code(check("List department names in alphabetical order.",
                            "SELECT name FROM departments ORDER BY name DESC"),
                      "order_direction"),
            nullptr);
  // Top N.
  expect_clean("What are the top 3 salaries?",
               "SELECT salary FROM employees ORDER BY salary DESC LIMIT 3");
  const SqlVerdict limit = check("Nenne die 3 größten Aufträge.",
                                 "SELECT order_id FROM orders ORDER BY amount DESC LIMIT 5");
  const Finding* l = find_code(limit, "limit_mismatch");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->reason, "\"größten\" asks for 3 rows; the query keeps `LIMIT 5`");
  EXPECT_NE(find_code(check("Which department has the highest budget?",
                            "SELECT name FROM departments ORDER BY budget DESC LIMIT 3"),
                      "limit_mismatch"),
            nullptr);
}

TEST(IntentComparison, DirectionAndInclusiveness) {
  expect_clean("Which employees are older than 30?", "SELECT name FROM employees WHERE age > 30");
  expect_clean("Which employees are at least 30?", "SELECT name FROM employees WHERE age > 29");
  const SqlVerdict flipped = check("Which employees earn more than 5000?",
                                   "SELECT name FROM employees WHERE salary < 5000");
  const Finding* f = find_code(flipped, "comparison_direction");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason, "\"more than 5000\" asks for `>`; the query compares `< 5000`");
  // Where the query negates (NOT IN, NOT EXISTS, EXCEPT), a comparison may say the condition
  // or its opposite.
  expect_clean("Which employees earn not more than 5000?",
               "SELECT name FROM employees WHERE id NOT IN (SELECT id FROM employees WHERE "
               "salary > 5000)");
  expect_clean("Welche Sänger sind nicht mehr als 40 Jahre alt?",
               "SELECT name FROM \"sänger\" EXCEPT SELECT name FROM \"sänger\" WHERE "
               "\"alter\" > 40");
  expect_clean("How many employees work in no department with a budget over 5000?",
               "SELECT count(*) FROM employees WHERE dept_id NOT IN (SELECT id FROM departments "
               "WHERE budget > 5000)");
  EXPECT_NE(find_code(check("How many employees work in no department with a budget over 5000?",
                            "SELECT count(*) FROM employees WHERE dept_id NOT IN (SELECT id FROM "
                            "departments WHERE budget = 5000)"),
                      "comparison_direction"),
            nullptr);
  EXPECT_NE(find_code(check("Welche Sänger sind mindestens 40 Jahre alt?",
                            "SELECT name FROM \"sänger\" WHERE \"alter\" > 40"),
                      "comparison_inclusive"),
            nullptr);
  // `5000 > salary` reads as `salary < 5000`.
  EXPECT_NE(find_code(check("Which employees earn under 5000?",
                            "SELECT name FROM employees WHERE 5000 < salary"),
                      "comparison_direction"),
            nullptr);
}

TEST(IntentComparison, Negation) {
  expect_clean("Which departments are not in Boston?",
               "SELECT name FROM departments WHERE city != 'Boston'");
  EXPECT_NE(find_code(check("Which departments are not in Boston?",
                            "SELECT name FROM departments WHERE city = 'Boston'"),
                      "negation_missing"),
            nullptr);
  const SqlVerdict unasked = check("Welche Abteilungen sind in \"Boston\"?",
                                   "SELECT name FROM departments WHERE city != 'Boston'");
  EXPECT_NE(find_code(unasked, "negation_unasked"), nullptr);
}

TEST(IntentColumns, AColumnInPlaceOfTheOneAsked) {
  const SqlVerdict v = check("What is the city of the Sales department?",
                             "SELECT budget FROM departments WHERE name = 'Sales'");
  // budget and city differ in kind (number, text): not a swap of like for like.
  EXPECT_EQ(find_code(v, "column_unasked"), nullptr);
  // A filter column is asked for by its value; a returned one is not.
  const SqlVerdict swapped = check("What is the name of the department in Boston?",
                                   "SELECT city FROM departments WHERE city = 'Boston'");
  const Finding* s = find_code(swapped, "column_unasked");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->reason,
            "the question does not name `city` (SELECT); it names `name` of `departments`, which "
            "the query never reads");
  const SqlVerdict wrong =
      check("What are the names and salaries of all employees?", "SELECT name, age FROM employees");
  const Finding* f = find_code(wrong, "column_unasked");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason,
            "the question does not name `age` (SELECT); it names `salary` of `employees`, which "
            "the query never reads");
}

TEST(IntentJoins, KeysDeclaredAndInferred) {
  expect_clean("", "SELECT e.name FROM employees AS e JOIN departments AS d ON e.dept_id = d.id");
  expect_clean("", "SELECT k.jahr FROM konzert AS k JOIN \"sänger\" AS s USING (\"sänger_id\")");
  // `orders.employee` is named after `employees` and pairs with its key (not declared).
  expect_clean("", "SELECT o.amount FROM orders AS o JOIN employees AS e ON o.employee = e.id");
  const SqlVerdict missing =
      check("", "SELECT e.name FROM employees AS e JOIN departments AS d WHERE d.city = 'Boston'");
  const Finding* f = find_code(missing, "join_without_key");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason,
            "`departments` is joined without a condition on its key: every row pairs with every "
            "row of the others; `employees`.`dept_id` = `departments`.`id` would fit");
  const SqlVerdict wrong =
      check("", "SELECT e.name FROM employees AS e JOIN departments AS d ON e.manager_id = d.id");
  const Finding* g = find_code(wrong, "join_not_on_key");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->reason,
            "`employees`.`manager_id` = `departments`.`id` is no key between the tables; "
            "`employees`.`dept_id` = `departments`.`id` would fit");
  // Tables the schema joins only through a third: the path is named.
  const SqlVerdict path = check("", "SELECT o.amount FROM orders AS o, departments AS d");
  const Finding* p = find_code(path, "join_without_key");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->reason,
            "`departments` is joined without a condition on its key: every row pairs with every "
            "row of the others; `orders`.`employee` = `employees`.`id` and "
            "`employees`.`dept_id` = `departments`.`id` would fit, through `employees`");
  // A cross join written as one is meant.
  expect_clean("", "SELECT e.name, d.name FROM employees AS e CROSS JOIN departments AS d");
}

TEST(IntentJoins, OuterJoinForRowsWithoutAMatch) {
  const std::string_view sql =
      "SELECT d.name, count(e.id) FROM departments AS d JOIN employees AS e ON e.dept_id = d.id "
      "GROUP BY d.id";
  const SqlVerdict v = check(
      "Count the employees of every department, including those without "
      "employees.",
      sql);
  const Finding* f = find_code(v, "inner_join_drops_rows");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->reason.find("LEFT JOIN keeps them"), std::string::npos);
  expect_clean("Zähle die Mitarbeiter jeder Abteilung, auch solche ohne Mitarbeiter.",
               "SELECT d.name, count(e.id) FROM departments AS d LEFT JOIN employees AS e ON "
               "e.dept_id = d.id GROUP BY d.id");
}

TEST(IntentDefinitions, AGlossaryMakesAFilterAskedForAndChecksIt) {
  const std::string_view question = "How many major cities have departments?";
  const std::string_view knowledge = "major city = budget > 150000";
  const std::string_view sql = "SELECT count(*) FROM departments WHERE budget > 150000";
  // Without the definition the threshold is no unasked filter either (thresholds are not
  // judged), and with it the definition is applied as given.
  EXPECT_TRUE(check(question, sql).findings.empty());
  EXPECT_TRUE(check(question, sql, knowledge).findings.empty());
  const SqlVerdict other =
      check(question, "SELECT count(*) FROM departments WHERE budget > 15000", knowledge);
  const Finding* f = find_code(other, "definition_mismatch");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason,
            "\"major city\" is defined as `budget > 150000`; the query has `budget > 15000`");
  EXPECT_NE(find_code(check(question, "SELECT count(*) FROM departments", knowledge),
                      "definition_ignored"),
            nullptr);
  // BIRD's evidence style, and a value filter it names is asked for.
  const SqlVerdict bird =
      check("How many female employees earn the highest salary?",
            "SELECT count(*) FROM employees WHERE name = 'F' ORDER BY salary ASC LIMIT 1",
            "female refers to name = 'F'; highest salary refers to MAX(salary)");
  EXPECT_EQ(find_code(bird, "unasked_filter"), nullptr);
  EXPECT_NE(find_code(bird, "definition_mismatch"), nullptr);
}

TEST(IntentValues, TypesAndShownDomains) {
  const SqlVerdict text_in_number =
      check("Which employees are thirty?", "SELECT name FROM employees WHERE age = 'thirty'");
  const Finding* f = find_code(text_in_number, "value_type_mismatch");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::kContent);
  EXPECT_EQ(f->reason, "`employees`.`age` holds numbers (INTEGER); 'thirty' is none");
  // A CHECK constraint's list: a near miss is corrected (contradicted: nothing else can be
  // stored), another value is unsupported.
  const SqlVerdict typo =
      check("Which orders are shipped?", "SELECT order_id FROM orders WHERE status = 'Shipped'");
  const Finding* g = find_code(typo, "value_outside_domain");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->label, Label::kContradicted);
  ASSERT_TRUE(g->replacement.has_value());
  EXPECT_EQ(*g->replacement, "'shipped'");
  EXPECT_EQ(
      check("Which orders are shipped?", "SELECT order_id FROM orders WHERE status = 'Shipped'")
          .report(Check::kIntent)
          .state,
      CheckState::kFailed);
  const SqlVerdict other =
      check("Which orders are pending?", "SELECT order_id FROM orders WHERE status = 'pending'");
  const Finding* h = find_code(other, "value_outside_domain");
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(h->label, Label::kUnsupported);
}

TEST(IntentValues, SampleRowsAndCommentsShowValues) {
  const auto schema = SchemaDatabase::build(std::vector<std::string>{
      "CREATE TABLE pets (id INTEGER PRIMARY KEY, kind TEXT, -- one of 'cat', 'dog', 'bird'\n"
      "  sex TEXT, -- M: male, F: female\n"
      "  born TEXT)",
      "INSERT INTO pets VALUES (1, 'cat', 'F', '2019-04-01'), (2, 'dog', 'M', '2020-11-23'), "
      "(3, 'dog', 'F', '2018-01-30');"});
  ASSERT_TRUE(schema->has_sample_rows());
  const auto run = [&](std::string_view sql) {
    return SqlChecker(testing::checker_config(), schema, "Which pets?").check(sql).verdict;
  };
  EXPECT_NE(find_code(run("SELECT id FROM pets WHERE kind = 'fish'"), "value_outside_domain"),
            nullptr);
  EXPECT_NE(find_code(run("SELECT id FROM pets WHERE sex = 'female'"), "value_outside_domain"),
            nullptr);
  EXPECT_EQ(find_code(run("SELECT id FROM pets WHERE sex = 'F'"), "value_outside_domain"), nullptr);
  // Dates shown as 2019-04-01: another format compares as text and finds nothing.
  EXPECT_NE(find_code(run("SELECT id FROM pets WHERE born = '04/01/2019'"), "value_type_mismatch"),
            nullptr);
}

TEST(IntentKinds, EveryFindingIsUnsupportedAndNamedInTheTable) {
  const SqlVerdict v = check("How many employees are there?", "SELECT sum(salary) FROM employees");
  for (const Finding& f : v.findings) {
    ASSERT_NE(intent_kind(f.code), nullptr) << f.code;
    EXPECT_EQ(f.label, Label::kUnsupported);
  }
}

TEST(IntentKinds, AnnotateOnlyKindsAndPolicyOverrides) {
  auto config = testing::checker_config();
  const auto schema = SchemaDatabase::build(shop_ddl());
  const std::string_view question = "How many employees are there?";
  const std::string_view sql = "SELECT sum(salary) FROM employees";
  EXPECT_FALSE(SqlChecker(config, schema, question).check(sql).verdict.annotate_only());
  config->intent_annotate_only = {"aggregate_mismatch"};
  EXPECT_TRUE(SqlChecker(config, schema, question).check(sql).verdict.annotate_only());
  config->intent = false;
  const SqlVerdict off = SqlChecker(config, schema, question).check(sql).verdict;
  EXPECT_EQ(off.report(Check::kIntent).state, CheckState::kNotRun);
  EXPECT_TRUE(off.findings.empty());
}

}  // namespace
}  // namespace groundgate::filters::sql
