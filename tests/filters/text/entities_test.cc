#include "filters/text/entities.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace groundgate::filters::text {
namespace {

// The only entity of `subtype` in `text`; fails the test when there is not exactly one.
std::optional<Entity> one(std::string_view text, EntitySubtype subtype) {
  std::optional<Entity> found;
  for (auto& e : extract_entities(text)) {
    if (e.subtype != subtype) continue;
    EXPECT_FALSE(found.has_value()) << "two " << to_string(subtype) << " in: " << text;
    found = e;
  }
  EXPECT_TRUE(found.has_value()) << "no " << to_string(subtype) << " in: " << text;
  return found;
}

struct ValueCase {
  std::string text;
  EntitySubtype subtype;
  double value;
  Unit unit;
};

class EntityValues : public ::testing::TestWithParam<ValueCase> {};

TEST_P(EntityValues, NormalisesToCanonicalValue) {
  const auto& c = GetParam();
  const auto e = one(c.text, c.subtype);
  ASSERT_TRUE(e);
  EXPECT_NEAR(e->value, c.value, std::abs(c.value) * 1e-6 + 1e-9) << c.text;
  EXPECT_EQ(e->unit, c.unit) << c.text;
  EXPECT_LE(e->begin, e->end);
  EXPECT_EQ(e->text, c.text.substr(e->begin, e->end - e->begin));
}

constexpr auto kMoney = EntitySubtype::kMoney;
constexpr auto kPercent = EntitySubtype::kPercent;
constexpr auto kCardinal = EntitySubtype::kCardinal;
constexpr auto kQuantity = EntitySubtype::kQuantity;
constexpr auto kDuration = EntitySubtype::kDuration;

INSTANTIATE_TEST_SUITE_P(
    Normalisers, EntityValues,
    ::testing::Values(ValueCase{"a budget of $160 million", kMoney, 160e6, Unit::kNone},
                      ValueCase{"a budget of $ 160 million .", kMoney, 160e6, Unit::kNone},
                      ValueCase{"cost 160,000,000 dollars", kMoney, 160e6, Unit::kNone},
                      ValueCase{"cost US$160m", kMoney, 160e6, Unit::kNone},
                      ValueCase{"cost £2bn", kMoney, 2e9, Unit::kNone},
                      ValueCase{"cost 2 million pounds sterling", kMoney, 2e6, Unit::kNone},
                      ValueCase{"cost €3.5 billion", kMoney, 3.5e9, Unit::kNone},
                      ValueCase{"grossed $181,674,817 worldwide", kMoney, 181674817, Unit::kNone},
                      ValueCase{"rose 25%", kPercent, 25, Unit::kPercent},
                      ValueCase{"rose 25 percent", kPercent, 25, Unit::kPercent},
                      ValueCase{"rose 25 per cent", kPercent, 25, Unit::kPercent},
                      ValueCase{"rose twenty percent", kPercent, 20, Unit::kPercent},
                      ValueCase{"rose 2.5 percentage points", kPercent, 2.5, Unit::kPercent},
                      ValueCase{"three cats", kCardinal, 3, Unit::kNone},
                      ValueCase{"a dozen cats", kCardinal, 12, Unit::kNone},
                      ValueCase{"scored twice", kQuantity, 2, Unit::kTimes},
                      ValueCase{"scored three times", kQuantity, 3, Unit::kTimes},
                      ValueCase{"twenty-one cats", kCardinal, 21, Unit::kNone},
                      ValueCase{"three hundred and five cats", kCardinal, 305, Unit::kNone},
                      ValueCase{"1.5 million cats", kCardinal, 1.5e6, Unit::kNone},
                      ValueCase{"a million cats", kCardinal, 1e6, Unit::kNone},
                      ValueCase{"1,000,000 cats", kCardinal, 1e6, Unit::kNone},
                      ValueCase{"ran 3.6 miles", kQuantity, 3.6 * 1609.344, Unit::kMetre},
                      ValueCase{"ran 5.8 km", kQuantity, 5800, Unit::kMetre},
                      ValueCase{"a 10-mile race", kQuantity, 16093.44, Unit::kMetre},
                      ValueCase{"stood 6 ft tall", kQuantity, 6 * 0.3048, Unit::kMetre},
                      ValueCase{"weighs 150 lb", kQuantity, 150 * 0.45359237, Unit::kKilogram},
                      ValueCase{"weighs 68 kg", kQuantity, 68, Unit::kKilogram},
                      ValueCase{"at 212 °F", kQuantity, 100, Unit::kCelsius},
                      ValueCase{"at 100°C", kQuantity, 100, Unit::kCelsius},
                      ValueCase{"at 32 degrees Fahrenheit", kQuantity, 0, Unit::kCelsius},
                      ValueCase{"preheat to 212° F", kQuantity, 100, Unit::kCelsius},
                      ValueCase{"preheat to 212 degree F", kQuantity, 100, Unit::kCelsius},
                      ValueCase{"covers 2 square miles", kQuantity, 2 * 2589988.11,
                                Unit::kSquareMetre},
                      ValueCase{"drove at 60 mph", kQuantity, 60 * 0.44704, Unit::kMetrePerSecond},
                      ValueCase{"more than 35 gigabytes", kQuantity, 35e9, Unit::kByte},
                      ValueCase{"took 2 hours", kDuration, 7200, Unit::kSecond},
                      ValueCase{"took 40 minutes", kDuration, 2400, Unit::kSecond},
                      ValueCase{"a 10-year plan", kDuration, 10 * 31556952.0, Unit::kSecond},
                      ValueCase{"for two weeks", kDuration, 14 * 86400.0, Unit::kSecond}));

struct DateCase {
  std::string text;
  DateValue want;
};

class EntityDates : public ::testing::TestWithParam<DateCase> {};

TEST_P(EntityDates, ParsesWithPrecision) {
  const auto e = one(GetParam().text, EntitySubtype::kDate);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->type, EntityType::kTime);
  EXPECT_EQ(e->date.year, GetParam().want.year) << GetParam().text;
  EXPECT_EQ(e->date.month, GetParam().want.month) << GetParam().text;
  EXPECT_EQ(e->date.day, GetParam().want.day) << GetParam().text;
  EXPECT_EQ(e->date.precision, GetParam().want.precision) << GetParam().text;
}

INSTANTIATE_TEST_SUITE_P(
    Dates, EntityDates,
    ::testing::Values(DateCase{"born March 2, 1991 here", {1991, 3, 2, DatePrecision::kDay}},
                      DateCase{"born 2 March 1991 here", {1991, 3, 2, DatePrecision::kDay}},
                      DateCase{"born 1991-03-02 here", {1991, 3, 2, DatePrecision::kDay}},
                      DateCase{"born 13 December 1972 )", {1972, 12, 13, DatePrecision::kDay}},
                      DateCase{"on the 2nd of March", {0, 3, 2, DatePrecision::kDay}},
                      DateCase{"on Jan. 5, 2001", {2001, 1, 5, DatePrecision::kDay}},
                      DateCase{"in March 1991", {1991, 3, 0, DatePrecision::kMonth}},
                      DateCase{"since March", {0, 3, 0, DatePrecision::kMonth}},
                      DateCase{"won in 2015.", {2015, 0, 0, DatePrecision::kYear}},
                      // A fiscal year is its year.
                      DateCase{"revenue in FY2022 rose", {2022, 0, 0, DatePrecision::kYear}},
                      DateCase{"revenue in FY22 rose", {2022, 0, 0, DatePrecision::kYear}},
                      DateCase{"revenue in FY 2022 rose", {2022, 0, 0, DatePrecision::kYear}},
                      DateCase{"revenue in FY98 rose", {1998, 0, 0, DatePrecision::kYear}},
                      DateCase{"the 1990s", {1990, 0, 0, DatePrecision::kDecade}},
                      DateCase{"the '90s", {1990, 0, 0, DatePrecision::kDecade}},
                      DateCase{"the mid-1980s", {1980, 0, 0, DatePrecision::kDecade}},
                      DateCase{"the early 1990s", {1990, 0, 0, DatePrecision::kDecade}},
                      DateCase{"the late-80s", {1980, 0, 0, DatePrecision::kDecade}},
                      DateCase{"graduated in '43.", {1943, 0, 0, DatePrecision::kYear}},
                      DateCase{"the class of ’98", {1998, 0, 0, DatePrecision::kYear}},
                      DateCase{"in the 19th century.", {1801, 0, 0, DatePrecision::kCentury}},
                      DateCase{"nineteenth-century art", {1801, 0, 0, DatePrecision::kCentury}},
                      // Lowercased text (news corpora): a month's full name with a day or year.
                      DateCase{"in las vegas on july 11 .", {0, 7, 11, DatePrecision::kDay}},
                      DateCase{"fight on may 30 in", {0, 5, 30, DatePrecision::kDay}},
                      DateCase{"since february 2015 ,", {2015, 2, 0, DatePrecision::kMonth}},
                      DateCase{"on 2 march 2015 ,", {2015, 3, 2, DatePrecision::kDay}},
                      DateCase{"to face brook in june .", {0, 6, 0, DatePrecision::kMonth}}));

TEST(Entities, APartOfADecadeAndATwoDigitYearSayWhatTheyState) {
  const auto mid = one("founded in the mid-1980s by", EntitySubtype::kDate);
  ASSERT_TRUE(mid);
  EXPECT_EQ(mid->date.part, DecadePart::kMid);
  EXPECT_EQ(mid->text, "mid-1980s");
  const auto late = one("in the late 1990s", EntitySubtype::kDate);
  ASSERT_TRUE(late);
  EXPECT_EQ(late->date.part, DecadePart::kLate);
  EXPECT_EQ(late->text, "late 1990s");
  const auto year = one("born in Ohio in '50.", EntitySubtype::kDate);
  ASSERT_TRUE(year);
  EXPECT_TRUE(year->date.century_unknown);
  // Not a year: a closing quote, a plural's possessive, a quoted figure with its unit.
  for (std::string_view text : {"the players' 50 goals", "he said '50 percent'", "it's '5"}) {
    for (const Entity& e : extract_entities(text))
      EXPECT_NE(e.subtype, EntitySubtype::kDate) << text << ": " << e.text;
  }
}

TEST(Entities, ADateRangeThatLostItsDashGivesTwoDates) {
  const auto entities = extract_entities("Martin Heidegger ( ; 26 September 188926 May 1976) was");
  std::vector<int> years;
  for (const auto& e : entities) {
    if (e.subtype == EntitySubtype::kDate) years.push_back(e.date.year);
  }
  EXPECT_EQ(years, (std::vector<int>{1889, 1976}));
  // A plain large number before a month stays a number.
  for (const auto& e : extract_entities("It sold 350012 May copies.")) {
    EXPECT_NE(e.subtype, EntitySubtype::kDate) << e.text;
  }
}

TEST(Entities, LowercaseMonthsNeedADayAYearOrACue) {
  // "may", "march" and lowercase abbreviations are words of their own.
  for (std::string_view text : {"he may 2 weeks", "they march in protest", "they may go in may",
                                "a mar 5 scratch", "an august body", "the 2 march songs"}) {
    for (const Entity& e : extract_entities(text))
      EXPECT_NE(e.subtype, EntitySubtype::kDate) << text << ": " << e.text;
  }
}

TEST(Entities, AFiscalYearIsOneDateWithItsPrefix) {
  const auto e = one("revenue in FY 2022 rose", EntitySubtype::kDate);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->text, "FY 2022");
  EXPECT_EQ(e->date.year, 2022);
}

TEST(Entities, ThousandsWithKAndMinusInWords) {
  const auto k = extract_entities("The company has 10k customers.");
  ASSERT_EQ(k.size(), 1u);
  EXPECT_EQ(k[0].value, 10000);
  EXPECT_EQ(k[0].text, "10k");
  const auto minus = extract_entities("It dropped to minus 5 overnight.");
  ASSERT_EQ(minus.size(), 1u);
  EXPECT_EQ(minus[0].value, -5);
  EXPECT_EQ(minus[0].text, "minus 5");
  EXPECT_EQ(extract_entities("She ran the 5 k race.")[0].value, 5);  // not adjacent
  EXPECT_EQ(extract_entities("It has a 401k plan.")[0].value, 401);  // a name
  EXPECT_EQ(extract_entities("It is accurate to plus or minus 3 points.")[0].value, 3);
}

TEST(Entities, YearsAreDistinctFromOtherNumbers) {
  const auto entities = extract_entities("In 1990 there were 1,990 cats and 2000 km of road.");
  ASSERT_EQ(entities.size(), 3u);
  EXPECT_EQ(entities[0].subtype, EntitySubtype::kDate);
  EXPECT_EQ(entities[1].subtype, EntitySubtype::kCardinal);
  EXPECT_EQ(entities[2].subtype, EntitySubtype::kQuantity);
}

TEST(Entities, YearRangeGivesTwoYears) {
  const auto entities = extract_entities("Arthur's Magazine (1844–1846) was a periodical");
  std::vector<int> years;
  for (const auto& e : entities) {
    if (e.subtype == EntitySubtype::kDate) years.push_back(e.date.year);
  }
  EXPECT_EQ(years, (std::vector<int>{1844, 1846}));
}

TEST(Entities, TwoDigitYearClosingARangeTakesTheCentury) {
  auto years = [](std::string_view text) {
    std::vector<int> out;
    for (const auto& e : extract_entities(text)) {
      if (e.subtype == EntitySubtype::kDate) out.push_back(e.date.year);
    }
    return out;
  };
  EXPECT_EQ(years("during the 2007 -- 08 season"), (std::vector<int>{2007, 2008}));
  EXPECT_EQ(years("the 2007-08 season"), (std::vector<int>{2007, 2008}));
  EXPECT_EQ(years("from 1998–03 he ran"), (std::vector<int>{1998, 2003}));
  // Not a range: no dash between them.
  EXPECT_EQ(years("in 2007, 08 people"), (std::vector<int>{2007}));
  EXPECT_EQ(years("active since 2007 --"), (std::vector<int>{2007}));  // dash at the very end
  EXPECT_EQ(years("in 2007-"), (std::vector<int>{2007}));
}

TEST(Entities, OrdinalsScoresAndTimes) {
  EXPECT_EQ(one("finished 19th overall", EntitySubtype::kOrdinal)->value, 19);
  EXPECT_EQ(one("the first time", EntitySubtype::kOrdinal)->value, 1);
  const auto score = one("a 4-1 win", EntitySubtype::kScore);
  EXPECT_EQ(score->value, 4);
  EXPECT_EQ(score->second, 1);
  EXPECT_EQ(one("at 3:30 pm today", EntitySubtype::kTimeOfDay)->value, 15.5 * 3600);
  EXPECT_EQ(one("at 10 a.m. today", EntitySubtype::kTimeOfDay)->value, 10 * 3600);
}

TEST(Entities, QualifiersWidenTheValue) {
  const auto over = one("revenue of over $181 million", EntitySubtype::kMoney);
  EXPECT_EQ(over->qualifier, Qualifier::kAtLeast);
  EXPECT_TRUE(std::isinf(over->high));
  EXPECT_EQ(one("about 5.8 km", EntitySubtype::kQuantity)->qualifier, Qualifier::kApproximate);
  EXPECT_EQ(one("less than 3 hours", EntitySubtype::kDuration)->qualifier, Qualifier::kAtMost);
  EXPECT_EQ(one("won more than twice", EntitySubtype::kQuantity)->qualifier, Qualifier::kAtLeast);
}

struct NameCase {
  std::string text;
  std::vector<std::string> keys;
};

class EntityNames : public ::testing::TestWithParam<NameCase> {};

TEST_P(EntityNames, FindsProperNounRuns) {
  std::vector<std::string> keys;
  for (const auto& e : extract_entities(GetParam().text)) {
    if (!e.key.empty()) keys.push_back(e.key);
  }
  EXPECT_EQ(keys, GetParam().keys) << GetParam().text;
}

INSTANTIATE_TEST_SUITE_P(
    Names, EntityNames,
    ::testing::Values(
        NameCase{"Milhouse Mussolini van Houten is a character", {"milhouse mussolini van houten"}},
        NameCase{"named after President Richard Nixon's middle name", {"richard nixon"}},
        NameCase{"The film Poseidon was a success", {"poseidon"}},
        NameCase{"Goertz is known for songs", {}}, NameCase{"However, NASA said so", {"nasa"}},
        NameCase{"published by Bauer Media Group in the USA.",
                 {"bauer media group", "united states"}},
        NameCase{"written by J. R. R. Tolkien in March", {"j r r tolkien"}},
        NameCase{"the Bank of America and the U.S. Army", {"bank of america", "us army"}},
        NameCase{"Ukrainian Cyber Troops, led by Kiev-based programmer Yevhen Dokukin",
                 {"ukrainian cyber troops", "kiev-based", "yevhen dokukin"}}));

TEST(Entities, NameTypes) {
  const auto entities =
      extract_entities("Mr. Smith joined Bauer Media Group in Philadelphia near the Hudson River.");
  ASSERT_EQ(entities.size(), 4u);
  EXPECT_EQ(entities[0].type, EntityType::kPersonalInfo);
  EXPECT_EQ(entities[0].key, "smith");
  EXPECT_EQ(entities[1].subtype, EntitySubtype::kOrganization);
  EXPECT_EQ(entities[2].type, EntityType::kLocation);
  EXPECT_EQ(entities[3].type, EntityType::kLocation);
  EXPECT_EQ(entities[3].key, "hudson river");
}

struct CompareCase {
  std::string a;
  std::string b;
  EntityMatch want;
};

class EntityCompare : public ::testing::TestWithParam<CompareCase> {};

Entity first_entity(const std::string& text) {
  const auto entities = extract_entities(text);
  EXPECT_FALSE(entities.empty()) << text;
  return entities.empty() ? Entity{} : entities.front();
}

TEST_P(EntityCompare, Compares) {
  const auto& c = GetParam();
  EXPECT_EQ(compare(first_entity(c.a), first_entity(c.b)), c.want) << c.a << " | " << c.b;
  EXPECT_EQ(compare(first_entity(c.b), first_entity(c.a)), c.want) << c.b << " | " << c.a;
}

constexpr auto kSame = EntityMatch::kSame;
constexpr auto kDifferent = EntityMatch::kDifferent;
constexpr auto kIncomparable = EntityMatch::kIncomparable;

INSTANTIATE_TEST_SUITE_P(
    Comparisons, EntityCompare,
    ::testing::Values(
        CompareCase{"$160 million", "160,000,000 dollars", kSame},
        CompareCase{"$160 million", "US$160m", kSame},
        CompareCase{"$1.2 billion", "$1,200 million", kSame},
        CompareCase{"$160 million", "$170 million", kDifferent},
        CompareCase{"$160 million", "£160 million", kIncomparable},
        CompareCase{"$181,674,817", "$181.7 million", kSame},
        CompareCase{"$181,674,817", "over $181 million", kSame},
        CompareCase{"$181,674,817", "$190 million", kDifferent},
        CompareCase{"25%", "25 per cent", kSame}, CompareCase{"25%", "30 percent", kDifferent},
        CompareCase{"about 5.8 km", "3.6 miles", kSame}, CompareCase{"5.8 km", "3.6 miles", kSame},
        CompareCase{"10 km", "3.6 miles", kDifferent}, CompareCase{"100°C", "212 °F", kSame},
        CompareCase{"6 ft", "1.83 m", kSame}, CompareCase{"3 kg", "3 km", kIncomparable},
        CompareCase{"2 hours", "120 minutes", kSame},
        CompareCase{"about 100 people", "95 people", kSame}, CompareCase{"three", "3", kSame},
        CompareCase{"four goals", "three goals", kDifferent},
        CompareCase{"March 2, 1991", "2 March 1991", kSame},
        CompareCase{"March 2, 1991", "1991-03-02", kSame},
        CompareCase{"in 1991", "March 1991", kSame}, CompareCase{"in 1991", "in 1992", kDifferent},
        CompareCase{"March 1991", "April 1991", kDifferent},
        CompareCase{"March 2, 1991", "March 3, 1991", kDifferent},
        CompareCase{"in 1844", "the 19th century", kSame},
        CompareCase{"in 1995", "the 1990s", kSame}, CompareCase{"in 2001", "the 1990s", kDifferent},
        // A part of a decade: a year inside it agrees, one of the decade outside it is not
        // said, one of another decade differs.
        CompareCase{"in 1985", "the mid-1980s", kSame},
        CompareCase{"in 1985", "the mid 1980s", kSame},
        CompareCase{"in 1981", "the early 1980s", kSame},
        CompareCase{"in 1981", "the late 1980s", kIncomparable},
        CompareCase{"in 1992", "the late 1980s", kDifferent},
        CompareCase{"the 1980s", "the late 1980s", kSame},
        CompareCase{"the early 1980s", "the late 1980s", kIncomparable},
        // Two digits of a year: any century.
        CompareCase{"in '43", "in 1943", kSame}, CompareCase{"in ’50", "in 1950", kSame},
        CompareCase{"in '43", "in 2043", kSame}, CompareCase{"in '43", "in 1944", kDifferent},
        CompareCase{"13 December 1972", "December 13, 1972", kSame},
        // Dates that state no part in common say nothing of each other.
        CompareCase{"in 2012", "on March 14", kIncomparable},
        CompareCase{"March 2019", "on March 14", kSame},
        CompareCase{"a 4-1 win", "a 1-4 defeat", kSame},
        CompareCase{"a 4-1 win", "a 2-0 win", kDifferent},
        CompareCase{"19th", "the nineteenth", kSame},
        CompareCase{"in 1991", "$1991", kIncomparable},
        CompareCase{"up to 3 days", "up to 2 days", kDifferent},
        CompareCase{"up to 4 devices", "at most four devices", kSame},
        CompareCase{"at least 18 years", "more than 21 years", kDifferent},
        CompareCase{"under $50", "over $50", kDifferent},
        CompareCase{"up to 3 days", "2 days", kSame},
        CompareCase{"no more than 5 items", "at most five items", kSame},
        CompareCase{"must not weigh more than 23 kg", "at most 23 kg", kSame},
        CompareCase{"not exceeding $500", "up to $500", kSame},
        CompareCase{"1 month", "2 weeks", kDifferent}, CompareCase{"1 month", "30 days", kSame},
        CompareCase{"2 hours", "2.5 hours", kDifferent}, CompareCase{"3 months", "90 days", kSame},
        CompareCase{"2 weeks", "14 days", kSame},
        CompareCase{"Allie Goertz wrote", "her friend Goertz", kSame},
        CompareCase{"by Rupert Murdoch", "by James Murdoch", kDifferent},
        CompareCase{"in the USA", "in the United States", kSame}));

TEST(Entities, InvalidUtf8AndEmptyInput) {
  EXPECT_TRUE(extract_entities("").empty());
  const std::string bad = "\xFF$\xC3 5 \xE2\x80 million \xF0";
  for (const auto& e : extract_entities(bad))
    EXPECT_LE(e.end, bad.size());
}

}  // namespace
}  // namespace groundgate::filters::text
