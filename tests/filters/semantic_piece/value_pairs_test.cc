// Which value goes with which in a sentence that gives several of each kind (value_pairs.h),
// and the labels the verifier gives a value paired with the wrong year, a range, an order, a
// label or a difference.
#include "filters/semantic_piece/value_pairs.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/filters/semantic_piece/read_sentence.h"
#include "tests/filters/semantic_piece/verifier_fixture.h"

namespace groundgate::filters::semantic_piece {
namespace {

using Read = ReadSentence;

// A sentence with one part parallel to the one giving `value`: the naming words of each.
struct PartCase {
  const char* evidence;
  const char* value;
  std::vector<std::string_view> own, other;
};

void expect_one_part(const PartCase& c) {
  const Read evidence(c.evidence);
  const std::vector<ParallelPart> parts = parallel_parts(evidence.view(), evidence.entity(c.value));
  ASSERT_EQ(parts.size(), 1u) << c.evidence;
  EXPECT_EQ(parts[0].own_words, c.own) << c.evidence;
  EXPECT_EQ(parts[0].other_words, c.other) << c.evidence;
}

constexpr const char* kRevenue =
    "Acme Corp reported revenue of $1.2 billion for fiscal 2023, up from $1.0 billion in "
    "fiscal 2022.";

TEST(ValuePairsTest, EachPartOfASentenceGivesItsOwnValues) {
  const Read evidence(kRevenue);
  const Read answer("Revenue was $1.0 billion in 2022 and $1.2 billion in 2023.");
  const ValuePairing together =
      pair_values(evidence.view(), answer.entity("$1.0 billion"), answer.entity("2022"));
  EXPECT_EQ(together.kind, ValuePairing::Kind::kTogether);
  const ValuePairing apart =
      pair_values(evidence.view(), answer.entity("$1.0 billion"), answer.entity("2023"));
  ASSERT_EQ(apart.kind, ValuePairing::Kind::kApart);
  EXPECT_EQ(apart.instead->text, "$1.2 billion");
}

TEST(ValuePairsTest, ASentenceThatPairsByOrderSaysNothing) {
  const Read evidence("Revenue in 2023 and 2022 was $1.2 billion and $1.0 billion, respectively.");
  const Read answer("Revenue was $1.2 billion in 2022.");
  EXPECT_EQ(pair_values(evidence.view(), answer.entity("$1.2 billion"), answer.entity("2022")).kind,
            ValuePairing::Kind::kUnknown);
}

TEST(ValuePairsTest, AKeySaidOnceForTheSentencePairsNothingApart) {
  const Read evidence("In 2023 revenue was $1.2 billion and net income was $300 million.");
  const Read answer("Net income was $300 million in 2023.");
  EXPECT_NE(pair_values(evidence.view(), answer.entity("$300 million"), answer.entity("2023")).kind,
            ValuePairing::Kind::kApart);
}

TEST(ValuePairsTest, PartsSideBySideGiveEachThingItsValue) {
  const Read evidence("The basic plan costs $10 a month and the pro plan costs $25 a month.");
  const Read answer("The basic plan costs $25 a month.");
  const std::vector<ParallelPart> parts = parallel_parts(evidence.view(), answer.entity("$25"));
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].own_words, std::vector<std::string_view>{"pro"});
  EXPECT_EQ(parts[0].other_words, std::vector<std::string_view>{"basic"});
  EXPECT_EQ(parts[0].other_name, "basic");
  EXPECT_EQ(parts[0].other_value->text, "$10");
}

TEST(ValuePairsTest, ThingsSideBySideMayBeNamedInSeveralWords) {
  const Read evidence("They constitute 23% of Malaysia and about 17% of the global population.");
  const Read answer("They constitute 23% of the global population.");
  const std::vector<ParallelPart> parts = parallel_parts(evidence.view(), answer.entity("23%"));
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].own_words, std::vector<std::string_view>{"malaysia"});
  EXPECT_EQ(parts[0].other_words, (std::vector<std::string_view>{"global", "population"}));
  EXPECT_EQ(parts[0].other_name, "global population");
  EXPECT_EQ(parts[0].other_value->text, "17%");
}

// A list says once what its items share: the measured words, or the complement.
TEST(ValuePairsTest, AListItemMayLeaveOutWhatTheItemsShare) {
  for (const PartCase& c : {
           PartCase{"Mobile payments account for 41% of transactions in Kenya and 12% in Nigeria.",
                    "12%",
                    {"nigeria"},
                    {"kenya"}},
           PartCase{"Approximately 70% of the forest is in Brazil and roughly 13% is in Peru.",
                    "13%",
                    {"peru"},
                    {"brazil"}},
           PartCase{"North America generated 45% of revenue and Western Europe generated 30%.",
                    "30%",
                    {"western", "europe"},
                    {"north", "america"}},
       }) {
    expect_one_part(c);
  }
}

// The list's last item may carry what the whole list shares at its end.
TEST(ValuePairsTest, AListsLastItemMayEndInWhatTheItemsShare) {
  const Read evidence("Students spent 6 hours on homework and 3 hours on sports each week.");
  for (const char* value : {"6 hours", "3 hours"}) {
    const std::vector<ParallelPart> parts = parallel_parts(evidence.view(), evidence.entity(value));
    ASSERT_EQ(parts.size(), 1u) << value;
    EXPECT_EQ(parts[0].other_words,
              std::vector<std::string_view>{value[0] == '6' ? "sports" : "homework"});
  }
  // Not when the longer part is not the last: its words are its own.
  const Read two("Students spent 3 hours on sports each week and 6 hours on homework.");
  EXPECT_TRUE(parallel_parts(two.view(), two.entity("6 hours")).empty());
}

TEST(ValuePairsTest, ASentenceThatSaysRespectivelyPairsItsListsByOrder) {
  const Read two("Kenya and Nigeria have mobile payment shares of 41% and 12%, respectively.");
  std::vector<ParallelPart> parts = parallel_parts(two.view(), two.entity("41%"));
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].own_words, std::vector<std::string_view>{"kenya"});
  EXPECT_EQ(parts[0].other_words, std::vector<std::string_view>{"nigeria"});
  EXPECT_EQ(parts[0].other_value->text, "12%");
  const Read three(
      "Revenue from Europe, Asia and the Americas was $40 million, $10 million and $25 million, "
      "respectively.");
  parts = parallel_parts(three.view(), three.entity("$10 million"));
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].own_words, std::vector<std::string_view>{"asia"});
  EXPECT_EQ(parts[0].other_name, "Europe");
  EXPECT_EQ(parts[0].other_value->text, "$40 million");
  EXPECT_EQ(parts[1].other_name, "Americas");
  EXPECT_EQ(parts[1].other_value->text, "$25 million");
  // What the answer's own list gives a value to.
  const Read answer("Kenya and Nigeria have shares of 12% and 41%, respectively.");
  const std::vector<std::string_view> words = value_part_words(answer.view(), answer.entity("12%"));
  EXPECT_NE(std::find(words.begin(), words.end(), "kenya"), words.end());
  EXPECT_EQ(std::find(words.begin(), words.end(), "nigeria"), words.end());
  // Two lists of as many things: which one the values go with is not said.
  const Read ambiguous("In Kenya and Ghana, cards and phones took 41% and 12%, respectively.");
  EXPECT_TRUE(parallel_parts(ambiguous.view(), ambiguous.entity("41%")).empty());
  // Nor when the sentence gives the value twice.
  const Read twice(
      "Canada and Mexico had growth of 1.1% and 3.2%, respectively, while Canada's jobless rate "
      "was 3.2%.");
  EXPECT_TRUE(parallel_parts(twice.view(), twice.entity("1.1%")).size() == 1u);
  EXPECT_TRUE(parallel_parts(twice.view(), twice.entity("3.2%")).empty());
}

// A name runs as far as its capitals; other things are as long as the first, and are told
// apart by the words they do not share.
TEST(ValuePairsTest, TheThingsOfARespectiveListEndWhereTheirNamesDo) {
  for (const PartCase& c : {
           PartCase{"Apple and Samsung shipped 41 million and 35 million phones, respectively.",
                    "35 million",
                    {"samsung"},
                    {"apple"}},
           PartCase{"Canada and the United States grew 1.1% and 2.5%, respectively.",
                    "2.5%",
                    {"united", "states"},
                    {"canada"}},
           PartCase{"Mobile and fixed broadband reached 40% and 60% of homes, respectively.",
                    "60%",
                    {"fixed"},
                    {"mobile"}},
           PartCase{"Phase one and phase two lasted 18 months and 24 months, respectively.",
                    "18 months",
                    {"one"},
                    {"two"}},
       }) {
    expect_one_part(c);
  }
}

TEST(ValuePairsTest, ASentenceThatPairsByOrderTellsNoSlotByItsWords) {
  const Read evidence("The two trials enrolled 450 and 620 patients, respectively.");
  const Read answer("The antiviral trial enrolled 620 patients, not 300.");
  EXPECT_TRUE(pairs_by_order(evidence.view(), answer.entity("620")));
  EXPECT_FALSE(pairs_by_order(evidence.view(), answer.entity("300")));
  const Read plain("The two trials enrolled 450 and 620 patients.");
  EXPECT_FALSE(pairs_by_order(plain.view(), answer.entity("620")));
}

// One part may leave out the start of the other's lead-in ("by").
TEST(ValuePairsTest, APartMayShortenTheOthersLeadIn) {
  const Read evidence("The drug reduced relapse by 40% in adults and by 25% in children.");
  const std::vector<ParallelPart> parts = parallel_parts(evidence.view(), evidence.entity("40%"));
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].own_words, std::vector<std::string_view>{"adults"});
  EXPECT_EQ(parts[0].other_words, std::vector<std::string_view>{"children"});
  // Two statements of different things are not one said of two.
  const Read two("Revenue rose 5% in Europe, while costs fell 3% in Asia.");
  EXPECT_TRUE(parallel_parts(two.view(), two.entity("5%")).empty());
}

TEST(ValuePairsTest, TheWordsOfAValuesPart) {
  const Read answer("They make up 23% of Malaysia and 17% globally.");
  EXPECT_EQ(value_part_words(answer.view(), answer.entity("17%")),
            (std::vector<std::string_view>{"globally"}));
  // An opening phrase is said of the whole sentence, unless it gives a value itself.
  const Read opening("In Nigeria, mobile payments account for 41% of transactions.");
  const std::vector<std::string_view> words =
      value_part_words(opening.view(), opening.entity("41%"));
  EXPECT_NE(std::find(words.begin(), words.end(), "nigeria"), words.end());
  const Read dated("In 2023, Nigeria grew 5%, and mobile payments accounted for 41%.");
  const std::vector<std::string_view> later = value_part_words(dated.view(), dated.entity("41%"));
  EXPECT_EQ(std::find(later.begin(), later.end(), "nigeria"), later.end());
}

TEST(ValuePairsTest, TheWordsOfTheItemThatGivesAValue) {
  const Read list(
      "In the survey, 48 percent said so in Germany, compared with 31 percent in France and 27 "
      "percent in Italy.");
  EXPECT_EQ(value_item_words(list.view(), list.entity("27 percent")),
            std::vector<std::string_view>{"italy"});
  const Read verbs("The firm hired 200 workers in Texas and laid off 50 in Ohio.");
  EXPECT_EQ(value_item_words(verbs.view(), verbs.entity("50")),
            (std::vector<std::string_view>{"laid", "ohio"}));
  // A sentence of one part names no item of a list.
  const Read one("Room 204 holds 80 people.");
  EXPECT_TRUE(value_item_words(one.view(), one.entity("80")).empty());
}

// A part may leave out the verb and other words the first part says (gapping): its naming
// words stand where the first part's do.
TEST(ValuePairsTest, AGappedPartSaysTheSameOfAnotherThing) {
  for (const PartCase& c : {
           PartCase{"The east stand holds 12,500 spectators and the west stand 9,800.",
                    "12,500",
                    {"east"},
                    {"west"}},
           PartCase{"The east stand holds 12,500 spectators and the west stand 9,800.",
                    "9,800",
                    {"west"},
                    {"east"}},
           PartCase{"Tariffs on steel were raised to 25 percent and on aluminium to 10 percent.",
                    "25 percent",
                    {"steel"},
                    {"aluminium"}},
           PartCase{"The Northern line will close on 12 March for engineering works, and the "
                    "Victoria line on 19 March.",
                    "12 March",
                    {"northern"},
                    {"victoria"}},
           PartCase{"The company's Asian division grew revenue by 14 percent, while its European "
                    "division grew by 3 percent.",
                    "14 percent",
                    {"asian"},
                    {"european"}},
       }) {
    expect_one_part(c);
  }
  // The words the gapped part leaves out are the two parts' own, not the first part's names.
  expect_one_part({"Petrol prices rose to $1.50 a litre and diesel to $1.60.",
                   "$1.50",
                   {"petrol"},
                   {"diesel"}});
  // A shorter part with other words is another statement, not one with words left out.
  const Read other("Sales rose 5 percent in Europe and fell 3 percent in Asia.");
  EXPECT_TRUE(parallel_parts(other.view(), other.entity("5 percent")).empty());
}

TEST(ValuePairsTest, PartsThatShareNoWordAreParallelOnlyInOneWord) {
  // Two statements, not one said of two things.
  const Read evidence("Revenue rose 5% in the quarter, while operating costs fell 3%.");
  const Read answer("Operating costs fell 5%.");
  EXPECT_TRUE(parallel_parts(evidence.view(), answer.entity("5%")).empty());
}

TEST(ValuePairsTest, APartEndsAtACommaOrAJoiningWordOutsideAValue) {
  const Read r("Sales of $5 million on July 4, 2019 and $3 million in 2020.");
  EXPECT_TRUE(in_one_part(r.view(), r.entity("$5 million"), r.entity("July 4, 2019")));
  EXPECT_FALSE(in_one_part(r.view(), r.entity("$5 million"), r.entity("2020")));
}

TEST_F(VerifierTest, AValueGivenWithAnotherYearThanTheEvidenceGivesItIsContradicted) {
  context({kRevenue});
  for (const char* right :
       {"Revenue for fiscal 2022 was $1.0 billion.", "Revenue for fiscal 2023 was $1.2 billion.",
        "Revenue was $1.0 billion in fiscal 2022."}) {
    EXPECT_NE(only(right).label, Label::kContradicted) << right;
  }
  const Verdict wrong = only("Revenue was $1.2 billion in fiscal 2022.");
  EXPECT_EQ(wrong.label, Label::kContradicted) << wrong.reason;
  EXPECT_TRUE(wrong.signals.aligned_conflict);
  ASSERT_TRUE(wrong.correction);
  EXPECT_EQ(wrong.correction->evidence_text, "$1.0 billion");
  EXPECT_EQ(only("Revenue for fiscal 2023 was $1.0 billion.").label, Label::kContradicted);
  // A sentence that pairs its own values says nothing of another thing's.
  context(
      {"Revenue was $1.2 billion in 2023, up from $1.0 billion in 2022. At the end of 2022, "
       "Acme held $1.2 billion in cash."});
  EXPECT_NE(only("Acme held $1.2 billion in cash in 2022.").label, Label::kContradicted);
}

// The thing the clause gives the value to is named in the clause's part that holds it; a
// second source that gives the value to it leaves the clause grounded.
TEST_F(VerifierTest, AValueGivenToTheOtherThingAtItsOwnPlaceAndSource) {
  context({"Mobile payments account for 41% of transactions in Kenya and 12% in Nigeria."});
  expect_corrected("Mobile payments account for 12% of transactions in Kenya.", "41%");
  // The answer's own list gives 17% to nothing the evidence names; read as a whole sentence it
  // would name Malaysia and not the global population.
  context({"They constitute 23% of Malaysia and about 17% of the global population."});
  EXPECT_NE(only("They make up 23% of Malaysia and 17% globally.").label, Label::kContradicted);
  context({"Exports grew 4% in the north and 7% in the south.",
           "An independent audit put the growth of exports in the south at 4%."});
  EXPECT_NE(only("Exports grew 4% in the south.").label, Label::kContradicted);
}

TEST_F(VerifierTest, AValueGivenToTheOtherThingOfARespectiveListIsContradicted) {
  context({"Kenya and Nigeria have mobile payment shares of 41% and 12%, respectively."});
  expect_corrected("Nigeria has a mobile payment share of 41%.", "12%");
  EXPECT_NE(only("Kenya has a mobile payment share of 41%.").label, Label::kContradicted);
  EXPECT_EQ(
      only("Kenya and Nigeria have mobile payment shares of 12% and 41%, respectively.").label,
      Label::kContradicted);
}

TEST_F(VerifierTest, AThingNamedInAnOpeningPhraseOrAtTheEndIsTheOnesValue) {
  context({"Mobile payments account for 41% of transactions in Kenya and 12% in Nigeria."});
  EXPECT_EQ(only("In Nigeria, mobile payments account for 41% of transactions.").label,
            Label::kContradicted);
  EXPECT_NE(only("In Kenya, mobile payments account for 41% of transactions.").label,
            Label::kContradicted);
  // The words' order lines the $32 up with the US's $25; the sentence gives it to Canada.
  context(
      {"Pro subscribers in the US pay $25 a month and pro subscribers in Canada pay $32 a "
       "month."});
  EXPECT_NE(only("Pro subscribers pay $32 a month in Canada.").label, Label::kContradicted);
  expect_corrected("Pro subscribers pay $32 a month in the US.", "$25");
  // Only parts that say the same in all their words: these say two different things.
  context({"The firm hired 200 workers in Texas and laid off 50 in Ohio."});
  EXPECT_EQ(only("The firm hired 50 workers in Ohio.").label, Label::kContradicted);
}

TEST_F(VerifierTest, AListPairedByOrderDecidesTheSlotNotTheWordsOrder) {
  context({"The first and second phases lasted 18 months and 2 years, respectively."});
  EXPECT_NE(only("The second phase lasted 24 months.").label, Label::kContradicted);
  expect_corrected("The first phase lasted 24 months.", "18 months");
  // A year said once for both things still leaves the thing to check.
  context({"Brazil exported 95 million tonnes of soybeans and 48 million tonnes of corn in 2023."});
  EXPECT_EQ(only("Brazil exported 48 million tonnes of soybeans in 2023.").label,
            Label::kContradicted);
  EXPECT_NE(only("Brazil exported 48 million tonnes of corn in 2023.").label, Label::kContradicted);
}

TEST_F(VerifierTest, AValueOfTheOtherThingSideBySideIsContradicted) {
  context({"The basic plan costs $10 a month and the pro plan costs $25 a month."});
  expect_corrected("The basic plan costs $25 a month.", "$10");
  EXPECT_NE(only("The pro plan costs $25 a month.").label, Label::kContradicted);
}

TEST_F(VerifierTest, AValueOfTheOtherThingOfAGappedPartIsContradicted) {
  context({"Tariffs on steel were raised to 25 percent and on aluminium to 10 percent."});
  expect_corrected("Tariffs on aluminium were raised to 25 percent.", "10 percent");
  EXPECT_NE(only("Tariffs on steel were raised to 25 percent.").label, Label::kContradicted);
  EXPECT_NE(only("Aluminium tariffs were raised to 10 percent.").label, Label::kContradicted);
}

// The clause names the other thing by a word only its name holds ("credit"), and none only
// the value's own thing's name holds ("basic", "state").
TEST_F(VerifierTest, AThingNamedInPartIsTheOneItsOwnWordsName) {
  context(
      {"The basic state pension rises to £221 a week, while the means-tested pension credit "
       "rises to £218."});
  expect_corrected("The pension credit rises to £221 a week.", "£218");
  EXPECT_NE(only("The state pension rises to £221 a week.").label, Label::kContradicted);
  EXPECT_NE(only("The pension rises to £221 a week.").label, Label::kContradicted);
  // Names that share no word: a word of the other's name may name a third thing.
  context({"A cone with a 6 inch base, a height of 5 inches and a top diameter of 3.50 inches."});
  EXPECT_NE(only("Base diameter: 5 inches").label, Label::kContradicted);
}

// A count or a figure the aligned sentence gives with the clause's year in another part.
TEST_F(VerifierTest, ThePriorYearsFigureOfASentenceIsNoConflict) {
  context({"The company had 50 employees in 2005, up from 10 in 1998."});
  EXPECT_NE(only("In 1998 the company had 10 employees.").label, Label::kContradicted);
  context({"Profit was $4 million in 2022 (2021: $6 million)."});
  EXPECT_NE(only("Profit in 2021 was $6 million.").label, Label::kContradicted);
}

// Another piece that gives the pair together settles it.
TEST_F(VerifierTest, APieceThatGivesThePairTogetherSettlesIt) {
  context(
      {"Acme held cash of $1.2 billion in 2022. Revenue was $1.2 billion in 2023, up from "
       "$1.0 billion in 2022."});
  EXPECT_NE(only("Acme held $1.2 billion in cash in 2022.").label, Label::kContradicted);
}

// A copy gives its values as the evidence does, whatever parts they stand in.
TEST_F(VerifierTest, ACopyWithValuesInSeveralPartsIsNoPairingConflict) {
  const char* sentence =
      "Nicklaus became the youngest person to wear a green jacket in 1963, and collected his "
      "sixth in 1986.";
  context({sentence});
  EXPECT_NE(only(sentence).label, Label::kContradicted);
}

TEST_F(VerifierTest, ARangeWrittenAnotherWayIsNoConflict) {
  context({"Shipping takes 3-5 business days. The survey covered adults aged 18 to 65."});
  for (const char* answer :
       {"Shipping takes 3 to 5 business days.", "Shipping takes between 3 and 5 business days.",
        "The survey covered adults aged 18-65."}) {
    EXPECT_NE(only(answer).label, Label::kContradicted) << answer;
  }
  EXPECT_EQ(only("Shipping takes 3-7 business days.").label, Label::kContradicted);
}

TEST_F(VerifierTest, AnOrderALabelOrADifferenceNamesAnotherItem) {
  context(
      {"In 1903 she shared the Nobel Prize in Physics. She won a second Nobel Prize, in "
       "Chemistry, in 1911. Phase one of the project ends in 2025. The X300 offers up to 18 "
       "hours of battery life."});
  for (const char* answer :
       {"She won her first Nobel Prize in 1903.", "Phase two of the project ends in 2027.",
        "The X300 offers 6 more hours of battery life than the X200."}) {
    EXPECT_NE(only(answer).label, Label::kContradicted) << answer;
  }
}

TEST_F(VerifierTest, ThousandsAndMinusAreTheValuesTheyWrite) {
  context({"The company has 10,000 customers. The temperature dropped to minus 5 degrees."});
  EXPECT_NE(only("The company has 10k customers.").label, Label::kContradicted);
  EXPECT_NE(only("The temperature dropped to -5 degrees.").label, Label::kContradicted);
  EXPECT_EQ(only("The company has 12k customers.").label, Label::kContradicted);
}

// A question to the reader abstains when it offers more of what the context speaks of; one
// that presumes something the context never names is checked.
TEST_F(VerifierTest, AQuestionThatPresumesSomethingIsChecked) {
  context({"Refunds are available within 30 days of purchase."});
  EXPECT_EQ(only("Would you like more details about refunds?").reason_code, ReasonCode::kNoClaim);
  EXPECT_NE(only("Would you like to know more about the lifetime guarantee?").reason_code,
            ReasonCode::kNoClaim);
}

// The evidence that states the negated word itself still denies it.
TEST_F(VerifierTest, ANegatedWordTheEvidenceStatesIsNoOpposite) {
  context({"Breakfast is included in the room rate, but parking is excluded."});
  EXPECT_NE(only("Breakfast is not included in the room rate.").label, Label::kSupported);
}

TEST_F(VerifierTest, ANegatedOppositeSaysWhatTheEvidenceSays) {
  context({"Attendance at the workshop is optional."});
  for (const char* answer : {"Attendance at the workshop isn't required.",
                             "Attendance at the workshop is not mandatory."}) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kSupported) << answer << ": " << v.reason;
  }
  EXPECT_EQ(only("Attendance at the workshop is required.").label, Label::kContradicted);
}

TEST_F(VerifierTest, AnIrregularVerbLinesUpWithItsNegatedBaseForm) {
  context({"Acme sells tools in Ohio. The team won the cup in 2019."});
  const Verdict v = only("The team did not win the cup in 2019.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_EQ(v.reason_code, ReasonCode::kNegationMismatch);
  EXPECT_TRUE(v.signals.aligned_conflict);
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
