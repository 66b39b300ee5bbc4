#include <gtest/gtest.h>

#include "filters/context/structured_facts.h"
#include "tests/filters/semantic_piece/verifier_fixture.h"

namespace groundgate::filters::semantic_piece {
namespace {

constexpr const char* kGoertz =
    "Allison Beth \"Allie\" Goertz (born March 2, 1991) is an American musician. Goertz is known "
    "for her satirical songs based on various pop culture topics.";

TEST_F(VerifierTest, SameDateInAnotherFormatIsSupported) {
  context({kGoertz});
  Verdict v = only("Allie Goertz was born on 2 March 1991.");
  EXPECT_EQ(v.label, Label::kSupported) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kSupportedEntity);
  ASSERT_TRUE(v.evidence.has_value());
  EXPECT_EQ(v.evidence->passage, 0u);
  EXPECT_EQ(v.evidence->begin, 0u);
}

TEST_F(VerifierTest, OtherDateInMatchedEvidenceIsContradicted) {
  context({kGoertz});
  Verdict v = only("Allie Goertz was born on March 2, 1994.");
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kEntityMismatch);
  EXPECT_EQ(v.type, HallucinationType::kDetailedInformationModification);
  EXPECT_NE(v.reason.find("1994"), std::string::npos) << v.reason;
  EXPECT_NE(v.reason.find("1991"), std::string::npos) << v.reason;
  EXPECT_EQ(v.score, 0);
}

TEST_F(VerifierTest, AValueTheEvidenceSaysChangedAfterAnEventTheAnswerTellsIsNoConflict) {
  context(
      {"Mike Radja scored from an acute angle and James Desmarais made it 4-2 before "
       "Nottingham's David Ling got one back."});
  // 4-2 held until Ling's goal; the answer's score is the one after it.
  for (const char* answer :
       {"Nottingham's David Ling scored a goal to make it 4-3.",
        "Ling scored to make it 4-3.",  // a name the evidence capitalizes may open the sentence
        "David Ling scored before full time to make it 4-3."}) {  // "before" another thing
    Verdict after = only(answer);
    EXPECT_NE(after.label, Label::kContradicted) << answer << ": " << after.reason;
    EXPECT_EQ(after.reason_code, ReasonCode::kMissingEntity) << answer << ": " << after.reason;
  }
}

// The rule's bounds: each of these answers states the evidence's moment with another value.
TEST_F(VerifierTest, AValueBeforeAnEventTheAnswerDoesNotTellStillConflicts) {
  context(
      {"Mike Radja scored from an acute angle and James Desmarais made it 4-2 before "
       "Nottingham's David Ling got one back."});
  // The answer keeps "before" and the event: the same moment.
  Verdict same = only("Desmarais had made it 4-3 for the visitors before David Ling got one back.");
  EXPECT_EQ(same.label, Label::kContradicted) << same.reason;
  // A function word is no name, capitalized or not ("The shares" against "the company").
  context({"Shares of the group traded at $40 before the company announced a split."});
  Verdict shares = only("The shares of the group traded at $60 on the day.");
  EXPECT_EQ(shares.label, Label::kContradicted) << shares.reason;
  // A time is no event: nothing is done after it.
  context({"Harbour Books made $400 before Christmas, its publisher said."});
  Verdict time = only("Harbour Books made $900 from its new guide at Christmas.");
  EXPECT_EQ(time.label, Label::kContradicted) << time.reason;
}

TEST_F(VerifierTest, OtherPercentageNamesBothValues) {
  context({"The company said turnout rose to 30% in the last election."});
  Verdict v = only("Turnout rose to 32% in the last election.");
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  EXPECT_EQ(v.reason, "answer says 32%, evidence says 30%");
}

TEST_F(VerifierTest, UnambiguousOtherValueCarriesItsCorrection) {
  context({"The company said turnout rose to 30% in the last election."});
  const std::string answer = "Turnout rose to 32% in the last election.";
  Verdict v = only(answer);
  ASSERT_TRUE(v.correction.has_value()) << v.reason;
  EXPECT_EQ(answer.substr(v.correction->answer_begin,
                          v.correction->answer_end - v.correction->answer_begin),
            "32%");
  EXPECT_EQ(v.correction->evidence_text, "30%");
}

// Of two other values in the evidence, the one in the clause's slot is the correction.
TEST_F(VerifierTest, TheAlignedOfTwoOtherValuesIsTheCorrection) {
  context({"Turnout rose to 30% in the last election and to 35% in the one before."});
  Verdict v = only("Turnout rose to 32% in the last election.");
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  ASSERT_TRUE(v.correction.has_value());
  EXPECT_EQ(v.correction->evidence_text, "30%");
}

// Two other values in evidence that does not line up with the clause: no correction to trust.
TEST_F(VerifierTest, TwoOtherValuesInLooseEvidenceGiveNoCorrection) {
  context({"In the last election turnout reached 30%, and 35% in the one before."});
  Verdict v = only("Turnout rose to 32% in the last election.");
  EXPECT_FALSE(v.correction.has_value()) << v.reason;
}

TEST_F(VerifierTest, ReformattedMoneyAndPercentAreSupported) {
  context(
      {"Poseidon grossed $181,674,817 at the worldwide box office on a budget of $160 "
       "million. About 25% of the revenue came from the United States."});
  EXPECT_EQ(only("Poseidon had a budget of 160,000,000 dollars.").label, Label::kSupported);
  EXPECT_EQ(only("Poseidon grossed over $181 million worldwide.").label, Label::kSupported);
  EXPECT_EQ(only("About 25 percent of the revenue came from the United States.").label,
            Label::kSupported);
}

TEST_F(VerifierTest, ValueFoundNowhereIsUnsupported) {
  context({kGoertz});
  Verdict v = only("Goertz released 12 satirical songs.");
  EXPECT_EQ(v.label, Label::kUnsupported) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kMissingEntity);
  EXPECT_EQ(v.type, HallucinationType::kAbsoluteFabrication);
}

TEST_F(VerifierTest, NameFoundNowhereIsUnsupported) {
  context({kGoertz});
  Verdict v = only("Goertz is an American musician from Toronto.");
  EXPECT_EQ(v.label, Label::kUnsupported) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kMissingEntity);
  EXPECT_NE(v.reason.find("Toronto"), std::string::npos) << v.reason;
}

TEST_F(VerifierTest, NegationMismatchIsContradicted) {
  context({"The bridge was completed in 1932 and opened to traffic the same year."});
  Verdict v = only("The bridge was never completed.");
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kNegationMismatch);
  EXPECT_EQ(v.type, HallucinationType::kContextualFabrication);
}

// An answer that repeats every word of the evidence's negated clause without its negation
// states what the evidence denies, however much else the answer's clause says.
TEST_F(VerifierTest, RepeatingANegatedClauseWithoutItsNegationContradicts) {
  context({"It is not a perfect analogy, but CRISPR resembles the find and replace tool in Word."});
  Verdict v = only("It is a perfect analogy, but CRISPR resembles the find and replace tool.");
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kNegationMismatch);
  // The answer leaves out the negated clause: nothing it states is denied.
  EXPECT_NE(only("CRISPR resembles the find and replace tool in Word.").label,
            Label::kContradicted);
}

// A negated clause with a subject of its own that the evidence does not name denies nothing
// the evidence states; nor does a negation reach a second predicate after "and is".
TEST_F(VerifierTest, ANegationSaidOfSomethingElseContradictsNothing) {
  context(
      {"Mule deer have a black tip on the tail and this is quite noticeable against the "
       "white rump patch."});
  EXPECT_NE(only("Mule deer have a black tip on their tail, which is noticeable against their "
                 "white rump patch, while white-tailed deer do not have this black tip.")
                .label,
            Label::kContradicted);
  EXPECT_EQ(only("Mule deer do not have a black tip on the tail.").label, Label::kContradicted);
  context({"The museum is open in winter."});
  EXPECT_NE(only("The museum is not closed on Mondays and is open in winter.").label,
            Label::kContradicted);
}

// The subject names what the evidence speaks of when its words are there, or only adverbs, or
// the passage's earlier sentences name it; the verb before "no" is no part of it.
TEST_F(VerifierTest, ANegationOfWhatTheEvidenceSpeaksOfStillContradicts) {
  context({"Mule deer have a black tip on the tail."});
  EXPECT_EQ(only("Mule deer typically do not have a black tip on the tail.").label,
            Label::kContradicted);
  context({"The hotel offers free parking for guests."});
  EXPECT_EQ(only("The hotel offers no parking for guests.").label, Label::kContradicted);
  context({"Mule deer live in the western United States. They have a black tip on the tail."});
  EXPECT_EQ(only("Mule deer do not have a black tip on the tail.").label, Label::kContradicted);
}

// An omitting verb denies its object in the active voice and its subject in the passive: the
// answer's other voice restates it; the thing stated as held is what the evidence denies.
TEST_F(VerifierTest, AnOmissionInEitherVoiceRestatesIt) {
  context({"The council waived the fee."});
  EXPECT_EQ(only("The fee was waived by the council.").label, Label::kSupported);
  EXPECT_EQ(only("The council charged the fee.").reason_code, ReasonCode::kNegationMismatch);
  context({"The fee was waived by the council."});
  EXPECT_EQ(only("The council waived the fee.").label, Label::kSupported);
  context({"The report omitted the third-quarter figures."});
  EXPECT_EQ(only("The third-quarter figures were omitted from the report.").label,
            Label::kSupported);
  // After the cue's "-s" form, a second "-s" verb is a predicate of its own.
  context({"The plan waives the deductible and covers dental care."});
  EXPECT_EQ(only("The plan covers dental care.").label, Label::kSupported);
}

// "did not waive the fee" denies the omission "waived the fee" states: both sides hold a
// negation, and they say the opposite. Only where the two line up but for it.
TEST_F(VerifierTest, AnOmissionDeniedContradictsTheOmissionStated) {
  context({"The council waived the late fee for all residents."});
  const Verdict v = only("The council did not waive the late fee for all residents.");
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kNegationMismatch);
  EXPECT_TRUE(v.signals.aligned_conflict);
  EXPECT_NE(only("The council did not waive the parking fee.").label, Label::kContradicted);
  context({"The late fee was waived for all residents."});
  EXPECT_EQ(only("The late fee was not waived for all residents.").label, Label::kContradicted);
  context({"The late fee was not waived."});
  EXPECT_EQ(only("The late fee was waived.").label, Label::kContradicted);
  EXPECT_EQ(only("The late fee was not waived.").label, Label::kSupported);
}

// A negation in a condition states no fact, yet a condition said the other way round turns
// the rule round. Only where the two line up but for it, and both state the condition.
TEST_F(VerifierTest, AConditionNegatedOnOneSideContradicts) {
  context({"If the tenant does not pay the rent by the fifth, a late fee of $50 applies."});
  const Verdict v = only("If the tenant pays the rent by the fifth, a late fee of $50 applies.");
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kNegationMismatch);
  EXPECT_EQ(
      only("If the tenant does not pay the rent by the fifth, a late fee of $50 applies.").label,
      Label::kSupported);
  context({"It was very difficult, if not impossible, to hear bass tones at home."});
  EXPECT_NE(only("It was very difficult to hear bass tones at home.").label, Label::kContradicted);
}

TEST_F(VerifierTest, NegationElsewhereInTheEvidenceContradictsNothing) {
  context(
      {"The council chose Eugene for the championships, an opportunity that may never arise "
       "again, officials said."});
  Verdict v = only("The council chose Eugene for the championships.");
  EXPECT_EQ(v.label, Label::kSupported) << v.reason;
}

TEST_F(VerifierTest, NegationInOtherWordsIsNoMismatch) {
  context(
      {"Defeat means the Blues have failed to progress beyond the last eight of any European "
       "competition since 2010."});
  Verdict v = only(
      "The Blues have not progressed beyond the last eight of any European "
      "competition since 2010.");
  EXPECT_NE(v.label, Label::kContradicted) << v.reason;
}

TEST_F(VerifierTest, FramingAboutTheSourceStatesNothing) {
  context({"Poseidon grossed $181,674,817 at the worldwide box office."});
  Verdict framing = only("Here is a concise summary of the passage:");
  EXPECT_EQ(framing.reason_code, ReasonCode::kNoClaim) << framing.reason;
  // A negation about what the source says is no negation of the world.
  Verdict gap = only("The passage does not mention the worldwide box office of Poseidon.");
  EXPECT_NE(gap.label, Label::kContradicted) << gap.reason;
  // The claim after the framing is still checked.
  Verdict claim = only("According to the passage, Poseidon grossed $90 million worldwide.");
  EXPECT_NE(claim.label, Label::kSupported) << claim.reason;
  // A small count of the source's own parts is framing; a value about the world is not.
  EXPECT_EQ(only("The passage mentions two distinct topics:").reason_code, ReasonCode::kNoClaim);
  EXPECT_EQ(only("The article reports 300 deaths in Spain.").label, Label::kUnsupported);
  // A list's header states nothing; its items do.
  EXPECT_EQ(only("Key points include:").reason_code, ReasonCode::kNoClaim);
  EXPECT_EQ(only("Key facts include submarines.").label, Label::kUnsupported);
}

TEST_F(VerifierTest, ALeadInInTheQuestionsWordsStatesNothing) {
  context({"Try to find out the person's middle name.",
           "A website for people search in France "
           "could be helpful."});
  const std::string question = "how to find someone in france";
  Verdict v = only("Based on the given passages, here's how to find someone in France:", question);
  EXPECT_EQ(v.reason_code, ReasonCode::kNoClaim) << v.reason;
  // A word or a name the question does not have is a claim; so is a lead-in that ends as a
  // sentence.
  EXPECT_NE(only("Here is how to find someone in Paris:", question).reason_code,
            ReasonCode::kNoClaim);
  EXPECT_NE(only("Here is how to find someone quickly in France:", question).reason_code,
            ReasonCode::kNoClaim);
  EXPECT_NE(only("You can find someone in France.", question).reason_code, ReasonCode::kNoClaim);
  EXPECT_NE(only("You cannot find someone in France:", question).reason_code, ReasonCode::kNoClaim);
}

TEST_F(VerifierTest, ACountInWordsIsWeighedAsAWordNotAFabricatedValue) {
  context({"Veeram is a 2014 Indian Tamil action film directed by Siva.",
           "Veeram is a 2016 Indian epic historical drama film directed by Jayaraj."});
  Verdict v = only("Veeram is the title of two Indian films.");
  EXPECT_NE(v.reason_code, ReasonCode::kMissingEntity) << v.reason;
  Verdict digits = only("Veeram was directed by Siva in 2014 with 40 actors.");
  EXPECT_EQ(digits.reason_code, ReasonCode::kMissingEntity) << digits.reason;
}

TEST_F(VerifierTest, OrderAgainstTheContextsDatesIsContradicted) {
  context({"Harper's Bazaar is an American women's fashion magazine, first published in 1867.",
           "Vogue is an American monthly fashion magazine. It was started in 1892 in New York."});
  const std::string question = "Which magazine was started first, Harper's Bazaar or Vogue?";
  Verdict wrong = only("Vogue was started first.", question);
  EXPECT_EQ(wrong.label, Label::kContradicted) << wrong.reason;
  EXPECT_EQ(wrong.reason_code, ReasonCode::kOrderMismatch);
  EXPECT_EQ(wrong.reason, "the context dates Vogue 1892 and Harper's 1867");
  Verdict right = only("Harper's Bazaar was started first.", question);
  EXPECT_NE(right.label, Label::kContradicted) << right.reason;
}

TEST_F(VerifierTest, AnOrderTheContextDoesNotDateIsUnsupported) {
  context({"Arthur's Magazine (1844-1846) was an American literary periodical.",
           "First for Women is a woman's magazine published by Bauer Media Group."});
  const std::string question =
      "Which magazine was started first, Arthur's Magazine or First for "
      "Women?";
  // Either way round: the context dates one of them only, so neither order is grounded.
  for (const char* answer :
       {"First for Women was started first.", "Arthur's Magazine was started first."}) {
    Verdict v = only(answer, question);
    EXPECT_EQ(v.label, Label::kUnsupported) << answer << ": " << v.reason;
    EXPECT_EQ(v.reason_code, ReasonCode::kOrderUndated) << answer;
  }
  const std::string reason = only("First for Women was started first.", question).reason;
  EXPECT_NE(reason.find("nowhere and Arthur's 1844: the order is not in the context"),
            std::string::npos)
      << reason;
}

TEST_F(VerifierTest, OrderBetweenTwoNamesOfTheAnswer) {
  context({"Kim Clijsters (born 8 June 1983) is a Belgian former professional tennis player.",
           "Mary Pierce (born 15 January 1975) is a French retired tennis player."});
  Verdict wrong = only("Kim Clijsters is older than Mary Pierce.");
  EXPECT_EQ(wrong.reason_code, ReasonCode::kOrderMismatch) << wrong.reason;
  EXPECT_NE(only("Mary Pierce is older than Kim Clijsters.").label, Label::kContradicted);
  EXPECT_NE(only("Kim Clijsters was born after Mary Pierce.").label, Label::kContradicted);
  // An ordinal that qualifies a noun orders nothing.
  EXPECT_NE(only("Kim Clijsters won her first title.").reason_code, ReasonCode::kOrderMismatch);
}

TEST_F(VerifierTest, SuperlativeNounPhraseOrdersAgainstTheAskedAlternative) {
  context(
      {"Courtney Love is an American singer. She rose to prominence as the frontwoman of the "
       "band Hole, which she formed in 1989.",
       "The Wolfhounds are an indie pop band formed in Romford in 1985."});
  // The question names three parties; the alternative after "or" is the one to order against,
  // and the clause's own names are never it.
  const std::string question =
      "Which band was founded first, Hole, the band of Courtney Love, or The Wolfhounds?";
  Verdict wrong = only("Hole was the first band founded.", question);
  EXPECT_EQ(wrong.reason_code, ReasonCode::kOrderMismatch) << wrong.reason;
  Verdict appositive = only("Hole, the band of Courtney Love, was founded first.", question);
  EXPECT_EQ(appositive.reason_code, ReasonCode::kOrderMismatch) << appositive.reason;
  EXPECT_NE(only("The Wolfhounds was the first band founded.", question).label,
            Label::kContradicted);
}

// A comparison of two things' counts, against the counts the context gives each: the noun
// after "more" or "fewer" is what is counted; the other party is the one after "than" or the
// question's other alternative.
TEST_F(VerifierTest, ComparedCountsStandAsTheContextCountsThem) {
  context({"Firs (Abies) are a genus of 48–56 species of evergreen coniferous trees.",
           "Chelone is a genus of four species of perennial herbaceous plants."});
  const std::string question = "Which genus has more species, Fir or Chelone?";
  for (const char* wrong : {"Chelone has more species.", "Chelone has more species than Firs."}) {
    const Verdict v = only(wrong, question);
    EXPECT_EQ(v.reason_code, ReasonCode::kOrderMismatch) << wrong << ": " << v.reason;
    EXPECT_EQ(v.label, Label::kContradicted) << wrong;
  }
  EXPECT_NE(only("Chelone has fewer species than Firs.", question).label, Label::kContradicted);
  // A bound is no comparison; nor is a count of something else.
  EXPECT_NE(only("Chelone has more than 3 species.", question).reason_code,
            ReasonCode::kOrderMismatch);
  EXPECT_NE(only("Chelone has more genera.", question).reason_code, ReasonCode::kOrderMismatch);
}

TEST_F(VerifierTest, FewerIsTheOtherWayRound) {
  context({"Saint Motel is an American band of four members.",
           "Curve was an English band of two members."});
  const std::string question = "Which band has more members, Saint Motel or Curve?";
  for (const char* wrong :
       {"Curve has more members.", "Saint Motel has fewer members than Curve."}) {
    const Verdict v = only(wrong, question);
    EXPECT_EQ(v.label, Label::kContradicted) << wrong << ": " << v.reason;
  }
  for (const char* right :
       {"Saint Motel has more members than Curve.", "Curve has fewer members."}) {
    EXPECT_NE(only(right, question).label, Label::kContradicted) << right;
  }
}

// Only a comparison stated as a fact, of counts the context states as facts of one time.
TEST_F(VerifierTest, ComparedCountsOnlyWhereBothAreStatedAsFacts) {
  context({"Contoso Ltd has 3,200 employees.", "Northwind Traders has 12,500 employees."});
  EXPECT_EQ(only("Contoso Ltd has more employees than Northwind Traders.").label,
            Label::kContradicted);
  for (const char* not_stated :
       {"Contoso Ltd does not have more employees than Northwind Traders.",
        "If Contoso Ltd had more employees than Northwind Traders, it would win.",
        "Contoso Ltd will soon have more employees than Northwind Traders.",
        "Contoso Ltd had more employees than Northwind Traders in 1999.",
        "Unlike Fabrikam, Contoso Ltd has more employees than Northwind Traders."}) {
    EXPECT_NE(only(not_stated).reason_code, ReasonCode::kOrderMismatch) << not_stated;
  }
  context({"Contoso Ltd had 3,200 employees in 1995.",
           "Northwind Traders had 12,500 employees in 2020."});
  EXPECT_NE(only("Contoso Ltd has more employees than Northwind Traders.").reason_code,
            ReasonCode::kOrderMismatch);
  context({"Contoso Ltd has 3,200 employees and plans to hire 20,000 employees.",
           "Northwind Traders has 12,500 employees."});
  EXPECT_NE(only("Contoso Ltd has more employees than Northwind Traders.").reason_code,
            ReasonCode::kOrderMismatch);
}

TEST_F(VerifierTest, AntonymInMatchedEvidenceIsContradicted) {
  context({"The museum is a large building in the city centre."});
  Verdict v = only("The museum is a small building in the city centre.");
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kAntonym);
  EXPECT_EQ(v.reason, "answer says \"small\", evidence says \"large\"");
  // A condition states no fact to oppose.
  EXPECT_NE(only("If the museum is a small building in the city centre, it is quiet.").reason_code,
            ReasonCode::kAntonym);
}

TEST_F(VerifierTest, AClauseNamingBothSidesOfAnAntonymStatesNoOpposition) {
  context({"The cafe has outdoor seating and a small garden."});
  EXPECT_NE(only("The cafe has both indoor and outdoor seating.").reason_code,
            ReasonCode::kAntonym);
  EXPECT_EQ(only("The cafe has indoor seating and a small garden.").reason_code,
            ReasonCode::kAntonym);
}

// Whether any piece of `verdicts` has `code`.
bool any_code(const std::vector<Verdict>& verdicts, ReasonCode code) {
  return std::any_of(verdicts.begin(), verdicts.end(),
                     [&](const Verdict& v) { return v.reason_code == code; });
}

TEST_F(VerifierTest, APhrasalVerbIsNoOppositeOfItsVerbsOpposites) {
  // "break" is an opposite of "make"; "break down" (come apart) is not, on either side.
  context({"Rocks are made of smaller stones, and stones are made from rocks."});
  EXPECT_FALSE(any_code(verify("Rocks can be broken down into smaller pieces called stones."),
                        ReasonCode::kAntonym));
  context({"Rocks are broken down into smaller stones by the river."});
  EXPECT_FALSE(
      any_code(verify("Rocks are made into smaller stones by the river."), ReasonCode::kAntonym));
  // A preposition is no particle, and "close down" is the "close" that "open" opposes.
  context({"The museum opened in 2010 in the old harbour district."});
  EXPECT_TRUE(any_code(verify("The museum closed in 2010 in the old harbour district."),
                       ReasonCode::kAntonym));
  EXPECT_TRUE(any_code(verify("The museum closed down in 2010 in the old harbour district."),
                       ReasonCode::kAntonym));
}

TEST_F(VerifierTest, AValueListedBesideTheEvidencesValueIsNoConflict) {
  context(
      {"The 9am forecast for Hinesburg is sunny.", "The 3am forecast for Hinesburg is cloudy."});
  // The clause lists 3am among its values: which of them stands for the evidence's is not said.
  EXPECT_FALSE(any_code(verify("The forecast for Hinesburg is cloudy at 1am, 3am and 12am."),
                        ReasonCode::kEntityMismatch));
  EXPECT_TRUE(any_code(verify("The forecast for Hinesburg is cloudy at 1am."),
                       ReasonCode::kEntityMismatch));
  // Two values are no list: the other one still conflicts.
  context({"Smith joined the club in 2010 and left the club in 2015."});
  EXPECT_TRUE(any_code(verify("Smith, who joined in 2010, finally left the club in 2018."),
                       ReasonCode::kEntityMismatch));
}

TEST_F(VerifierTest, EachDayLeadsTheHoursAfterIt) {
  context({"hours Monday: 12:00 to 19:00.", "hours Tuesday: 14:00 to 21:00."});
  EXPECT_FALSE(any_code(verify("On Mondays, they are open from 12:00 PM to 7:00 PM, Tuesdays "
                               "from 2:00 PM to 9:00 PM."),
                        ReasonCode::kHoursMismatch));
  const std::vector<Verdict> wrong = verify(
      "On Mondays, they are open from 12:00 PM to 7:00 PM, Tuesdays from 3:00 PM to 9:00 PM.");
  const auto mismatch = std::find_if(wrong.begin(), wrong.end(), [](const Verdict& v) {
    return v.reason_code == ReasonCode::kHoursMismatch;
  });
  ASSERT_NE(mismatch, wrong.end());
  EXPECT_NE(mismatch->reason.find("Tuesday 15:00"), std::string::npos) << mismatch->reason;
}

TEST_F(VerifierTest, OppositesOpposeInTheSameDegreeOnly) {
  context({"The flat is in one of the most expensive areas of London and has a small garden."});
  // A comparison says nothing against the evidence's extreme or plain word ...
  EXPECT_NE(only("The flat is in an area of London that is cheaper than most.").reason_code,
            ReasonCode::kAntonym);
  EXPECT_NE(only("The flat is in one of the areas of London with larger gardens.").reason_code,
            ReasonCode::kAntonym);
  // ... while the same degree does.
  EXPECT_EQ(only("The flat is in one of the cheapest areas of London.").reason_code,
            ReasonCode::kAntonym);
  EXPECT_EQ(only("The flat is in London and has a large garden.").reason_code,
            ReasonCode::kAntonym);
  // A sufficiency is measured against a purpose, which may differ: "too large" is no opposite
  // of "small", nor of "small enough".
  EXPECT_NE(only("The flat is in London and has a garden too large to mow.").reason_code,
            ReasonCode::kAntonym);
  context({"The flat has a garden small enough for a family."});
  EXPECT_NE(only("The flat has a garden too large for a family.").reason_code,
            ReasonCode::kAntonym);
}

TEST_F(VerifierTest, AnAdjectiveIsCoveredByTheHeadItIsFormedFrom) {
  // WordNet's satellite "western" is similar to its head "west", and formed from it.
  context({"Storms hit the west coast of the island."});
  EXPECT_EQ(only("Storms hit the western coast of the island.").label, Label::kSupported);
  // "dead" is a satellite of "tired" in another sense: another word, not covered.
  context({"The patient was tired after the long operation."});
  EXPECT_NE(only("The patient was dead after the long operation.").label, Label::kSupported);
}

TEST_F(VerifierTest, AHyphenatedWordWrittenSolidIsTheSameWord) {
  context({"Guests get free WiFi in every room.", "Take-out is offered at the front desk."});
  EXPECT_EQ(only("Guests get free Wi-Fi in every room.").label, Label::kSupported);
  EXPECT_EQ(only("Takeout is offered at the front desk.").label, Label::kSupported);
  EXPECT_EQ(only("Guests get free Wi-Fi in the lobby bar.").label, Label::kUnsupported);
}

// A record's yes/no values as the context reader gives them (context::read_as_facts).
class RecordFlagsTest : public VerifierTest {
 protected:
  void record(std::string_view json) {
    auto facts = context::read_as_facts(json);
    ASSERT_TRUE(facts);
    std::vector<context::Passage> passages(1);
    passages[0].text = facts->text;
    passages[0].shape = facts->shape;
    passages[0].flags = facts->flags;
    index_ = index::ContextIndex::build(std::move(passages));
  }
  // The reason of a flag the answer says the other way, or "" when it says none so.
  std::string flag_conflict(std::string_view answer) {
    for (const Verdict& v : verify(answer)) {
      if (v.reason_code == ReasonCode::kFlagMismatch) return v.reason;
    }
    return "";
  }
};

TEST_F(RecordFlagsTest, ANegatedListDeniesEachOfItsItems) {
  record(R"({"name": "Old Town Tavern", "attributes": {"BusinessParking": {"garage": false,
      "street": false, "validated": false, "lot": true, "valet": false},
      "RestaurantsReservations": false, "Ambience": {"casual": false, "trendy": false,
      "hipster": false, "classy": true}}})");
  EXPECT_EQ(flag_conflict("It does not provide valet parking, street parking, or reservations."),
            "");
  EXPECT_EQ(flag_conflict("There is no garage, street, validated, or valet parking."), "");
  EXPECT_EQ(flag_conflict("The ambiance is not casual, trendy, or hipster."), "");
  // A cue that ends its clause denies what the clause names before it.
  EXPECT_EQ(flag_conflict("Lot parking is available, but garage, street, and valet parking are "
                          "not."),
            "");
  // What the list leaves out is still checked, and so is a list that is not negated.
  EXPECT_NE(flag_conflict("It offers street parking, garage parking, and valet parking."), "");
  EXPECT_NE(flag_conflict("There is no lot parking."), "");
}

TEST_F(RecordFlagsTest, ADeniedAvailabilityDeniesItsSubject) {
  record(R"({"name": "Itsuki", "attributes": {"WiFi": "no", "BusinessParking": {"street":
      true, "lot": false}}})");
  EXPECT_EQ(flag_conflict("Wi-Fi is not available at the restaurant."), "");
  EXPECT_EQ(flag_conflict("Lot parking is not offered at the hotel."), "");
  EXPECT_NE(flag_conflict("Street parking is not available."), "");
  // A contrast bounds what the denial reaches.
  EXPECT_EQ(flag_conflict("Street parking is available, while Wi-Fi is not available."), "");
  EXPECT_NE(flag_conflict("Guests get free Wi-Fi."), "");
}

TEST_F(RecordFlagsTest, AGroupIsNamedByItsHeadWord) {
  record(R"({"name": "The New Black BBQ", "attributes": {"BusinessParking": {"street": false,
      "lot": true}}})");
  // "business" qualifies "parking"; on its own it names the business, not its parking.
  EXPECT_EQ(flag_conflict("It is a local business that operates as a street vendor."), "");
  EXPECT_EQ(only("Street parking is offered nearby.").label, Label::kContradicted);
  record(R"({"name": "Bakery", "attributes": {"GoodForMeal": {"dinner": false}}})");
  EXPECT_NE(flag_conflict("It is good for dinner."), "");
}

// Keys that share a first word ("Restaurants…") carry the record's kind: an answer names the
// flag without it, and names the record by its name.
TEST_F(RecordFlagsTest, AFirstWordKeysShareNamesTheRecordsKind) {
  record(R"({"name": "Pascucci", "attributes": {"RestaurantsReservations": false,
      "RestaurantsTakeOut": true, "RestaurantsGoodForGroups": true, "WiFi": "free"}})");
  EXPECT_NE(flag_conflict("Pascucci takes reservations."), "");
  EXPECT_NE(flag_conflict("Pascucci does not offer takeout."), "");
  EXPECT_EQ(flag_conflict("Pascucci does not take reservations."), "");
  EXPECT_EQ(flag_conflict("It does not, however, require reservations."), "");
}

TEST_F(VerifierTest, SynonymsAndDerivationsCountAsCovered) {
  context({"The company purchased the factory in Ohio after its founder retired."});
  Verdict v = only("The company bought the factory in Ohio.");
  EXPECT_EQ(v.label, Label::kSupported) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kSupportedCoverage);
  context({"Smith founded the company in Ohio."});
  Verdict derived = only("Smith is the founder of the company in Ohio.");
  EXPECT_EQ(derived.label, Label::kSupported) << derived.reason;
}

TEST_F(VerifierTest, MissingContentWordsAreLowCoverage) {
  context({"The museum is a large building in the city centre."});
  Verdict v = only("The museum hosts famous contemporary exhibitions.");
  EXPECT_EQ(v.label, Label::kUnsupported) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kLowCoverage);
  EXPECT_NE(v.reason.find("famous"), std::string::npos) << v.reason;
  EXPECT_LT(v.score, options_.min_coverage);
}

TEST_F(VerifierTest, ShortAnswerIsGroundedByContextAndQuestion) {
  context(
      {"Arthur's Magazine (1844–1846) was an American literary periodical published in "
       "Philadelphia in the 19th century.First for Women is a woman's magazine published "
       "by Bauer Media Group in the USA."});
  const char* question = "Which magazine is older, Arthur's Magazine or First for Women?";
  EXPECT_EQ(only("Arthur's Magazine", question).label, Label::kSupported);
  // The question asks for the comparison; it cannot ground the answer's "older", and the
  // context dates only one of the two.
  Verdict v = only("First for Women is older.", question);
  EXPECT_EQ(v.label, Label::kUnsupported) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kOrderUndated) << v.reason;
}

TEST_F(VerifierTest, ParticleAloneIsNoClaim) {
  context({kGoertz});
  Verdict v = only("Yes.");
  EXPECT_EQ(v.label, Label::kSupported);
  EXPECT_EQ(v.reason_code, ReasonCode::kNoClaim);
}

TEST_F(VerifierTest, ClausesAreVerifiedSeparately) {
  context({kGoertz});
  const std::string answer = "Goertz is an American musician, but she was born in 1985.";
  std::vector<Verdict> v = verify(answer);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].label, Label::kSupported) << v[0].reason;
  EXPECT_EQ(v[1].label, Label::kContradicted) << v[1].reason;
  EXPECT_EQ(answer.substr(v[1].answer_begin, v[1].answer_end - v[1].answer_begin),
            "she was born in 1985.");
}

TEST_F(VerifierTest, NoMatchingPieceIsNoEvidence) {
  context({kGoertz});
  Verdict v = only("Quantum chromodynamics describes gluons.");
  EXPECT_EQ(v.label, Label::kUnsupported);
  EXPECT_EQ(v.reason_code, ReasonCode::kNoEvidence);
  EXPECT_FALSE(v.evidence.has_value());
}

constexpr const char* kColleges =
    "Boston College is a private research university located in Chestnut Hill, Massachusetts. "
    "Stanford University is a private research university in Stanford, California.";

TEST_F(VerifierTest, NamesTheContextNeverRelatesAreUnsupported) {
  context({kColleges});
  Verdict v = only("Stanford University is located in Chestnut Hill.");
  EXPECT_EQ(v.label, Label::kUnsupported) << v.reason;
  EXPECT_EQ(v.type, HallucinationType::kContextualFabrication);
  EXPECT_EQ(v.reason_code, ReasonCode::kUnboundRelation);
  EXPECT_NE(v.reason.find("never relates"), std::string::npos) << v.reason;
  EXPECT_EQ(only("Boston College is located in Chestnut Hill.").label, Label::kSupported);
}

TEST_F(VerifierTest, ATitleIsRelatedToWhatFollowsIt) {
  context(
      {"Albert Brooks is an American actor . Finding Dory . Directed by Andrew Stanton , the "
       "screenplay was written by Stanton and Victoria Strouse ."});
  Verdict v = only("Finding Dory was directed by Andrew Stanton.");
  EXPECT_NE(v.reason_code, ReasonCode::kUnboundRelation) << v.reason;
  EXPECT_EQ(only("Albert Brooks was directed by Andrew Stanton.").reason_code,
            ReasonCode::kUnboundRelation);
}

TEST_F(VerifierTest, ANumberCitingASourceRelatesNothing) {
  // The context's passages are numbered as the answer cites them ("passage 2:").
  context({"passage 1: In Greek the name Theresa means reaper.",
           "passage 2: In Spanish the name is common, with 2 saints."});
  Verdict v = only("In Greek, Theresa means reaper (passage 2).");
  EXPECT_EQ(v.label, Label::kSupported) << v.reason;
}

TEST_F(VerifierTest, TheWordOneRelatesNothing) {
  // "one" is as often a determiner or a pronoun as a count: the context's other "one" is no
  // party the claim must share a sentence with.
  context({"Leonard fought Duran three times in all.", "Only one referee scored it even."});
  EXPECT_NE(only("Leonard beat Duran in one of their fights.").reason_code,
            ReasonCode::kUnboundRelation);
  EXPECT_EQ(only("Leonard beat Duran in 1 of their fights.").reason_code,
            ReasonCode::kUnboundRelation);
}

TEST_F(VerifierTest, BothNamesMustEachBeRelatedToTheClaim) {
  context(
      {"The New Pornographers is a Canadian indie rock band formed in Vancouver. Kings of Leon "
       "is an American rock band that formed in Nashville."});
  EXPECT_EQ(only("Both The New Pornographers and Kings of Leon are American rock bands.").label,
            Label::kUnsupported);
  EXPECT_EQ(only("Kings of Leon is an American rock band.").label, Label::kSupported);
}

TEST_F(VerifierTest, ValueOfAnotherNameIsUnsupported) {
  context(
      {"Max Volmer was a German physical chemist. Otto Stern won the Nobel Prize in Physics in "
       "1943."});
  Verdict v = only("Max Volmer won the Nobel Prize in 1943.");
  EXPECT_EQ(v.label, Label::kUnsupported) << v.reason;
  EXPECT_EQ(only("Otto Stern won the Nobel Prize in 1943.").label, Label::kSupported);
}

TEST_F(VerifierTest, PronounChainRelatesANameToTheNextSentence) {
  context({"Courtney Love is an American singer. She formed the band Hole in 1989."});
  EXPECT_EQ(only("Courtney Love formed Hole in 1989.").label, Label::kSupported);
}

TEST_F(VerifierTest, ALastNameAloneInTheContextSpeaksOfTheFullName) {
  // News style: the full name once, then the last name alone at a sentence start.
  context(
      {"Paul Sheerin has been appointed Arbroath manager. Sheerin, 39, replaces Neil Cooper. "
       "Keith Richards is a guitarist. The Richards Group is an agency."});
  EXPECT_EQ(only("Paul Sheerin, 39, replaces Neil Cooper.").label, Label::kSupported);
  // The last word inside a longer name ("Richards Group", "Keith Richards") is not a short form.
  const Verdict v = only("Tom Richards is an agency.");
  EXPECT_NE(v.label, Label::kSupported) << v.reason;
}

TEST_F(VerifierTest, ContentWordSaidOfAnotherNameIsUnsupported) {
  context(
      {"Cooking Light is an American monthly food and lifestyle magazine. Hot Rod is a monthly "
       "American car magazine devoted to drag racing."});
  Verdict v = only("Hot Rod is a food magazine.");
  EXPECT_EQ(v.label, Label::kUnsupported) << v.reason;
  EXPECT_NE(v.reason.find("food"), std::string::npos) << v.reason;
  EXPECT_EQ(only("Hot Rod is a car magazine.").label, Label::kSupported);
}

TEST_F(VerifierTest, ComparisonsAreNotBoundToOneSentence) {
  context({"Arthur Smith was born in 1844. Jane Doe was born in 1901."});
  EXPECT_EQ(only("Arthur Smith was born before Jane Doe.").label, Label::kSupported);
}

TEST_F(VerifierTest, NounsThatLookLikeComparativesDoNotTurnTheRelationCheckOff) {
  // WordNet reads "Peter" as "pet" + "er" and "founder" as "found" + "er": neither compares.
  context({"Her first film was Perfume in 2001.",
           "Serendipity is a romantic comedy film directed by Peter Chelsom.",
           "Acme Books was founded by Jane Doe. Mark Roe is an American poet."});
  EXPECT_EQ(only("The director of Perfume was Peter Chelsom.").label, Label::kUnsupported);
  EXPECT_EQ(only("The director of Serendipity was Peter Chelsom.").label, Label::kSupported);
  EXPECT_EQ(only("The founder of Acme Books was Mark Roe.").label, Label::kUnsupported);
  // Still a comparison after a copula, though WordNet has "closer" as a noun: the question
  // does not ground it.
  context({"Rickenbacker Airport is 10 mi south of Columbus, Ohio."});
  const std::string question = "Which airport is closer to Ohio, Rickenbacker Airport or JFK?";
  EXPECT_EQ(only("Rickenbacker Airport is closer.", question).label, Label::kUnsupported);
}

TEST_F(VerifierTest, APartOfAHyphenatedContextWordIsAContextWord) {
  context({"bolton-born boxer amir khan enjoyed a day at a safari park .",
           "Keating was recommended to Gulls boss Kevin Nicholson by ex-Port Vale manager Micky "
           "Adams."});
  EXPECT_EQ(only("Amir Khan is a boxer born in Bolton.").label, Label::kSupported);
  EXPECT_EQ(only("Micky Adams managed Port Vale.").label, Label::kSupported);
  EXPECT_EQ(only("Amir Khan is a boxer born in Leeds.").label, Label::kUnsupported);
}

TEST_F(VerifierTest, OnlyCountsOfTheSameThingContradict) {
  context({"The band has produced eight gold albums and one platinum live album.",
           "The byway can be accessed by U.S. Highway 60.",
           "Villegas made an ace on the fourth and also managed one on the eighth."});
  Verdict v = only("The band has produced twelve gold albums.");
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  EXPECT_EQ(v.reason, "answer says twelve, evidence says eight");
  EXPECT_EQ(only("The byway can be accessed by U.S. Highway 70.").label, Label::kContradicted);
  // "two aces" and "one on the eighth" count different things.
  v = only("Villegas made two aces on the fourth and the eighth.");
  EXPECT_NE(v.reason_code, ReasonCode::kEntityMismatch) << v.reason;
}

TEST_F(VerifierTest, WhatAClauseSaysIsSaidOfTheNameItOpensWith) {
  context(
      {"Cia Berg is a Swedish television presenter and singer. She was the lead singer of the "
       "rock band Whale.",
       "David Lee Roth is an American rock vocalist. In 2007, he was inducted into the Rock and "
       "Roll Hall of Fame."});
  // "Rock" names nothing: the other name must be related to the subject itself.
  EXPECT_EQ(
      only("Cia Berg and David Lee Roth were inducted into the Rock and Roll Hall of Fame.").label,
      Label::kUnsupported);
  EXPECT_EQ(only("Cia Berg was inducted into the Hall of Fame.").label, Label::kUnsupported);
  EXPECT_EQ(only("David Lee Roth was inducted into the Rock and Roll Hall of Fame.").label,
            Label::kSupported);
}

TEST_F(VerifierTest, NamesJoinedToTheSubjectAreEachItsSubject) {
  context({"Alan Furst is an American author of spy novels.",
           "Jim Grant, known by his pen name Lee Child, is a British author of thrillers.",
           "Dan Brown is an American author of thrillers."});
  // Said of each subject apart: the subjects need not be related to each other.
  EXPECT_EQ(only("Alan Furst and Dan Brown are American authors.").label, Label::kSupported);
  EXPECT_EQ(only("Alan Furst and Lee Child are American authors.").label, Label::kUnsupported);
  // "Both" with no name: the question's names are the subjects.
  const std::string question = "Alan Furst and Lee Child are what?";
  EXPECT_EQ(only("Both are American authors.", question).label, Label::kUnsupported);
  EXPECT_EQ(only("Both are authors.", question).label, Label::kSupported);
}

TEST_F(VerifierTest, OnlyIsContradictedWhenTheContextSaysTheSameOfTheOtherOne) {
  context({"Manhattan West is a project of office towers in New York City.",
           "The Singer Building was an office building in New York City.",
           "Sake bomb is a beer cocktail made with sake."});
  const std::string question = "Are Manhattan West and the Singer Building both in New York?";
  Verdict v = only("No, only Manhattan West is in New York.", question);
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kExclusiveMismatch);
  EXPECT_EQ(v.reason,
            "answer says only \"Manhattan West\", the context says the same of "
            "\"Singer Building\"");
  const std::string drinks = "Are Manhattan West and Sake bomb both office towers?";
  EXPECT_EQ(only("No, only Manhattan West is a project of office towers.", drinks).label,
            Label::kSupported);
}

TEST_F(VerifierTest, QuestionsNameTheContextDoesNotWriteIsWhomItsOpeningPronounMeans) {
  // A retrieved chunk cut from its document: "Her" is the question's Lucy Gordon.
  context(
      {" Her first film was Perfume in 2001 before small roles in Serendipity. Serendipity is a "
       "romantic comedy film directed by Peter Chelsom."});
  const std::string question = "Who directed the film in which Lucy Gordon had a small role?";
  EXPECT_EQ(only("Lucy Gordon directed Serendipity.", question).label, Label::kUnsupported);
  EXPECT_EQ(only("Lucy Gordon had a small role in Serendipity.", question).label,
            Label::kSupported);
  // A name that shares only a surname with the context's is someone else.
  context(
      {" He is a nephew of the high jumper Javier Sotomayor. Javier Sotomayor is the world "
       "record holder in the high jump."});
  const std::string nephew = "Who is the world record holder and uncle of Lorenzo Sotomayor?";
  EXPECT_EQ(only("Lorenzo Sotomayor holds the world record.", nephew).label, Label::kUnsupported);
  EXPECT_EQ(only("Javier Sotomayor holds the world record.", nephew).label, Label::kSupported);
}

TEST_F(VerifierTest, ACountrysAdjectiveDoesNotSayTheCountry) {
  context(
      {"The Honoured Society (Italian: Onorata Societa) is a criminal confederation active "
       "in Australia. Deshane Beckford is a forward from Jamaica."});
  // The sentence with the place changed: the evidence's place says otherwise.
  const Verdict italy = only("The Honoured Society is active in Italy.");
  EXPECT_EQ(italy.label, Label::kContradicted);
  ASSERT_TRUE(italy.correction.has_value());
  EXPECT_EQ(italy.correction->evidence_text, "Australia");
  EXPECT_EQ(only("Deshane Beckford is a Jamaican forward.").label, Label::kSupported);
}

TEST_F(VerifierTest, ANameMadeOfContextWordsIsUnsupported) {
  context(
      {"Tyndall Air Force Base is a base located 12 mi east of Panama City, Florida. "
       "Christopher Livingstone \"Chris\" Eubank Jr. is a British boxer."});
  Verdict v = only("The base is Panama City Air Force Base.");
  EXPECT_EQ(v.label, Label::kUnsupported) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kMissingEntity);
  EXPECT_EQ(v.reason, "\"Panama City Air Force Base\" is not a name the context writes");
  EXPECT_EQ(only("The base is Tyndall Air Force Base.").label, Label::kSupported);
  // Written in a row there, though the extractor cut the context's name otherwise.
  EXPECT_EQ(only("Chris Eubank Jr. is a British boxer.").label, Label::kSupported);
  // The question writes it.
  EXPECT_NE(only("The base is Panama City Air Force Base.",
                 "Is Panama City Air Force Base "
                 "near Panama City?")
                .reason_code,
            ReasonCode::kMissingEntity);
  options_.names_as_written = false;
  EXPECT_EQ(only("The base is Panama City Air Force Base.").label, Label::kSupported);
}

TEST_F(VerifierTest, RelationCheckCanBeTurnedOff) {
  context({kColleges});
  options_.check_relations = false;
  EXPECT_EQ(only("Stanford University is located in Chestnut Hill.").label, Label::kSupported);
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
