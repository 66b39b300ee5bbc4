// Check 5's parts that need no model: the rewritten questions, the relations between results,
// the judgement over the answers (the requests and replies as bytes: model_calls_test.cc).
#include <gtest/gtest.h>

#include "filters/sql/metamorphic_check.h"
#include "filters/sql/question_variants.h"
#include "filters/sql/safety_check.h"
#include "tests/filters/sql/sql_test_support.h"

namespace groundgate::filters::sql {
namespace {

std::vector<std::string> questions(std::string_view question, std::size_t max = 7) {
  std::vector<std::string> out;
  for (const QuestionVariant& v : question_variants(question, max))
    out.push_back(std::string(to_string(v.family)) + ": " + v.question);
  return out;
}

TEST(QuestionVariants, ComparisonsInEnglish) {
  EXPECT_EQ(questions("List employees who earn more than 4000."),
            (std::vector<std::string>{
                "comparison_relaxed: List employees who earn at least 4000.",
                "comparison_tightened: List employees who earn more than 5000.",
                "comparison: List employees who earn over 4000.",
                "prefix: Show employees who earn more than 4000.",
                "irrelevant: List employees who earn more than 4000. Please answer precisely."}));
}

TEST(QuestionVariants, ExtremaAndGerman) {
  EXPECT_EQ(questions("Who has the highest salary?", 3),
            (std::vector<std::string>{"extremum_antonym: Who has the lowest salary?",
                                      "extremum: Who has the maximum salary?",
                                      "prefix: Show me: Who has the highest salary?"}));
  EXPECT_EQ(questions("Welche Sänger sind älter als 30 und haben die meisten Konzerte?", 2),
            (std::vector<std::string>{
                "extremum_antonym: Welche Sänger sind älter als 30 und haben die wenigsten "
                "Konzerte?",
                "prefix: Zeige: Welche Sänger sind älter als 30 und haben die meisten "
                "Konzerte?"}));
  // "over" that is no comparison is left alone.
  for (const std::string& q : questions("Show flights over the years 2001 to 2003")) {
    EXPECT_EQ(q.find("at least"), std::string::npos) << q;
  }
}

RunResult rows(std::vector<std::vector<std::string>> r) {
  RunResult out;
  out.result_columns = r.empty() ? 1 : r.front().size();
  out.rows = std::move(r);
  return out;
}

TEST(RelationHolds, EqualDifferentSubsetSuperset) {
  const RunResult ab = rows({{"a"}, {"b"}});
  const RunResult ba = rows({{"b"}, {"a"}});
  const RunResult a = rows({{"a"}});
  EXPECT_TRUE(relation_holds(Relation::kEqual, ab, ba, false));
  EXPECT_FALSE(relation_holds(Relation::kEqual, ab, ba, true));
  EXPECT_TRUE(relation_holds(Relation::kDifferent, ab, a, false));
  EXPECT_TRUE(relation_holds(Relation::kSubset, ab, a, false));
  EXPECT_FALSE(relation_holds(Relation::kSuperset, ab, a, false));
  EXPECT_TRUE(relation_holds(Relation::kSuperset, a, ab, false));
}

class MetamorphicCheck : public ::testing::Test {
 protected:
  // The original query's result and the judgement of `answers` (variant family → query).
  SqlVerdict judge(const std::string& original, const std::string& question,
                   const std::vector<std::string>& answer_queries) {
    auto database = db_.open();
    const std::vector<std::string> allowed = allowed_functions({});
    const RunResult result = database->run(original, {}, allowed);
    std::vector<VariantAnswer> answers;
    const std::vector<QuestionVariant> variants = question_variants(question, 7);
    for (std::size_t i = 0; i < variants.size() && i < answer_queries.size(); ++i) {
      answers.push_back({variants[i], answer_queries[i], {}});
    }
    MetamorphicInput input;
    input.database = database.get();
    input.original = &result;
    input.answers = answers;
    input.allowed_functions = allowed;
    SqlVerdict v;
    check_metamorphic(input, v);
    return v;
  }
  testing::CompanyDatabase db_;
};

// The variants of the question, in order: at least 4000, more than 5000, over 4000, prefix,
// irrelevant; answered as a consistent model would.
const std::vector<std::string> kConsistentAnswers{"SELECT name FROM employees WHERE salary >= 4000",
                                                  "SELECT name FROM employees WHERE salary > 5000",
                                                  "SELECT name FROM employees WHERE salary > 4000",
                                                  "SELECT name FROM employees WHERE salary > 4000",
                                                  "SELECT name FROM employees WHERE salary > 4000"};

TEST_F(MetamorphicCheck, AConsistentQueryPasses) {
  const SqlVerdict v = judge("SELECT name FROM employees WHERE salary > 4000",
                             "List employees who earn more than 4000.", kConsistentAnswers);
  EXPECT_EQ(v.report(Check::kMetamorphic).state, CheckState::kPassed);
  EXPECT_TRUE(v.findings.empty());
}

TEST_F(MetamorphicCheck, AFlippedComparisonBreaksTheRelations) {
  const SqlVerdict v = judge("SELECT name FROM employees WHERE salary < 4000",
                             "List employees who earn more than 4000.", kConsistentAnswers);
  EXPECT_EQ(v.report(Check::kMetamorphic).state, CheckState::kFailed);
  ASSERT_EQ(v.findings.size(), 1u);
  EXPECT_EQ(v.findings[0].type, FindingType::kLogic);
  EXPECT_EQ(v.findings[0].label, Label::kUnsupported);
  EXPECT_EQ(v.findings[0].reason.rfind("5 of 5 rewritten questions", 0), 0u)
      << v.findings[0].reason;
}

TEST_F(MetamorphicCheck, FailedCallsAreNotEffective) {
  const SqlVerdict v =
      judge("SELECT name FROM employees WHERE salary > 4000",
            "List employees who earn more than 4000.", {"SELECT nope FROM employees"});
  EXPECT_EQ(v.report(Check::kMetamorphic).state, CheckState::kIncomplete);
}

}  // namespace
}  // namespace groundgate::filters::sql
