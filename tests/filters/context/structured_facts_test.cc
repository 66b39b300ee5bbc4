#include "filters/context/structured_facts.h"

#include <gtest/gtest.h>

namespace groundgate::filters::context {
namespace {

std::string facts_of(std::string_view text) {
  auto facts = read_as_facts(text);
  return facts ? facts->text : "<prose>";
}

TEST(StructuredFacts, ProseIsNotFacts) {
  EXPECT_FALSE(read_as_facts("Paris is the capital of France. It has 2 million people."));
  EXPECT_FALSE(read_as_facts("{not json at all"));
  EXPECT_FALSE(read_as_facts(""));
}

TEST(StructuredFacts, JsonMembersBecomeKeyPathLines) {
  const auto facts = read_as_facts(
      R"({"name": "Pizza Mizza", "city": "Santa Barbara", "business_stars": 3.5,
          "hours": {"Monday": "11:0-21:0"}})");
  ASSERT_TRUE(facts);
  EXPECT_EQ(facts->shape, Passage::Shape::kRecord);
  EXPECT_EQ(facts->text,
            "name: Pizza Mizza.\n"
            "city: Santa Barbara.\n"
            "business stars: 3.5.\n"
            "hours Monday: 11:00 to 21:00.\n");
}

// A key that opens with a space or holds two (a fuzzer's find) has empty parts: none is read
// before its start.
TEST(StructuredFacts, KeysWithSpacesAtTheEdgesAreRead) {
  EXPECT_EQ(facts_of(R"({" from x": 1, "a  b": 2})"), " from x: 1.\na  b: 2.\n");
}

TEST(StructuredFacts, FlagsReadAsYesOrNegatedAndNullIsLeftOut) {
  EXPECT_EQ(facts_of(R"({"attributes": {"BusinessParking": {"garage": false, "lot": true},
                          "WiFi": "u'free'", "Alcohol": "u'none'", "Music": null,
                          "HasTV": "True"}})"),
            "no Business Parking garage.\n"
            "Business Parking lot: yes.\n"
            "attributes Wi Fi WiFi: free.\n"
            "no attributes Alcohol.\n"
            "attributes Has TV: yes.\n");
}

TEST(StructuredFacts, YesNoValuesAreFlagsWithTheirGroup) {
  const auto facts = read_as_facts(
      R"({"attributes": {"OutdoorSeating": false, "WiFi": "u'no'", "NoiseLevel": "quiet",
          "Ambience": {"romantic": false, "casual": true, "hipster": null}}})");
  ASSERT_TRUE(facts);
  ASSERT_EQ(facts->flags.size(), 4u);
  EXPECT_EQ(facts->flags[0].name, "Outdoor Seating");
  EXPECT_EQ(facts->flags[0].group, "");  // "attributes" holds other values too
  EXPECT_FALSE(facts->flags[0].value);
  EXPECT_EQ(facts->flags[1].name, "Wi Fi");
  EXPECT_FALSE(facts->flags[1].value);
  EXPECT_EQ(facts->flags[2].group, "Ambience");
  EXPECT_EQ(facts->flags[2].name, "romantic");
  EXPECT_FALSE(facts->flags[2].value);
  EXPECT_EQ(facts->flags[3].name, "casual");
  EXPECT_TRUE(facts->flags[3].value);
}

TEST(StructuredFacts, ListsOfValuesJoinAndListsOfRecordsRepeatThePath) {
  EXPECT_EQ(facts_of(R"({"tags": ["a", "b", 3], "reviews": [{"stars": 5}, {"stars": 2}]})"),
            "tags: a, b, 3.\nreviews stars: 5.\nreviews stars: 2.\n");
}

TEST(StructuredFacts, LongStringsStayProse) {
  EXPECT_EQ(facts_of(R"({"review_text": "Great food. Slow service."})"),
            "review text: Great food. Slow service.\n");
}

TEST(StructuredFacts, OutputIsBounded) {
  std::string big = "[";
  for (int i = 0; i < 1000; ++i)
    big += (i ? ",\"" : "\"") + std::string("value ") + std::to_string(i) + "\"";
  big += "]";
  auto facts = read_as_facts(big, 64);
  ASSERT_TRUE(facts);
  EXPECT_LE(facts->text.size(), 64u);
}

TEST(StructuredFacts, MarkdownTableRowsBecomeFactsInsideProse) {
  const auto facts = read_as_facts(
      "Prices below.\n| Plan | Price |\n|---|---:|\n| Basic | $10 |\n| Pro | $25 |\nThanks.");
  ASSERT_TRUE(facts);
  EXPECT_EQ(facts->shape, Passage::Shape::kTable);
  EXPECT_EQ(facts->text,
            "Prices below.\nPlan: Basic; Price: $10.\nPlan: Pro; Price: $25.\nThanks.\n");
}

TEST(StructuredFacts, CsvWithAHeaderBecomesRows) {
  EXPECT_EQ(facts_of("city,population\nParis,2100000\n\"Lyon, FR\",520000\n"),
            "city: Paris; population: 2100000.\ncity: Lyon, FR; population: 520000.\n");
  // Two lines are not enough to tell a table from prose with commas.
  EXPECT_EQ(facts_of("a, b\nc, d\n"), "<prose>");
}

TEST(StructuredFacts, ReportTablesAreKeptKeyedByRowAndColumn) {
  const auto facts = read_as_facts(
      "|  |  | Years Ended September 30, |  |\n"
      "|  | 2019 | 2018 | 2017 |\n"
      "| Other | 44.1 | 56.7 | 70.8 |\n"
      "| Total sales | $1,496.5 | $1,202.9 | $1,107.7 |");
  ASSERT_TRUE(facts);
  EXPECT_EQ(facts->shape, Passage::Shape::kTable);
  EXPECT_EQ(facts->text,
            "Other; 2019: 44.1; Years Ended September 30, 2018: 56.7; 2017: 70.8.\n"
            "Total sales; 2019: $1,496.5; Years Ended September 30, 2018: $1,202.9; 2017: "
            "$1,107.7.\n");
  ASSERT_EQ(facts->tables.size(), 1u);
  const table::Table& t = facts->tables[0];
  const table::Table::Cell* cell = t.at(1, 1);
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ(facts->text.substr(cell->span.begin, cell->span.end - cell->span.begin), "$1,496.5");
  EXPECT_EQ(t.rows[1].text, "Total sales");
  EXPECT_EQ(t.columns[1].years, std::vector<int>{2019});
}

TEST(StructuredFacts, HtmlTablesInsideProse) {
  const auto facts = read_as_facts(
      "Sales:\n<table><tr><th>Plan</th><th>2019</th></tr><tr><td>Basic</td><td>$10</td></tr>"
      "<tr><td>Pro</td><td>$25</td></tr></table>\nThanks.");
  ASSERT_TRUE(facts);
  EXPECT_EQ(facts->text, "Sales:\nPlan: Basic; 2019: $10.\nPlan: Pro; 2019: $25.\nThanks.\n");
  ASSERT_EQ(facts->tables.size(), 1u);
  EXPECT_EQ(facts->tables[0].cells.size(), 2u);
}

TEST(StructuredFacts, JsonRecordsAreATableAndTheirFactsStayAsTheyWere) {
  const auto facts = read_as_facts(
      R"({"segments": [{"name": "Cloud", "year": 2019, "revenue": 1496.5},
                       {"name": "Cloud", "year": 2018, "revenue": 1202.9}]})");
  ASSERT_TRUE(facts);
  EXPECT_EQ(facts->text,
            "segments name: Cloud.\nsegments year: 2019.\nsegments revenue: 1496.5.\n"
            "segments name: Cloud.\nsegments year: 2018.\nsegments revenue: 1202.9.\n");
  ASSERT_EQ(facts->tables.size(), 1u);
  const table::Table& t = facts->tables[0];
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[1].text, "Cloud");
  EXPECT_EQ(t.rows[1].years, std::vector<int>{2018});
  ASSERT_EQ(t.columns.size(), 3u);
  EXPECT_EQ(t.columns[2].text, "revenue");
  const table::Table::Cell* cell = t.at(1, 2);
  ASSERT_NE(cell, nullptr);
  ASSERT_TRUE(cell->value);
  EXPECT_DOUBLE_EQ(cell->value->value, 1202.9);
  EXPECT_EQ(cell->value->decimals, 1);
  EXPECT_EQ(facts->text.substr(cell->span.begin, cell->span.end - cell->span.begin), "1202.9");
}

}  // namespace
}  // namespace groundgate::filters::context
