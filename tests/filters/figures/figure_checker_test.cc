#include "filters/figures/figure_checker.h"

#include <gtest/gtest.h>

#include "tests/support/context_index.h"

namespace groundgate::filters::figures {
namespace {

using Outcome = FigureVerdict::Outcome;

using groundgate::testing::index_of;

std::vector<FigureVerdict> check(const std::shared_ptr<const index::ContextIndex>& index,
                                 std::string_view question, std::string_view sentence,
                                 FigureOptions options = {}) {
  FigureChecker checker(index, question, options);
  const std::vector<text::Token> tokens = text::tokenize(sentence);
  const std::vector<text::Entity> entities = text::extract_entities(sentence, tokens);
  std::vector<FigureVerdict> out;
  checker.check(sentence, tokens, entities, out);
  return out;
}

// A report's table (TAT-QA's shape: stacked headers, no separator line, the scale in a
// sentence of its own).
const std::vector<std::string> kSales = {
    "|  |  | Years Ended September 30, |  |\n"
    "|  | 2019 | 2018 | 2017 |\n"
    "| Fixed Price | $  1,452.4 | $  1,146.2 | $  1,036.9 |\n"
    "| Other | 44.1 | 56.7 | 70.8 |\n"
    "| Total sales | $1,496.5 | $1,202.9 | $1,107.7 |",
    "The table below presents total net sales disaggregated by contract type (in millions):"};

TEST(FigureChecker, AFigureReadOffItsRowAndYear) {
  const auto index = index_of(kSales);
  const auto v = check(index, "What is the amount of total sales in 2019?", "1,496.5 million");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kRead);
  EXPECT_EQ(v[0].derivation.expression, "a");
  ASSERT_EQ(v[0].derivation.operands.size(), 1u);
  EXPECT_EQ(v[0].derivation.operands[0].text, "$1,496.5");
  EXPECT_EQ(v[0].derivation.operands[0].key, "Total sales, 2019");
  EXPECT_EQ(v[0].begin, 0u);
  EXPECT_EQ(v[0].end, 15u);
}

TEST(FigureChecker, AnotherYearsFigureIsContradictedWithTheRightCell) {
  const auto index = index_of(kSales);
  const auto v = check(index, "What is the amount of total sales in 2019?", "1,202.9 million");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted);
  EXPECT_EQ(v[0].correction, "1,496.5 million");
  EXPECT_NE(v[0].reason.find("Total sales, 2018"), std::string::npos) << v[0].reason;
  ASSERT_EQ(v[0].derivation.operands.size(), 1u);
  const auto& cell = v[0].derivation.operands[0];
  EXPECT_EQ(index->passages()[0].text.substr(cell.evidence.begin,
                                             cell.evidence.end - cell.evidence.begin),
            "$1,496.5");
}

TEST(FigureChecker, APercentageChangeRecomputed) {
  const auto index = index_of(kSales);
  const auto v =
      check(index, "What was the percentage change in total sales from 2018 to 2019?", "24.41%");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived);
  EXPECT_EQ(v[0].derivation.expression, "((a - b) / b) * 100");
  EXPECT_EQ(v[0].derivation.result, "24.41%");
  EXPECT_EQ(v[0].derivation.operands[0].key, "Total sales, 2019");
  EXPECT_EQ(v[0].derivation.operands[1].key, "Total sales, 2018");
  // Beyond the rounding it shows: contradicted, with the computed value.
  const auto wrong =
      check(index, "What was the percentage change in total sales from 2018 to 2019?", "30.51%");
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_EQ(wrong[0].outcome, Outcome::kContradicted);
  EXPECT_EQ(wrong[0].correction, "24.41%");
}

TEST(FigureChecker, AverageAndChangeOfRowsAndYears) {
  const auto index = index_of(kSales);
  auto v = check(index, "What is the average of Other sales in 2018 and 2019?", "50.4 million");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived);
  EXPECT_EQ(v[0].derivation.expression, "(a + b) / 2");
  v = check(index, "What was the change in Other sales from 2018 to 2019?", "-12.6 million");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived);
  // The sign says which way: the 2018 figure less 2019's is contradicted.
  v = check(index, "What was the change in Other sales from 2018 to 2019?", "12.6 million");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted);
  EXPECT_EQ(v[0].correction, "-12.6 million");
}

TEST(FigureChecker, ASentenceNamesItsOwnRowYearAndOperation) {
  const auto index = index_of(kSales);
  auto v = check(index, "", "Total sales were $1,496.5 million in 2019.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kRead);
  v = check(index, "", "Total sales were $1.5 billion in 2019.");  // a scale change
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kRead);
  v = check(index, "", "Total sales increased by 24.4% from 2018 to 2019.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived);
}

TEST(FigureChecker, NothingToPlaceNoVerdict) {
  const auto index = index_of(kSales);
  EXPECT_TRUE(check(index, "What were the sales of widgets?", "42.7 million").empty());
  EXPECT_TRUE(check(index, "", "The company was founded in 2019.").empty());
  FigureOptions off;
  off.enabled = false;
  EXPECT_TRUE(
      check(index, "What is the amount of total sales in 2019?", "1,202.9 million", off).empty());
}

TEST(FigureChecker, InterestIncomeAverage) {
  const auto index =
      index_of({"|  | Fiscal years ended July 31, |  |  |  |\n"
                "|  | 2019 | 2018 | Change |  |\n"
                "|  | Amount | Amount | ($) | (%) |\n"
                "|  |  | (In thousands, except percentages) |  |  |\n"
                "| Interest income | $30,182 | $13,281 | 16,901 | 127 |\n"
                "| Interest expense | $(17,334) | $(6,442) | (10,892) | 169 |\n",
                "Interest Income"});
  const auto v =
      check(index, "What was the average Interest income for 2018 and 2019?", "21,731.5 thousand");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived);
}

TEST(FigureChecker, AnAverageWithoutYearsRunsOverEveryYearOfTheRow) {
  const auto index = index_of(kSales);
  auto v = check(index, "What is the average of Other sales?", "57.2");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived);
  EXPECT_EQ(v[0].derivation.operands.size(), 3u);
  v = check(index, "What is the average of Other sales?", "114.4");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted);
  EXPECT_EQ(v[0].correction, "57.2");
}

TEST(FigureChecker, DifferenceAndRatioOfTwoRowsInTheOrderNamed) {
  const auto index = index_of(kSales);
  auto v = check(index, "What was the difference between Fixed Price and Other sales in 2019?",
                 "1,408.3 million");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived);
  EXPECT_EQ(v[0].derivation.operands[0].key, "Fixed Price, 2019");
  v = check(index, "What was the difference between Fixed Price and Other sales in 2019?",
            "-1,408.3 million");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted);
  EXPECT_EQ(v[0].correction, "1,408.3 million");
  v = check(index, "What was Other sales as a proportion of Fixed Price sales in 2019?", "3.04%");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived);
  v = check(index, "What was Other sales as a proportion of Fixed Price sales in 2019?", "6.07%");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted);
  EXPECT_EQ(v[0].correction, "3.04%");
}

// A report's statements, as a pipe table in millions.
const std::vector<std::string> kStatements = {
    "| | 2022 | 2021 |\n"
    "|---|---|---|\n"
    "| Net revenue | 29,000 | 26,500 |\n"
    "| Operating income | 4,350 | 3,710 |\n"
    "| Net income | 3,120 | 2,800 |\n"
    "| Total current assets | 9,800 | 9,100 |\n"
    "| Total current liabilities | 5,600 | 5,200 |\n"
    "| Total assets | 52,000 | 48,000 |\n"
    "| Accounts receivable, net | 1,234 | 1,100 |",
    "All amounts are in millions."};

TEST(FigureChecker, AFinancialRatioIsComputedFromTheLinesItIsMadeOf) {
  const auto index = index_of(kStatements);
  auto v = check(index, "", "The operating margin in 2022 was 15.0%.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived) << v[0].reason;
  EXPECT_EQ(v[0].derivation.expression, "a / b * 100");
  EXPECT_EQ(v[0].derivation.operands[0].key, "Operating income, 2022");
  EXPECT_EQ(v[0].derivation.operands[1].key, "Net revenue, 2022");
  v = check(index, "What was the current ratio in FY2022?", "1.75");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived) << v[0].reason;
  // Another value is contradicted, with the ratio's own value as the correction.
  v = check(index, "", "The operating margin in 2022 was 17.0%.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted);
  EXPECT_EQ(v[0].correction, "15.0%");
  EXPECT_NE(v[0].reason.find("operating margin is 15.0%"), std::string::npos) << v[0].reason;
  // A return may divide by the balance averaged over the year's opening and closing.
  v = check(index, "", "The return on assets was 6.2% in 2022.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived) << v[0].reason;
  EXPECT_EQ(v[0].derivation.expression, "a / ((b + c) / 2) * 100");
  v = check(index, "", "The return on assets was 6.0% in 2022.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived) << v[0].reason;
  EXPECT_EQ(v[0].derivation.expression, "a / b * 100");
  // Days outstanding: a balance averaged over the year, over a year's flow, in days.
  v = check(index, "What was the DSO in FY2022?", "The DSO was 14.69 days.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived) << v[0].reason;
  EXPECT_EQ(v[0].derivation.expression, "365 * ((a + c) / 2) / b");
  v = check(index, "What was the DSO in FY2022?", "The DSO was 20 days.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted);
  EXPECT_EQ(v[0].correction, "15 days");
  // A number of days no metric names is left to the other checks.
  EXPECT_TRUE(check(index, "", "Net revenue was collected within 30 days in 2022.").empty());
}

// A metric's value is the figure its name governs, nothing else the sentence gives.
TEST(FigureChecker, OnlyTheFigureAMetricNamesIsItsValue) {
  const auto index = index_of(kStatements);
  auto not_contradicted = [&](std::string_view question, std::string_view sentence) {
    for (const FigureVerdict& v : check(index, question, sentence)) {
      if (v.outcome == Outcome::kContradicted) return ::testing::AssertionFailure() << v.reason;
    }
    return ::testing::AssertionSuccess();
  };
  EXPECT_TRUE(not_contradicted("",
                               "In 2022 the operating margin was 15.0% and the net margin "
                               "was 10.8%."));
  EXPECT_TRUE(not_contradicted("",
                               "The current ratio was 1.75 in 2022, with total current "
                               "assets of 9,800."));
  EXPECT_TRUE(not_contradicted("", "The operating margin was 15.0% in 2022, up from 14.0%."));
  EXPECT_TRUE(not_contradicted("",
                               "The operating margin rose 1.0 percentage points to 15.0% in "
                               "2022."));
  EXPECT_TRUE(not_contradicted("What was the operating margin in 2022?",
                               "Net revenue grew 9.4% and the margin was 15.0%."));
  // A line is named by all of its label's words: "total equity" is not "Total assets".
  EXPECT_TRUE(not_contradicted("", "The return on equity was 10% in 2022."));
  // Another percentage of a change sentence is of something else.
  EXPECT_TRUE(not_contradicted("", "Net revenue increased in 2022, with 35% from new customers."));
}

TEST(FigureChecker, AChangeInOneYearIsFromTheYearBefore) {
  const auto index = index_of(kStatements);
  auto v = check(index, "", "Net revenue grew 9.4% in 2022.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived) << v[0].reason;
  EXPECT_EQ(v[0].derivation.operands[1].key, "Net revenue, 2021");
  v = check(index, "", "Net revenue grew 12.4% in 2022.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted);
  EXPECT_EQ(v[0].correction, "9.4%");
  v = check(index, "", "Net revenue increased by 2,500 in 2022.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived) << v[0].reason;
  // A change named without its direction may be given as its size; a rise named may not.
  const auto sales = index_of(kSales);
  v = check(sales, "", "Other sales changed by 22.2% in 2019.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived) << v[0].reason;
  EXPECT_EQ(v[0].derivation.expression, "((b - a) / b) * 100");
  v = check(sales, "", "Other sales grew 22.2% in 2019.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted);
  EXPECT_EQ(v[0].correction, "-22.2%");
  v = check(sales, "What was the change in other sales in 2019?", "Other sales soared 22.2%.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted);
  // The question's range ends in the year the sentence names: the change runs over it.
  v = check(sales, "What was the percentage change in total sales from 2017 to 2019?",
            "Total sales grew 35.1% in 2019.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kDerived) << v[0].reason;
}

TEST(FigureChecker, AFigureAChangeRunsOverIsRead) {
  const auto index = index_of(kStatements);
  auto v = check(index, "", "Net revenue increased to 29,000 in 2022 from 26,500 in 2021.");
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].outcome, Outcome::kRead) << v[0].reason;
  EXPECT_EQ(v[1].outcome, Outcome::kRead) << v[1].reason;
  v = check(index, "", "Net revenue increased to 29,000 in 2022.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kRead) << v[0].reason;
  // A bare figure is the result asked for: a year's level given for the change is wrong.
  v = check(index, "What was the change in net revenue in 2022?", "29,000");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted) << v[0].reason;
  EXPECT_EQ(v[0].correction, "2,500");
  v = check(index, "", "Net revenue increased by 29,000 in 2022.");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kContradicted) << v[0].reason;
  // A line whose label names an operation is named by the words, not computed by them.
  const auto cash =
      index_of({"| | 2019 | 2018 |\n|---|---|---|\n"
                "| Net decrease in cash | (7.4) | (472.7) |"});
  v = check(cash, "What was the net decrease in cash in 2019?", "-7.4");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].outcome, Outcome::kRead) << v[0].reason;
}

}  // namespace
}  // namespace groundgate::filters::figures
