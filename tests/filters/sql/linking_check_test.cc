#include "filters/sql/linking_check.h"

#include <gtest/gtest.h>

#include "filters/sql/sql_checker.h"
#include "tests/filters/sql/sql_test_support.h"

namespace groundgate::filters::sql {
namespace {

using testing::find_code;

SqlVerdict check(std::string_view question, std::string_view sql) {
  SqlChecker checker(testing::checker_config(), testing::company_schema(), question);
  return checker.check(sql).verdict;
}

TEST(QuestionTerms, QuotedPhrasesAndNumbers) {
  const QuestionTerms q(
      "Which employees of \"Research\" earn more than 4,000 since 2015? Don't "
      "count 'Bob's' team.");
  std::vector<std::string> values;
  for (const QuestionValue& v : q.values())
    values.push_back(v.text);
  EXPECT_EQ(values, (std::vector<std::string>{"research", "bob's", "4000", "2015"}));
  EXPECT_TRUE(q.mentions_name("salary") == false);
  EXPECT_TRUE(q.mentions_name("employee_id"));
  EXPECT_TRUE(q.mentions_value("Research"));
  EXPECT_TRUE(q.mentions_number(4000));
}

TEST(QuestionTerms, GermanQuotesAndCompounds) {
  const QuestionTerms q("Wie hoch ist das Durchschnittsalter der Sänger aus „Frankreich“?");
  ASSERT_EQ(q.values().size(), 1u);
  EXPECT_EQ(q.values()[0].text, "frankreich");
  EXPECT_TRUE(q.mentions_name("alter"));  // inside the compound
  EXPECT_TRUE(q.mentions_name("sänger_id"));
}

TEST(LinkingCheck, AQueryThatUsesWhatTheQuestionSaysPasses) {
  const SqlVerdict v = check("How many employees earn more than 4000?",
                             "SELECT count(*) FROM employees WHERE salary > 4000");
  EXPECT_EQ(v.report(Check::kLinking).state, CheckState::kPassed);
  EXPECT_TRUE(v.findings.empty());
}

TEST(LinkingCheck, AQuestionValueTheQueryIgnores) {
  const SqlVerdict v =
      check("How many employees were hired in 2019?", "SELECT count(*) FROM employees");
  const Finding* f = find_code(v, "question_value_ignored");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->label, Label::kUnsupported);
  EXPECT_EQ(f->reason, "the question names 2019; the query never uses it");
  EXPECT_TRUE(check("How many employees were hired in 2019?",
                    "SELECT count(*) FROM employees WHERE hired LIKE '2019%'")
                  .findings.empty());
}

TEST(LinkingCheck, AFilterTheQuestionNeverAskedFor) {
  const std::string_view sql = "SELECT name FROM departments WHERE country = 'France'";
  const SqlVerdict v = check("List the names of all departments.", sql);
  const Finding* f = find_code(v, "unasked_filter");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason, "filters on `country` = 'France', which the question does not mention");
  EXPECT_EQ(sql.substr(f->begin, f->end - f->begin), "country = 'France'");
  // Linked by the value, or by the column.
  EXPECT_TRUE(check("Which departments are in France?", sql).findings.empty());
  EXPECT_TRUE(check("List departments by country.", sql).findings.empty());
}

TEST(LinkingCheck, InListsLikeAndBetween) {
  EXPECT_TRUE(check("Which singers come from \"France\" or \"Netherlands\"?",
                    "SELECT name FROM sänger WHERE land IN ('France', 'Netherlands')")
                  .findings.empty());
  EXPECT_TRUE(check("Which departments have a name containing \"Res\"?",
                    "SELECT name FROM departments WHERE name LIKE '%Res%'")
                  .findings.empty());
  EXPECT_TRUE(check("Employees earning between 3000 and 5000",
                    "SELECT name FROM employees WHERE salary BETWEEN 3000 AND 5000")
                  .findings.empty());
}

TEST(LinkingCheck, NumbersInStrictFormsAndInNames) {
  // "at least 3" is `> 2`; "line 1" is the column zeile_1.
  EXPECT_TRUE(check("Which departments have at least 3 employees?",
                    "SELECT dept_id FROM employees GROUP BY dept_id HAVING count(*) > 2")
                  .findings.empty());
  SqlChecker checker(testing::checker_config(),
                     SchemaDatabase::build(std::vector<std::string>{
                         "CREATE TABLE adressen (zeile_1 TEXT, zeile_2 TEXT)"}),
                     "Wie lauten alle Adressen mit Zeile 1 und Zeile 2?");
  EXPECT_TRUE(checker.check("SELECT zeile_1, zeile_2 FROM adressen").verdict.findings.empty());
}

TEST(LinkingCheck, ValuesLinkAcrossInflectionAndRelatedLanguages) {
  // The question in German, the stored values in English.
  EXPECT_TRUE(check("Welche Abteilungen liegen in Frankreich?",
                    "SELECT name FROM departments WHERE country = 'France'")
                  .findings.empty());
  EXPECT_TRUE(check("Wie viele Sänger sind US-Territorium?",
                    "SELECT count(*) FROM sänger WHERE land = 'US Territory'")
                  .findings.empty());
}

TEST(LinkingCheck, SkippedWithoutAQuestion) {
  const SqlVerdict v = check("", "SELECT name FROM departments WHERE country = 'France'");
  EXPECT_EQ(v.report(Check::kLinking).state, CheckState::kSkipped);
  EXPECT_EQ(v.report(Check::kLinking).note, "no_question");
}

}  // namespace
}  // namespace groundgate::filters::sql
