// A clause that lines up with a context sentence, one slot filled differently, is an aligned
// conflict: the evidence that says otherwise. And the ways a conflict is not one.
#include "filters/semantic_piece/slot.h"
#include "tests/filters/semantic_piece/verifier_fixture.h"

namespace groundgate::filters::semantic_piece {
namespace {

TEST_F(VerifierTest, AChangedValueInTheSameSentenceIsAnAlignedConflict) {
  context({"The refund window is 14 days. Shipping is free for orders over 50 dollars."});
  const Verdict v = only("The refund window is 30 days.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_EQ(v.reason_code, ReasonCode::kEntityMismatch);
  EXPECT_TRUE(v.signals.aligned_conflict);
  ASSERT_TRUE(v.correction);
  EXPECT_EQ(v.correction->evidence_text, "14 days");
}

TEST_F(VerifierTest, EachKindOfValueLinesUp) {
  context(
      {"The festival opened on 5 April 2019 in the old harbour. Ticket sales rose by 25% "
       "that year. The city spent $4.2 million on the stage. The poem has 143 lines."});
  for (const char* answer :
       {"The festival opened on 13 April 2019 in the old harbour.",
        "Ticket sales rose by 75% that year.", "The city spent $5.2 million on the stage.",
        "The poem has 123 lines."}) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kContradicted) << answer;
    EXPECT_TRUE(v.signals.aligned_conflict) << answer;
  }
}

// The same amount in another currency is another value; the same currency written another way
// is the same one.
TEST_F(VerifierTest, TheSameAmountInAnotherCurrencyLinesUpAsAnotherValue) {
  context({"The annual fee is 99 USD. Members pay 20 EUR per class."});
  expect_corrected("The annual fee is 99 EUR.", "99 USD");
  EXPECT_TRUE(only("The annual fee is 99 EUR.").signals.aligned_conflict);
  EXPECT_NE(only("The annual fee is US$99.").label, Label::kContradicted);
}

// The copied value's word ("the 2019 and 2018 results") stands in another slot of the same
// sentence: no evidence for the changed one.
TEST_F(VerifierTest, TheAnswersValueInAnotherSlotOfTheSentenceIsNoSupport) {
  context(
      {"Revenue for fiscal 2019 and 2018 rose, as if the deal had closed at the beginning "
       "of fiscal 2017."});
  const Verdict v = only(
      "Revenue for fiscal 2019 and 2018 rose, as if the deal had closed at the beginning "
      "of fiscal 2018.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_TRUE(v.signals.aligned_conflict);
}

// A sentence listing several values of a kind maps each onto itself.
TEST_F(VerifierTest, ACopyWithManyValuesOfAKindIsSupported) {
  context({"BCE amortization was $228 million in Q4 2019, up from $216 million in Q4 2018."});
  const Verdict v =
      only("BCE amortization was $228 million in Q4 2019, up from $216 million in Q4 2018.");
  EXPECT_EQ(v.label, Label::kSupported);
  EXPECT_FALSE(v.signals.aligned_conflict);
}

TEST_F(VerifierTest, AnIdentifierNeverStatedLinesUpWithTheOneInItsPlace) {
  context({"Contractors receive Form 1099 from each client by the end of January."});
  const Verdict v = only("Contractors receive Form 2198 from each client by the end of January.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_TRUE(v.signals.aligned_conflict);
  ASSERT_TRUE(v.correction);
  EXPECT_EQ(v.correction->evidence_text, "1099");

  context(
      {"The three main agencies are the Secret Intelligence Service (MI6) and the Security "
       "Service (MI5)."});
  const Verdict agency = only(
      "The three main agencies are the Secret Intelligence Service (MI9) and the Security "
      "Service (MI5).");
  EXPECT_EQ(agency.label, Label::kContradicted);
  ASSERT_TRUE(agency.correction);
  EXPECT_EQ(agency.correction->evidence_text, "MI6");
}

TEST_F(VerifierTest, ANegatedVerbIsAnAlignedConflict) {
  context({"Polaris is based in Roseau, Minnesota. It makes snowmobiles."});
  const Verdict v = only("Polaris is not based in Roseau, Minnesota.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_EQ(v.reason_code, ReasonCode::kNegationMismatch);
  EXPECT_TRUE(v.signals.aligned_conflict);
}

// A negating determiner where the other side has an indefinite one (or none) is the polarity:
// either way round, the sentence lines up.
TEST_F(VerifierTest, NoInPlaceOfAnArticleIsAnAlignedNegation) {
  context({"Returns are free. There is no late fee for rentals."});
  const Verdict fee = only("There is a late fee for rentals.");
  EXPECT_EQ(fee.label, Label::kContradicted);
  EXPECT_EQ(fee.reason_code, ReasonCode::kNegationMismatch);
  EXPECT_TRUE(fee.signals.aligned_conflict);
  context({"Members get a free drink on Fridays. The plan includes dental coverage."});
  for (const char* answer :
       {"Members get no free drink on Fridays.", "The plan includes no dental coverage."}) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kContradicted) << answer;
    EXPECT_TRUE(v.signals.aligned_conflict) << answer;
  }
  // So is a determiner that says there are some ("several", "many"), where the other side has
  // none: "Many villages have no school" says nothing against "Several villages have a school".
  context({"No passengers were injured, the coastguard said."});
  for (const char* answer : {"Several passengers were injured.", "Many passengers were injured."})
    EXPECT_TRUE(only(answer).signals.aligned_conflict) << answer;
  context({"Many villages have no school."});
  EXPECT_FALSE(only("Several villages have a school.").signals.aligned_conflict);
}

// A value of the kind in a piece that holds the clause's other words but not in line with it
// is a conflict with a correction; in a piece that lacks one of them, a conflict of no use as
// evidence (the label leaves it at unsupported at most), with no correction; in a piece that
// names another thing where the clause names its own, no conflict.
TEST_F(VerifierTest, AValueConflictSaysWhetherItsPieceHoldsTheClause) {
  context({"Reset links expire after 24 hours. Contact support for help."});
  const Verdict part = only("Password reset links expire after 7 days.");
  EXPECT_EQ(part.reason_code, ReasonCode::kEntityMismatch);
  EXPECT_FALSE(part.signals.aligned_conflict);
  EXPECT_FALSE(part.signals.conflict_holds_clause);
  EXPECT_FALSE(part.correction);
  context({"Password reset links expire after 24 hours. Contact support for help."});
  const Verdict other = only("Invitation links expire after 7 days.");
  EXPECT_EQ(other.reason_code, ReasonCode::kMissingEntity);
  EXPECT_EQ(other.signals.value_mismatches, 0);
  context({"Online orders have a refund window of 14 days. Contact support for help."});
  const Verdict same = only("The refund window for online orders is 30 days.");
  EXPECT_EQ(same.reason_code, ReasonCode::kEntityMismatch);
  EXPECT_FALSE(same.signals.aligned_conflict);
  EXPECT_TRUE(same.signals.conflict_holds_clause);
  ASSERT_TRUE(same.correction);
  EXPECT_EQ(same.correction->evidence_text, "14 days");
}

// Opposites WordNet gives as word pairs, as opposed senses, or as a "non-" form, with the
// preposition or the degree word each takes: the sentence still lines up.
TEST_F(VerifierTest, AnOppositeWithItsOwnPrepositionOrDegreeWordLinesUp) {
  context(
      {"This ticket is refundable. Smoking is permitted on the terrace. Late check-out is "
       "included in the rate. The annual plan is cheaper than the monthly plan."});
  for (const char* answer :
       {"This ticket is non-refundable.", "Smoking is prohibited on the terrace.",
        "Late check-out is excluded from the rate.",
        "The annual plan is more expensive than the monthly plan."}) {
    expect_aligned_conflict(answer, ReasonCode::kAntonym);
  }
}

// The evidence's "non-" form holds the answer's word as a part, which is no support for it.
TEST_F(VerifierTest, AWordAgainstItsNonFormIsAnAlignedConflict) {
  context({"Deposits paid for the summer camp are non-refundable after 1 May."});
  expect_aligned_conflict("Deposits paid for the summer camp are refundable after 1 May.",
                          ReasonCode::kAntonym);
  EXPECT_EQ(only("Deposits paid for the summer camp are non-refundable.").label, Label::kSupported);
  // Another form of the word, and its negation, which says what the "non-" form says.
  context({"This ticket is non-refundable."});
  EXPECT_EQ(only("This ticket can be refunded.").label, Label::kContradicted);
  EXPECT_EQ(only("This ticket cannot be refunded.").label, Label::kSupported);
  // Not where the clause sets the word apart itself, compares the other way round, or another
  // sentence holds the word on its own.
  context({"Non-essential shops closed in April. Non-residents pay a higher tax rate."});
  for (const char* answer :
       {"Shops other than essential ones closed in April.", "Residents pay a lower tax rate."})
    EXPECT_NE(only(answer).label, Label::kContradicted) << answer;
  context(
      {"The parking lot is for non-commercial vehicles only. The contract includes a "
       "non-compete clause for two years."});
  for (const char* answer : {"Commercial vehicles are banned from the parking lot.",
                             "The contract bars the employee from competing for two years."})
    EXPECT_NE(only(answer).label, Label::kContradicted) << answer;
  context({"Large firms pay a higher tax rate."});
  EXPECT_NE(only("Small firms pay a lower tax rate.").label, Label::kContradicted);
  EXPECT_EQ(only("Small firms pay a higher tax rate.").label, Label::kContradicted);
  // A word the sentence holds itself is not turned round.
  context({"The effect was stronger in women than in men."});
  EXPECT_EQ(only("The effect was weaker in women than in men.").label, Label::kContradicted);
  context({"Non-residents pay a 5 percent tax on property sales. Residents are exempt from it."});
  EXPECT_NE(only("Residents are exempt from the property sales tax.").label, Label::kContradicted);
  context({"Deposits are refundable, but booking fees are non-refundable."});
  EXPECT_NE(only("Deposits are refundable.").label, Label::kContradicted);
}

// A word the context covers by a related word elsewhere in the sentence ("raised" for "rose")
// is still opposed by the evidence's own word in its place.
TEST_F(VerifierTest, AnOppositeInPlaceOutweighsARelatedWordElsewhere) {
  context(
      {"Shares in Norland Bank fell 2 percent on Friday after the central bank raised "
       "interest rates."});
  expect_aligned_conflict("Shares in Norland Bank rose on Friday.", ReasonCode::kAntonym);
  EXPECT_NE(only("Shares in Norland Bank fell on Friday.").label, Label::kContradicted);
}

// Opposite outcomes with the parties in the same places: "lost to" against "beat" (the venue
// after it only places the match); the converse, the parties turned round, says the same.
TEST_F(VerifierTest, LostToAgainstBeatIsAnAlignedConflict) {
  context({"The Riverside Hawks beat the Northgate Wolves 3-1 on Saturday at Elm Park."});
  expect_aligned_conflict("The Riverside Hawks lost to the Northgate Wolves 3-1 on Saturday.",
                          ReasonCode::kAntonym);
  for (const char* same : {"The Northgate Wolves lost to the Riverside Hawks 3-1 on Saturday.",
                           "The Riverside Hawks were beaten by the Northgate Wolves."}) {
    for (const Verdict& w : verify(same))
      EXPECT_FALSE(w.signals.antonym) << same;
  }
}

// No opposite: a word a negation governs in the evidence (it says what the opposite says), and
// a synonym of an antonym in another sense ("big" is "bad" only as "very intense").
TEST_F(VerifierTest, ANegatedEvidenceWordOrASynonymOfAnotherSenseOpposesNothing) {
  context({"Terrible service; very rude, not allergy accommodating. The hotel is good."});
  for (const char* answer :
       {"The service was rude and non-accommodating to allergies.", "The hotel is big."}) {
    for (const Verdict& v : verify(answer)) {
      EXPECT_NE(v.label, Label::kContradicted) << answer;
      EXPECT_FALSE(v.signals.antonym) << answer;
    }
  }
}

// The evidence sentence runs on past what the clause states: the clause lines up with its
// words up to there.
TEST_F(VerifierTest, ANegatedVerbLinesUpWithTheStartOfALongerSentence) {
  context(
      {"Mule deer have a black tip on the tail and this is quite noticeable against the "
       "white rump patch."});
  const Verdict v = only("Mule deer do not have a black tip on the tail.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_EQ(v.reason_code, ReasonCode::kNegationMismatch);
  EXPECT_TRUE(v.signals.aligned_conflict);
}

// The same words, but the sentences say it differently around them: a conflict the rules find,
// not one they line up (the scorer decides).
TEST_F(VerifierTest, ANegationAmidOtherWordsIsNotAligned) {
  context(
      {"At death, consciousness is gone, and so too the continuity in the connection of "
       "times and places."});
  const std::vector<Verdict> verdicts =
      verify("There is no continuity in the connection of times and places.");
  for (const Verdict& v : verdicts)
    EXPECT_FALSE(v.signals.aligned_conflict);
}

// The opposite in the sentence's last slot: the sentence still lines up.
TEST_F(VerifierTest, AnAntonymInTheLastSlotIsAnAlignedConflict) {
  context({"The reviews of the new hotel were good. It opened in May."});
  const Verdict v = only("The reviews of the new hotel were bad.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_EQ(v.reason_code, ReasonCode::kAntonym);
  EXPECT_TRUE(v.signals.aligned_conflict);
}

// A short sentence states a predicate too, when it lines up word for word but the opposite;
// two content words found in a sentence that says more around the opposite ("rarely cheap")
// are not enough to oppose it.
TEST_F(VerifierTest, AShortSentenceThatLinesUpButItsOppositeIsContradicted) {
  context({"The reviews were good. The hotel is cheap."});
  for (const char* answer : {"The reviews were bad.", "The hotel is expensive."}) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kContradicted) << answer;
    EXPECT_TRUE(v.signals.aligned_conflict) << answer;
  }
  context({"A good hotel is rarely cheap."});
  EXPECT_NE(only("The hotel is expensive.").label, Label::kContradicted);
  // A name without a verb states nothing: "Never" in another band's name negates nothing.
  context({"The bands on the cover were Never Shout Never and Hey Monday."});
  EXPECT_NE(only("Hey Monday").label, Label::kContradicted);
  // Nor does a plural noun that WordNet also knows as a verb form.
  context({"The hotel has indoor pools."});
  EXPECT_NE(only("Outdoor pools.").label, Label::kContradicted);
  // A pronoun stands for what an earlier sentence names, maybe not what the evidence's does.
  context({"The Model X ships with a case. It is waterproof. The Model Y has no case."});
  EXPECT_NE(only("It is not waterproof.").label, Label::kContradicted);
}

// The opposite the evidence states of another clause, or of a prediction, is not in the slot
// of the clause's last word: what follows the last common word is no form of "be" and the
// opposite, but "did not", "would fail".
TEST_F(VerifierTest, AnOppositeInAnotherClauseOfTheEvidenceDoesNotLineUp) {
  const std::pair<const char*, const char*> cases[] = {
      {"Revenue rose in 2020 but profits did not.", "Profits fell."},
      {"The reviews were good, but sales were not.", "Sales were bad."},
      {"Critics said the plan would fail, but it did not.", "The plan succeeded."},
      {"Critics said the plan would fail.", "The plan succeeded."},
  };
  for (const auto& [evidence, answer] : cases) {
    context({evidence});
    EXPECT_NE(only(answer).label, Label::kContradicted) << answer;
  }
}

TEST_F(VerifierTest, AQuestionInTheContextContradictsNothing) {
  context({"Why does milk form a skin when it is heated?"});
  for (const Verdict& v : verify("Milk does not form a skin when it is heated."))
    EXPECT_NE(v.label, Label::kContradicted);
}

// "99,9%" is 99.9% written with a decimal comma.
TEST_F(VerifierTest, TheSameValueWrittenAnotherWayIsNoConflict) {
  context(
      {"If the file is huge, the bar stays at 99,9% for a long time. Sales rose 25% to "
       "12,500 units."});
  EXPECT_EQ(only("If the file is huge, the bar stays at 99.9% for a long time.").label,
            Label::kSupported);
  EXPECT_EQ(only("Sales rose 25 percent to 12500 units.").label, Label::kSupported);
}

// The clause's value stated of something else elsewhere is no evidence for it; stated by
// another sentence that says the same, it is (sources that disagree).
TEST_F(VerifierTest, SourcesThatDisagreeLeaveNoConflict) {
  context({"The refund window is 14 days.", "Our refund window is 30 days."});
  EXPECT_NE(only("The refund window is 30 days.").label, Label::kContradicted);
  context({"The refund window is 14 days. Delivery takes 30 days."});
  const Verdict v = only("The refund window is 30 days.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_TRUE(v.signals.aligned_conflict);
}

TEST(Slot, LinesUpBetweenTheSameCommonTokens) {
  const std::string a = "The refund window is 30 days.";
  const std::string b = "The refund window is 14 days.";
  const auto ta = text::tokenize(a), tb = text::tokenize(b);
  const auto slot = slot_in(ta, a.find("30"), a.find("30") + 2, tb);
  ASSERT_TRUE(slot);
  EXPECT_EQ(b.substr(slot->first, slot->second - slot->first), "14");
  // A span opening the sentence takes as many tokens as it has.
  const std::string c = "4 teaspoons of sesame oil.";
  const std::string d = "1  4 teaspoons sesame oil.";
  const auto tc = text::tokenize(c), td = text::tokenize(d);
  const auto four = slot_in(tc, 0, 1, td);
  ASSERT_TRUE(four);
  EXPECT_EQ(d.substr(four->first, four->second - four->first), "4");
}

// A value that ends the sentence's words finds its slot where the other sentence goes on past
// it: the full stop lines up with nothing there.
TEST(Slot, AValueThatEndsTheSentenceFindsItsSlotInALongerOne) {
  const std::string a = "The Silver policy has a deductible of $250.";
  const std::string b = "The Silver policy has a deductible of $500 and covers 70% of costs.";
  const auto ta = text::tokenize(a), tb = text::tokenize(b);
  const auto slot = slot_in(ta, a.find("$250"), a.find("$250") + 4, tb);
  ASSERT_TRUE(slot);
  EXPECT_EQ(b.substr(slot->first, slot->second - slot->first), "$500");
  // A heading's colon is no sentence end: "Method 2" labels its item.
  const std::string heading = "For Method 2:", other = "Method 1 of 2.";
  const auto th = text::tokenize(heading), to = text::tokenize(other);
  EXPECT_FALSE(slot_in(th, heading.find('2'), heading.find('2') + 1, to));
}

TEST_F(VerifierTest, AValueOfAnotherThingDoesNotOutweighTheSentenceThatGivesItsOwn) {
  context(
      {"The Silver policy has a deductible of $500 and covers 70% of eligible costs. The Gold "
       "policy has a deductible of $250 and covers 80% of eligible costs."});
  expect_corrected("The Silver policy has a deductible of $250.", "$500");
  EXPECT_TRUE(only("The Silver policy has a deductible of $250.").signals.aligned_conflict);
  // The value in a sentence that holds most of the clause's words but names another policy
  // where the clause names its own: no second source for it.
  context(
      {"The Gold policy has a deductible of $250 and covers 80% of eligible costs. The Platinum "
       "policy has no deductible and covers 90% of eligible costs."});
  expect_corrected("The Gold policy covers 90% of eligible costs.", "80%");
  EXPECT_TRUE(only("The Gold policy covers 90% of eligible costs.").signals.aligned_conflict);
}

TEST(Slot, SameButAllowsOnlyWhatItIsTold) {
  const auto a = text::tokenize("Polaris is not based in Roseau.");
  const auto b = text::tokenize("Polaris is based in Roseau.");
  auto negation = [](const text::Token& t) { return t.norm == "not"; };
  EXPECT_TRUE(same_but(a, b, negation));
  const auto c = text::tokenize("Polaris was never based in Duluth.");
  EXPECT_FALSE(same_but(c, b, negation));
  // Punctuation neither lines up nor differs: the clause ends where the piece runs on.
  const auto longer = text::tokenize("Polaris is based in Roseau, and it makes snowmobiles.");
  EXPECT_TRUE(same_but(a, longer, negation));
  const auto comma = text::tokenize("Polaris is not based, in Roseau.");
  EXPECT_TRUE(same_but(comma, b, negation));
  // A qualifier after the last common word is part of what the piece states.
  const auto qualified = text::tokenize("Polaris is based in Roseau until 2008.");
  EXPECT_FALSE(same_but(a, qualified, negation));
  // What may differ comes last on both sides only where `ends` allows it.
  auto opposites = [](const text::Token& t) { return t.norm == "bad" || t.norm == "good"; };
  auto good = [](const text::Token& t) { return t.norm == "good"; };
  const auto bad = text::tokenize("The reviews of the hotel were bad.");
  const auto were_good = text::tokenize("The reviews of the hotel were good.");
  EXPECT_FALSE(same_but(bad, were_good, opposites));
  EXPECT_TRUE(same_but(bad, were_good, opposites, good));
  EXPECT_TRUE(same_but(bad, text::tokenize("The reviews of the hotel were good, and it was full."),
                       opposites, good));
  EXPECT_FALSE(same_but(bad, text::tokenize("The reviews of the hotel were good at first."),
                        opposites, good));
}

// An order, comparison or direction word flipped where the rest lines up word for word: the
// opposite, aligned, with the evidence's word as the correction.
TEST_F(VerifierTest, AFlippedOrderOrDirectionWordIsAnAlignedConflict) {
  context(
      {"The merger was completed after regulators approved the deal. Applicants with more than "
       "five years of experience qualify. Shares of Orion rose 4% on Tuesday. Shares of its "
       "supplier Kestrel fell 3%."});
  for (const char* answer : {"The merger was completed before regulators approved the deal.",
                             "Applicants with less than five years of experience qualify.",
                             "Shares of Orion fell 4% on Tuesday."}) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kContradicted) << answer;
    EXPECT_TRUE(v.signals.aligned_conflict) << answer;
    EXPECT_TRUE(v.correction) << answer;
  }
}

// A verb's particle and a pointer into the text are no direction.
TEST_F(VerifierTest, AParticleOrAPointerIsNoFlippedWord) {
  context({"Growth slowed down in the third quarter, as noted below."});
  EXPECT_NE(only("Growth slowed up in the third quarter, as noted below.").label,
            Label::kContradicted);
  EXPECT_NE(only("Growth slowed down in the third quarter, as noted above.").label,
            Label::kContradicted);
}

// A difference conflicts with a difference in its slot.
TEST_F(VerifierTest, ADifferenceConflictsWithADifference) {
  context({"The X200 weighs 0.4 kg less than the X300."});
  EXPECT_EQ(only("The X200 weighs 0.8 kg less than the X300.").label, Label::kContradicted);
  context({"The pro plan costs an extra $20 a month."});
  EXPECT_EQ(only("The pro plan costs an extra $15 a month.").label, Label::kContradicted);
}

// An amount added ("an extra $15", "$15 more per month") is no price of the thing itself.
TEST_F(VerifierTest, AnAmountAddedIsNoValueOfTheThing) {
  context({"The basic plan costs $10 a month and the pro plan costs $25 a month."});
  for (const char* answer : {"The pro plan costs an extra $15 a month.",
                             "The pro plan costs $15 more per month than the basic plan."}) {
    EXPECT_NE(only(answer).label, Label::kContradicted) << answer;
  }
}

// A sentence that names both sides ("rise and fall") copied is no flip of either.
TEST_F(VerifierTest, ACopyNamingBothOppositesFlipsNothing) {
  const char* sentence =
      "As those companies increase or decrease in value, your investment will rise and fall.";
  context({sentence});
  EXPECT_EQ(only(sentence).label, Label::kSupported);
}

// Counts of what different verbs do count different events: "made two" is no conflict with "a
// day which saw five"; the same verb's count is.
TEST_F(VerifierTest, CountsOfDifferentVerbsDoNotConflict) {
  context({"Villegas starred on a day which saw five holes-in-one at the course."});
  EXPECT_NE(only("Villegas made two holes-in-one at the course.").label, Label::kContradicted);
  context({"The striker scored five goals in the cup."});
  EXPECT_EQ(only("The striker scored two goals in the cup.").label, Label::kContradicted);
}

// A verb that denies its complement ("refused to", "declined to", "failed to") is the
// polarity: the clause stating the complement lines up with it.
TEST_F(VerifierTest, RefusingToDoItIsAnAlignedNegation) {
  context({"The senator refused to endorse the bill. The company declined to comment."});
  for (const char* answer : {"The senator endorsed the bill.", "The company commented."}) {
    expect_aligned_conflict(answer, ReasonCode::kNegationMismatch);
  }
  // "did not" says the same in other words.
  const Verdict same = only("The senator did not endorse the bill.");
  EXPECT_NE(same.label, Label::kContradicted);
}

// The refusal does not reach a second predicate joined to it, an irregular past form too.
TEST_F(VerifierTest, ARefusalDoesNotReachTheNextPredicate) {
  context({"The CEO declined to comment and left the building."});
  const Verdict v = only("The CEO left the building.");
  EXPECT_EQ(v.label, Label::kSupported);
  EXPECT_FALSE(v.signals.negation_mismatch);
}

// Evidence that states what the clause says with another strength says less than the clause:
// unsupported, with that evidence (it does not say otherwise).
TEST_F(VerifierTest, AClauseStatingMoreThanItsAlignedEvidenceIsUnsupported) {
  context(
      {"The drug may reduce blood pressure in adults. Applicants must submit the form within "
       "14 days. Revenue is expected to grow 10% next year. Tenants can cancel the lease with "
       "30 days notice."});
  for (const char* answer :
       {"The drug reduces blood pressure in adults.",
        "Applicants may submit the form within 14 days.", "Revenue will grow 10% next year.",
        "Tenants must cancel the lease with 30 days notice."}) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kUnsupported) << answer;
    EXPECT_EQ(v.reason_code, ReasonCode::kModalityChanged) << answer;
    EXPECT_TRUE(v.signals.modality_changed) << answer;
    EXPECT_FALSE(v.signals.aligned_conflict) << answer;
    ASSERT_TRUE(v.evidence) << answer;
  }
}

// An event the evidence states as to come, stated as done, is a plan stated as a fact; stated
// in the present ("opens at 9") it is the same schedule.
TEST_F(VerifierTest, APlannedEventStatedAsDoneIsUnsupported) {
  context(
      {"The company will announce its results. The summit will be held in Geneva. The "
       "store will open at 9 am."});
  for (const char* answer :
       {"The company announced its results.", "The summit was held in Geneva."}) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kUnsupported) << answer;
    EXPECT_EQ(v.reason_code, ReasonCode::kModalityChanged) << answer;
    EXPECT_NE(v.reason.find("to come"), std::string::npos) << v.reason;
  }
  for (const char* answer : {"The store opens at 9 am.", "The company will announce its results.",
                             "The summit is held in Geneva."}) {
    EXPECT_FALSE(only(answer).signals.modality_changed) << answer;
  }
  // A future in another clause of the sentence is another event.
  context({"The firm opened a store in Paris and will open one in Rome."});
  EXPECT_FALSE(only("The firm opened a store in Paris.").signals.modality_changed);
}

TEST_F(VerifierTest, SayingItAsTheEvidenceDoesOrLessChangesNoModality) {
  context(
      {"The drug may reduce blood pressure in adults. The clinic reduces fees for students. "
       "The company said it would open a store in Paris. The drug reduces pain, and may also "
       "lower fever. The museum opens in May."});
  for (const char* answer :
       {"The drug might reduce blood pressure in adults.",  // another hedge
        "The clinic may reduce fees for students.",         // less than the evidence
        "The company will open a store in Paris.",          // reported speech
        "The drug reduces pain.",  // the hedge is in another clause of the evidence
        "The museum opens in May."}) {
    const Verdict v = only(answer);
    EXPECT_FALSE(v.signals.modality_changed) << answer;
    EXPECT_NE(v.reason_code, ReasonCode::kModalityChanged) << answer;
  }
}

// A hedge that opens the evidence sentence weakens it ("Reportedly, ...", "The study suggests
// that ..."); one in a lead-in clause of its own, or in a clause joined to it, does not.
TEST_F(VerifierTest, AHedgeOpeningTheEvidenceSentenceWeakensIt) {
  context(
      {"Reportedly, the CEO resigned after the audit. The study suggests that the drug lowers "
       "the risk of stroke. In what could be a record, the company sold 1 million units. "
       "Prices may rise, and the bakery cut its staff."});
  for (const char* more :
       {"The CEO resigned after the audit.", "The drug lowers the risk of stroke."}) {
    EXPECT_EQ(only(more).reason_code, ReasonCode::kModalityChanged) << more;
  }
  for (const char* same : {"The company sold 1 million units.", "The bakery cut its staff."}) {
    EXPECT_FALSE(only(same).signals.modality_changed) << same;
  }
}

// A modal whose own verb the clause does not hold hedges that verb, not the clause: "may book
// economy class" says nothing of the strength of "Economy class for flights under 6 hours".
TEST_F(VerifierTest, AModalOfAnotherVerbChangesNoModality) {
  context({"Employees traveling for business may book economy class for flights under 6 hours."});
  EXPECT_FALSE(only("Economy class for flights under 6 hours.").signals.modality_changed);
  EXPECT_TRUE(only("Employees traveling for business book economy class for flights under 6 hours.")
                  .signals.modality_changed);
}

// Another passage stating it as the clause does settles it.
TEST_F(VerifierTest, APassageStatingItAsAFactSettlesTheModality) {
  context({"The drug may reduce blood pressure in adults.",
           "The drug reduces blood pressure in adults."});
  EXPECT_FALSE(only("The drug reduces blood pressure in adults.").signals.modality_changed);
}

// A comparison turned round with its opposite states the same fact; the comparison alone
// turned round does not.
TEST_F(VerifierTest, AComparisonTurnedRoundWithItsOppositeSaysTheSame) {
  context({"Alice is older than Bob. The Nile is longer than the Amazon."});
  for (const char* same : {"Bob is younger than Alice.", "The Amazon is shorter than the Nile."}) {
    const Verdict v = only(same);
    EXPECT_EQ(v.label, Label::kSupported) << same;
    EXPECT_FALSE(v.signals.antonym) << same;
  }
  for (const char* other : {"Alice is younger than Bob.", "The Nile is shorter than the Amazon."})
    EXPECT_EQ(only(other).label, Label::kContradicted) << other;
}

// A negated word whose opposite's synonym the evidence states says what the evidence says:
// "not allowed" is "prohibited" ("disallowed").
TEST_F(VerifierTest, ANegatedWordSaysWhatASynonymOfItsOppositeSays) {
  context({"Pets are prohibited in the building."});
  const Verdict v = only("Pets are not allowed in the building.");
  EXPECT_EQ(v.label, Label::kSupported);
  EXPECT_FALSE(v.signals.negation_mismatch);
  // Either way round, and a "non-" form is the opposite of its word's other forms.
  const char* const pairs[][2] = {
      {"Smoking is not permitted on the terrace.", "Smoking is prohibited on the terrace."},
      {"The plan does not include phone support.", "The plan excludes phone support."},
      {"This ticket is non-refundable.", "This ticket cannot be refunded."},
  };
  for (const auto& [evidence, answer] : pairs) {
    context({evidence});
    for (const Verdict& w : verify(answer))
      EXPECT_FALSE(w.signals.negation_mismatch) << answer;
  }
}

// Negation words are polarity: "can't" is "cannot" and "did not" is "didn't" (one stem), and
// "found no defects" is no antonym of "did not find any defects" ("no" is not "any" flipped).
TEST_F(VerifierTest, ANegationInOtherWordsSaysTheSame) {
  const char* const pairs[][2] = {
      {"Users cannot change the password.", "Users can't change the password."},
      {"The firm did not pay the fine.", "The firm didn't pay the fine."},
      {"The hotel does not offer parking.", "The hotel offers no parking."},
  };
  for (const auto& [evidence, answer] : pairs) {
    context({evidence});
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kSupported) << answer;
    EXPECT_FALSE(v.signals.negation_mismatch) << answer;
  }
  context({"The test did not find any defects."});
  const Verdict v = only("The test found no defects.");
  EXPECT_NE(v.label, Label::kContradicted);
  EXPECT_FALSE(v.signals.antonym);
}

// The answer's value said of another thing by a sentence that does not line up with the
// clause, where another lines up word for word but for the value: that one says otherwise.
TEST_F(VerifierTest, AValueSwappedWithAnotherThingsIsAnAlignedConflict) {
  context(
      {"The Team plan costs $29 per month and includes 10 users. The Business plan costs $79 "
       "per month and includes 50 users."});
  Verdict v = only("The Team plan costs $79 per month.");
  EXPECT_EQ(v.label, Label::kContradicted);
  ASSERT_TRUE(v.correction);
  EXPECT_EQ(v.correction->evidence_text, "$29");
  context(
      {"During probation, the notice period is 2 weeks. After probation, the notice period is "
       "1 month."});
  v = only("During probation, the notice period is 1 month.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_EQ(only("After probation, the notice period is 1 month.").label, Label::kSupported);
}

// Limits compare as limits: "up to 3" and "up to 2" are two rules.
TEST_F(VerifierTest, AChangedLimitIsAnAlignedConflict) {
  context({"Remote work is allowed up to 3 days per week. Orders over $50 ship free."});
  EXPECT_EQ(only("Remote work is allowed up to 2 days per week.").label, Label::kContradicted);
  EXPECT_EQ(only("Orders under $50 ship free.").label, Label::kContradicted);
  EXPECT_EQ(only("Remote work is allowed at most 3 days per week.").label, Label::kSupported);
}

// The sentence with one name changed: another name in its slot says otherwise; the same
// thing named by its initials or by part of its name is no other name.
TEST_F(VerifierTest, AChangedNameIsAnAlignedConflict) {
  context(
      {"Veltrix will open a data center in Austin in 2025. The firm is based in New York City."});
  const Verdict v = only("Veltrix will open a data center in London in 2025.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_TRUE(v.signals.aligned_conflict);
  ASSERT_TRUE(v.correction);
  EXPECT_EQ(v.correction->evidence_text, "Austin");
  EXPECT_NE(only("The firm is based in NYC.").label, Label::kContradicted);
  // A sentence about another thing says nothing of the clause's subject.
  context({"The Basic plan costs $10 per month."});
  EXPECT_NE(only("The Enterprise plan costs $10 per month.").label, Label::kContradicted);
}

// The flip's own phrase lines up ("down 12 percent" / "up 12 percent"), the rest of the
// sentence worded another way: still the opposite.
TEST_F(VerifierTest, AFlippedWordInItsOwnPhraseIsAnAlignedConflict) {
  context(
      {"Veltrix reported revenue of $4.2 billion for the third quarter, up 12 percent from a "
       "year earlier."});
  const Verdict v = only("Revenue of $4.2 billion was down 12 percent from a year earlier.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_TRUE(v.signals.antonym);
  EXPECT_EQ(only("Revenue of $4.2 billion was up 12 percent from a year earlier.").label,
            Label::kSupported);
}

// A value given to another thing is no evidence against the clause's: the words before the
// two values each name a thing the other side lacks ("Enterprise" / "Team"), also where the
// clause's thing is named in an earlier sentence of the passage.
TEST_F(VerifierTest, AValueOfAnotherThingIsNoConflict) {
  context(
      {"The Starter plan costs $9 per month. The Team plan has a 14-day free trial. Standard "
       "shipping takes 5 business days."});
  for (std::string_view answer :
       {"The Enterprise plan includes a 60-day free trial.",
        "The Starter plan has a 7-day free trial.", "Express shipping takes 2 business days."}) {
    const Verdict v = only(answer);
    EXPECT_NE(v.label, Label::kContradicted) << answer;
    EXPECT_EQ(v.signals.value_mismatches, 0) << answer;
  }
  EXPECT_EQ(only("The Team plan has a 7-day free trial.").label, Label::kContradicted);
  EXPECT_EQ(only("Standard shipping takes 2 business days.").label, Label::kContradicted);
}

// A label of the subject the context never gives ("Room 305") with the value another item
// has: the sentence speaks of another item of the series. A label it gives with another value
// is that item's value changed.
TEST_F(VerifierTest, AnotherItemsLabelWithTheSameValueIsNoConflict) {
  context(
      {"Room 101 has a capacity of 30 people, Room 204 holds 80, and the main hall can seat "
       "400."});
  const Verdict other = only("Room 305 holds 80 people.");
  EXPECT_NE(other.label, Label::kContradicted) << other.reason;
  EXPECT_EQ(other.signals.value_mismatches, 0);
  EXPECT_EQ(only("Room 204 has a capacity of 30 people.").label, Label::kContradicted);
  EXPECT_EQ(only("Room 204 holds 90 people.").label, Label::kContradicted);
  // A year or an amount is no label: "Fiscal 2019 profits" are the year's.
  context({"Fiscal 2018 profits rose to $5 billion."});
  EXPECT_EQ(only("Fiscal 2019 profits rose to $5 billion.").label, Label::kContradicted);
}

// A list's item that gives the clause's value to the clause's own thing settles the slot,
// whatever value the words' order lines up with; an item that says another verb does not.
TEST_F(VerifierTest, AListItemGivesItsValueToTheThingItNames) {
  context(
      {"In the survey, 48 percent of respondents in Germany said they trusted the "
       "government, compared with 31 percent in France and 27 percent in Italy."});
  EXPECT_NE(only("27 percent of respondents in Italy said they trusted the government.").label,
            Label::kContradicted);
  EXPECT_EQ(only("31 percent of respondents in Italy said they trusted the government.").label,
            Label::kContradicted);
  context({"The firm hired 200 workers in Texas and laid off 50 in Ohio."});
  EXPECT_EQ(only("The firm hired 50 workers in Ohio.").label, Label::kContradicted);
  // The item must name a thing the other part does not ("model" names both).
  context(
      {"The Model S has an EPA-rated range of 400 miles, compared with 300 miles for the "
       "Model 3."});
  EXPECT_EQ(only("The Model S has a range of 300 miles.").label, Label::kContradicted);
}

// An opposite the evidence says of a thing the clause never names, as a verb's subject
// ("spring has ended"), is no opposite of the clause's ("the beginning of summer").
TEST_F(VerifierTest, AnOppositeSaidOfAnotherThingIsNoAntonym) {
  context(
      {"Gemini is a mutable sign that is preceding the summer, and as such, it announces "
       "change while ruling the time of year when Taurus spring has ended."});
  EXPECT_FALSE(
      only("Gemini is a mutable sign that marks the beginning of summer.").signals.antonym);
  // A verb the clause says of its own subject still opposes, past an adverb.
  context(
      {"Unemployment rose to 4.1 percent in May from 3.9 percent in April. Revenue sharply "
       "decreased in 2023."});
  EXPECT_TRUE(only("Unemployment fell in May.").signals.antonym);
  EXPECT_TRUE(only("Revenue increased in 2023.").signals.antonym);
}

// A duration in the slot of two years is their span ("for 14 years" / "from 1958 until
// 1972"), corrected as a duration; in the slot of one date, a value of another kind.
TEST_F(VerifierTest, ADurationLinesUpWithTheSpanOfTwoYears) {
  context(
      {"Delacroix led the virology laboratory from 1958 until 1972. Moreau taught at the "
       "Sorbonne and died in 1980."});
  EXPECT_NE(only("Delacroix led the virology laboratory for 14 years.").label,
            Label::kContradicted);
  const Verdict v = only("Delacroix led the virology laboratory for 20 years.");
  EXPECT_EQ(v.label, Label::kContradicted);
  ASSERT_TRUE(v.correction);
  EXPECT_EQ(v.correction->evidence_text, "14 years");
  EXPECT_NE(only("Moreau taught at the Sorbonne for 20 years.").label, Label::kContradicted);
}

// Opposite verbs with the parties exchanged tell one event from its two sides.
TEST_F(VerifierTest, AConverseWithThePartiesExchangedIsNoAntonym) {
  context({"Serena Williams won the 2002 Wimbledon final, defeating her sister Venus."});
  const Verdict v = only("Venus Williams lost the 2002 Wimbledon final to her sister Serena.");
  EXPECT_NE(v.label, Label::kContradicted);
  EXPECT_FALSE(v.signals.antonym);
  EXPECT_EQ(only("Serena Williams lost the 2002 Wimbledon final.").label, Label::kContradicted);
  // A word of a name has no opposite.
  context({"These button combinations work on the Xbox One consoles and on PC with a controller."});
  EXPECT_FALSE(
      only("On PC with a controller the button combinations may be different.").signals.antonym);
}

// Hours of no day the context lists: contradicted where the context's hours are one weekly
// schedule; where they are several (several places), whose hours the answer gives is not
// known.
TEST_F(VerifierTest, HoursOfSeveralPlacesAreNoEvidenceAgainstAnotherPlace) {
  context(
      {"The downtown store is open from 9 am to 6 pm. The airport store is open every day "
       "from 6 am to 10 pm."});
  auto contradicted = [&](std::string_view answer) {
    const std::vector<Verdict> verdicts = verify(answer);
    return std::any_of(verdicts.begin(), verdicts.end(),
                       [](const Verdict& v) { return v.label == Label::kContradicted; });
  };
  EXPECT_FALSE(contradicted("The mall store is open from 10 am to 9 pm."));
  context(
      {"The store is open Monday to Friday from 9 am to 6 pm. On Saturdays it is open from "
       "10 am to 2 pm."});
  EXPECT_TRUE(contradicted("The store is open from 10 am to 9 pm."));
}

// A name the context gives elsewhere, in another name's place in a sentence that holds every
// other word: the context says it of the other one, corrected with that one's name. Not where
// the name opens the sentence (what it speaks of: a sentence about another thing), where one
// piece names both (an alias, or both parties of one fact), where the slot holds part of a name
// the sentence writes in full, or where the slot holds a name of another kind.
TEST_F(VerifierTest, ANameInAnotherOnesRoleIsContradicted) {
  context(
      {"Chief executive Anna Weber said demand remained strong. Chief financial officer Raj "
       "Patel warned that hardware sales declined. The study was led by Ingrid Solberg. The "
       "Wolves' only goal came from Daniel Kim in the 64th minute. Tomas Berg scored twice."});
  const Verdict role = only("Chief executive Raj Patel said demand remained strong.");
  EXPECT_EQ(role.label, Label::kContradicted);
  ASSERT_TRUE(role.correction);
  EXPECT_EQ(role.correction->evidence_text, "Anna Weber");
  EXPECT_TRUE(role.signals.aligned_conflict);
  // The slot runs on past the sentence's last word.
  const Verdict last = only("The Wolves' only goal came from Tomas Berg.");
  EXPECT_EQ(last.label, Label::kContradicted);
  ASSERT_TRUE(last.correction);
  EXPECT_EQ(last.correction->evidence_text, "Daniel Kim");
  EXPECT_NE(only("Anna Weber was led by Ingrid Solberg.").label, Label::kContradicted);
  EXPECT_NE(only("Raj Patel said demand remained strong.").label, Label::kContradicted);

  context(
      {"Lee Ji-eun, better known as IU, is a singer. IU began her career at the age of 15. "
       "Ji-eun studied music."});
  EXPECT_NE(only("Lee Ji-eun began her career at the age of 15.").label, Label::kContradicted);
  context(
      {"In 1947 she married the physicist Henri Moreau, with whom she had two children. "
       "Delacroix was born in Lyon."});
  EXPECT_NE(only("Delacroix and Moreau had two children.").label, Label::kContradicted);
  context(
      {"The harbor store is closed on Mondays. The store opens on Sundays. On Yelp the store "
       "is closed."});
  EXPECT_EQ(only("The harbor store is closed on Sundays.").label, Label::kContradicted);
}

// A name the context never gives stands for the one in its place however that one is
// written: with a determiner and connectors ("the University of Oslo").
TEST_F(VerifierTest, ANameNeverGivenLinesUpWithANameOfConnectedWords) {
  context({"Researchers at the University of Oslo tracked 1,200 adults for ten years."});
  const Verdict v = only("Researchers at Karolinska Institute tracked 1,200 adults for ten years.");
  EXPECT_EQ(v.label, Label::kContradicted);
  ASSERT_TRUE(v.correction);
  EXPECT_EQ(v.correction->evidence_text, "the University of Oslo");
}

// A word that tells a rise in the place of one that tells a fall is the opposite, whether or
// not the lexicon pairs the two ("shrank" / "grew", "lost" / "gained").
TEST_F(VerifierTest, ARiseAgainstAFallIsAFlippedWord) {
  context({"Sales of the device grew 5 percent in 2023. The shares gained 4 points on Friday."});
  for (std::string_view answer :
       {"Sales of the device shrank 5 percent in 2023.", "The shares lost 4 points on Friday."}) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kContradicted) << answer;
    EXPECT_TRUE(v.signals.antonym) << answer;
  }
  EXPECT_NE(only("Sales of the device increased 5 percent in 2023.").label, Label::kContradicted);
  context({"The factory will close in 2026, and 400 jobs will be lost."});
  const std::vector<Verdict> jobs =
      verify("The factory will close in 2026, and 400 jobs will be created.");
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[1].label, Label::kContradicted) << jobs[1].reason;
}

// The flip's complement lines up though the evidence says more before it ("in March,"): "after"
// is a preposition, not a comparative of "aft".
TEST_F(VerifierTest, AnOrderWordFlipsWhereTheEvidenceSaysMoreBeforeIt) {
  context({"Smith resigned as chairman in March, two months after the merger was completed."});
  const Verdict v = only("Smith resigned as chairman two months before the merger was completed.");
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  EXPECT_TRUE(v.signals.antonym);
}

// "twice" is a count of times, as "three times" is: one against the other in the same slot is
// a changed value; "four goals" may be what "scored four times" counts.
TEST_F(VerifierTest, ACountOfTimesLinesUpWithTwice) {
  context(
      {"The Hawks beat the Wolves 3-1. Tomas Berg scored twice in the first half and has "
       "scored four times in 9 games."});
  expect_corrected("Tomas Berg scored three times in the first half.", "twice");
  EXPECT_TRUE(only("Tomas Berg scored three times in the first half.").signals.aligned_conflict);
  EXPECT_EQ(only("Tomas Berg scored two times in the first half.").label, Label::kSupported);
  EXPECT_NE(only("Tomas Berg has scored four goals in 9 games.").label, Label::kContradicted);
}

// A negation that runs on past the words the clause shares with it, where the clause says
// something else in that place, denies another thing: no conflict. One whose words the clause
// holds to the end still denies it.
TEST_F(VerifierTest, ANegationOfAnotherEndDeniesNothingTheClauseSays) {
  for (const char* evidence :
       {"No tickets were sold online; many tickets were sold at the door.",
        "No tickets were sold online, but many tickets were sold at the door."}) {
    context({evidence});
    const Verdict v = only("Many tickets were sold at the door.");
    EXPECT_EQ(v.label, Label::kSupported) << evidence;
    EXPECT_FALSE(v.signals.negation_mismatch) << evidence;
  }
  context({"No tickets were sold online."});
  EXPECT_EQ(only("Tickets were sold online.").label, Label::kContradicted);
  context({"No passengers were injured in the crash."});
  EXPECT_TRUE(only("Several passengers were injured.").signals.negation_mismatch);
}

// A value the evidence denies its slot is no other value for that slot: "was not built by the
// Romans" leaves "was built by the Normans" open. A bound is no denial ("no later than",
// "no more than"), and a clause that denies a value of its own still lines up.
TEST_F(VerifierTest, AValueTheEvidenceDeniesIsNoOtherValueForTheSlot) {
  context({"The bridge was not built by the Romans. The festival was not held in 2020."});
  for (const char* answer :
       {"The bridge was built by the Normans.", "The festival was held in 2021."}) {
    const Verdict v = only(answer);
    EXPECT_NE(v.label, Label::kContradicted) << answer;
    EXPECT_FALSE(v.signals.aligned_conflict) << answer;
  }
  EXPECT_EQ(only("The festival was held in 2020.").label, Label::kContradicted);
  // Two denials of the slot do not conflict, nor does the value a denial gives after all.
  EXPECT_NE(only("The bridge was not built by the Normans.").label, Label::kContradicted);
  context({"The company was not founded in 1990 but in 1992."});
  EXPECT_NE(only("The company was founded in 1992.").label, Label::kContradicted);
  context(
      {"Applications must be received no later than 5 April. The hall holds no more than 50 "
       "guests."});
  expect_corrected("Applications must be received no later than 13 April.", "5 April");
  expect_corrected("The hall holds no more than 80 guests.", "50");
  // A value denied of another predicate than the clause states is stated all the same.
  context(
      {"This barn should not be confused with the Messer Barn in Cataloochee, which was built "
       "by John's cousin."});
  expect_corrected("The other Messer Barn is in Boone.", "Cataloochee");
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
