// What a statement adds that only narrows it and the tense it is in (narrowing.h), and the
// verifier's label for a negation or an opposite of the wider statement, at the same time or
// not.
#include "filters/semantic_piece/narrowing.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/filters/semantic_piece/read_sentence.h"
#include "tests/filters/semantic_piece/verifier_fixture.h"

namespace groundgate::filters::semantic_piece {
namespace {

const text::Lexicon* lexicon() {
  return text::Lexicon::shared().lexicon.get();
}

// The statement's text without its narrowing words, each token's text joined by spaces; "*"
// marks a time set aside.
std::string narrowed(const std::string& statement, const std::string& other) {
  const ReadSentence s(statement), o(other);
  const Narrowed n = without_narrowing(s.tokens, s.entities, o.tokens, lexicon());
  const std::string out = s.joined(n.tokens);
  return n.dropped_time ? out + " *" : out;
}

// The statement without its asides, "-" where it has none.
std::string without_asides_of(const std::string& statement) {
  const ReadSentence s(statement);
  const auto claim = without_asides(s.tokens, lexicon(), /*causes=*/true);
  return claim ? s.joined(*claim) : "-";
}

TEST(NarrowingTest, ARelativeClauseSetOffByCommasAndACauseAreAsides) {
  EXPECT_EQ(without_asides_of("The law, which took effect in January, does not apply to firms."),
            "The law does not apply to firms .");
  EXPECT_EQ(without_asides_of("The firm did not pay a dividend because of the pandemic, but paid "
                              "one in 2021."),
            "The firm did not pay a dividend , but paid one in 2021 .");
  EXPECT_EQ(without_asides_of("Flights were cancelled due to fog and rerouted."),
            "Flights were cancelled and rerouted .");
  // What the claim says stays: a relative clause no comma closes, "due to" of a schedule or
  // after a noun, and causes set against each other.
  for (const char* stays :
       {"It names the player, who scored twice.", "The bridge is due to open in May.",
        "The warranty covers damage due to misuse.",
        "Flights were not cancelled because of the fog but because of a strike."}) {
    const ReadSentence s(stays);
    EXPECT_FALSE(without_asides(s.tokens, lexicon(), true)) << stays;
  }
}

TEST(NarrowingTest, APhraseBetweenSharedWordsEndsWhereAnotherOpens) {
  EXPECT_EQ(narrowed("Exports of copper increased by 8 percent in the first quarter.",
                     "Exports of copper declined in the first quarter. increased"),
            "Exports of copper increased in the first quarter .");
}

TEST(NarrowingTest, AClauseOfTimeIsSetAsideThoughItRepeatsASharedWord) {
  EXPECT_EQ(narrowed("Shares in Norland Bank fell 2 percent on Friday after the central bank "
                     "raised rates.",
                     "Shares in Norland Bank rose on Friday. fell"),
            "Shares in Norland Bank fell on Friday . *");
}

TEST(NarrowingTest, AnAdjectiveWithItsPhraseAfterTheNounNarrowsIt) {
  EXPECT_EQ(narrowed("The exoplanet has an atmosphere rich in water vapour.",
                     "The exoplanet has no atmosphere."),
            "The exoplanet has an atmosphere .");
  // A place the statement may hold in only is no adjective's phrase.
  EXPECT_EQ(narrowed("The drug is approved in Europe.", "The drug is not approved."),
            "The drug is approved in Europe .");
}

TEST(NarrowingTest, ValuesAndRestrictingAdjectivesAreSetAside) {
  EXPECT_EQ(narrowed("The board approved a share buyback of $500 million.",
                     "The board did not approve a share buyback."),
            "The board approved a share buyback .");
  EXPECT_EQ(narrowed("The lounge offers free Wi-Fi.", "The lounge offers no Wi-Fi."),
            "The lounge offers Wi-Fi .");
  EXPECT_EQ(
      narrowed("Berg scored twice in the first half.", "Berg did not score in the first half."),
      "Berg scored in the first half .");
  // A value phrase between shared words, and a name that says which council.
  EXPECT_EQ(narrowed("The vaccine reduced admissions by 62 percent among adults.",
                     "The vaccine did not reduce admissions among adults."),
            "The vaccine reduced admissions among adults .");
  EXPECT_EQ(narrowed("The Harwick town council approved the budget.",
                     "The town council did not approve the budget."),
            "The town council approved the budget .");
  // "by" with no value is who did it.
  EXPECT_EQ(narrowed("The budget was approved by the council.", "The budget was not approved."),
            "The budget was approved by the council .");
}

TEST(NarrowingTest, ATimeAfterTheStatementAndAClauseOfTimeAreSetAside) {
  EXPECT_EQ(narrowed("Hale was sent off in the second half after arguing with the referee.",
                     "Hale was not sent off."),
            "Hale was sent off . *");
  EXPECT_EQ(narrowed("Finch conceded the race late on Tuesday night and congratulated his rival.",
                     "Finch refused to concede the race."),
            "Finch conceded the race and congratulated his rival . *");
  EXPECT_EQ(narrowed("Her work earned her the Lasker Award in 1965.",
                     "Her work did not earn her the Lasker Award."),
            "Her work earned her the Lasker Award . *");
}

// What makes the statement another one stays: a place or a group it holds for, an adjective
// that makes the thing something else, a word the other side holds. A time goes, marked: it
// tells when the statement held.
TEST(NarrowingTest, BoundsPlacesAndOtherThingsStay) {
  EXPECT_EQ(narrowed("Polaris was based in Roseau until 2008.", "Polaris is not based in Roseau."),
            "Polaris was based in Roseau . *");
  EXPECT_EQ(narrowed("The drug reduced mortality in mice.", "The drug did not reduce mortality."),
            "The drug reduced mortality in mice .");
  EXPECT_EQ(narrowed("The drug was approved in Europe.", "The drug was not approved."),
            "The drug was approved in Europe .");
  EXPECT_EQ(narrowed("The Hawks beat the Wolves at Elm Park.", "The Hawks lost to the Wolves."),
            "The Hawks beat the Wolves . *");
  EXPECT_EQ(
      narrowed("The board approved a proposed buyback.", "The board did not approve a buyback."),
      "The board approved a proposed buyback .");
  EXPECT_EQ(narrowed("The plan costs $9 per month.", "The plan does not cost $9 per month."),
            "The plan costs $ 9 per month .");
}

TEST(NarrowingTest, TheTenseIsTheFirstAuxiliarysOrTheVerbsForm) {
  for (const char* past : {"Hale was not sent off.", "Finch refused to concede.",
                           "Delacroix never married.", "The board did not approve it."}) {
    const ReadSentence s(past);
    EXPECT_EQ(tense_of(s.tokens, lexicon()), Tense::kPast) << past;
  }
  for (const char* present :
       {"Polaris is not based in Roseau.", "The company does not pay dividends.",
        "Prices are rising.", "The law, which took effect in January, does not apply."}) {
    const ReadSentence s(present);
    EXPECT_EQ(tense_of(s.tokens, lexicon()), Tense::kPresent) << present;
  }
  // "beat" is its own past; "plans", as often a noun as a verb, is no verb form WordNet tells;
  // a perfect speaks of now or of the past; two verbs may tell two tenses.
  for (const char* unknown : {"The Hawks beat the Wolves.", "Veltrix plans to open a store.",
                              "The store has not reopened.",
                              "The law, which took effect in January, applies to all firms."}) {
    const ReadSentence s(unknown);
    EXPECT_EQ(tense_of(s.tokens, lexicon()), Tense::kUnknown) << unknown;
  }
}

// The verifier: a negation of what a narrower sentence of the context states lines up with it,
// contradicted with that sentence as evidence, whatever the scorer makes of it.
TEST_F(VerifierTest, ANegationOfWhatANarrowerSentenceStatesIsAnAlignedConflict) {
  context(
      {"The board approved a share buyback of $500 million. Wolves coach Peter Hale was sent off "
       "in the second half after arguing with the referee. The lounge offers free Wi-Fi."});
  for (const char* answer :
       {"The board did not approve a share buyback.", "Wolves coach Peter Hale was not sent off.",
        "The lounge offers no Wi-Fi."}) {
    expect_aligned_conflict(answer, ReasonCode::kNegationMismatch);
  }
}

// The other way round: the answer narrower than the evidence's negation ("a clear benefit"
// against "no benefit"), and an opposite whose evidence sentence goes on with a clause of time
// or cause.
TEST_F(VerifierTest, ANarrowerAnswerOrAnOppositeBeforeAClauseOfTimeIsAnAlignedConflict) {
  context(
      {"Those who drank more than six cups a day showed no benefit. Apple shares fell 3 percent "
       "on Monday after the company cut its sales forecast."});
  expect_aligned_conflict("Those who drank more than six cups a day showed a clear benefit.",
                          ReasonCode::kNegationMismatch);
  expect_aligned_conflict("Apple shares rose 3 percent on Monday.", ReasonCode::kAntonym);
}

// A value a change started from and a time the plan is for narrow too; a tense no word tells
// ("plans") is no other tense.
TEST_F(VerifierTest, TheStartOfAChangeAndTheTimeOfAPlanNarrow) {
  context(
      {"Germany's unemployment rate rose to 5.9 percent in June from 5.7 percent in May. Veltrix "
       "plans to open a new data center in Dublin in 2025."});
  for (const char* answer : {"Germany's unemployment rate fell to 5.9 percent in June.",
                             "Veltrix has no plans to open a data center in Dublin."}) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kContradicted) << answer;
    EXPECT_TRUE(v.signals.aligned_conflict) << answer;
  }
}

// A time set aside denies only a past event; a group the statement holds for is no narrowing.
TEST_F(VerifierTest, ANegationOfTheWiderStatementAtAnotherTimeOrForAnotherGroupIsNotAligned) {
  context(
      {"Polaris was based in Roseau in 2008. The drug reduced mortality in mice. Acme was "
       "based in Duluth until 2008."});
  for (const char* answer :
       {"Polaris is not based in Roseau.", "The drug did not reduce mortality."}) {
    for (const Verdict& v : verify(answer))
      EXPECT_FALSE(v.signals.aligned_conflict) << answer;
  }
}

// A negation denies only what the evidence says of the same things at the same time: not a
// past state from the present, not another named place, not what the evidence excepts. An
// opposite likewise speaks of the evidence's names, the flipped word aside.
TEST_F(VerifierTest, APolarityOfAnotherTimeOrAnotherNameSaysNothingOtherwise) {
  context(
      {"Raymond Okoye played for Everton between 1998 and 2004. The restaurant opened a second "
       "branch in Lisbon in 2021. Sales of electric vans grew in every major European market "
       "except Italy last year. Stock in the Oslo warehouse decreased over the summer."});
  for (const char* answer : {"Raymond Okoye does not play for Everton.",
                             "The restaurant does not have a branch in Madrid.",
                             "Sales of electric vans did not grow in Italy last year.",
                             "Stock in the Bergen warehouse increased over the summer."}) {
    for (const Verdict& v : verify(answer)) {
      EXPECT_FALSE(v.signals.negation_mismatch) << answer;
      EXPECT_FALSE(v.signals.antonym) << answer;
    }
  }
  // A date the clause denies is the time of what it denies: another date of the context says
  // nothing of it.
  context(
      {"Kessler visited North Korea in 2005 as part of a humanitarian mission. Greta Lindholm "
       "has chaired the bank's board since 2018."});
  for (const char* answer : {"Kessler did not visit North Korea in 2010.",
                             "Greta Lindholm was not the bank's chair in 2015."})
    EXPECT_NE(only(answer).label, Label::kContradicted) << answer;
  EXPECT_EQ(only("Kessler visited North Korea in 2010.").label, Label::kContradicted);
  // Nor what the evidence excludes ("excludes theft"); the clause's own "does not exclude"
  // denies the exclusion.
  context({"Policy B covers water damage up to £10,000 but excludes theft."});
  for (const Verdict& v : verify("Policy B does not cover theft."))
    EXPECT_FALSE(v.signals.negation_mismatch);
  EXPECT_EQ(only("Policy B does not exclude theft.").label, Label::kContradicted);
  // What follows "excluded from" is the whole a thing is left out of, not the thing.
  context({"Theft is excluded from Policy A but covered by Policy B."});
  EXPECT_EQ(only("Policy B does not cover theft.").label, Label::kContradicted);
  // What either side says besides its claim (a relative clause set off by commas, a cause) is
  // set aside: the rest lines up.
  context(
      {"The law, which took effect in January, does not apply to businesses with fewer than "
       "ten employees.",
       "The company did not pay a dividend in 2020 because of the pandemic, but resumed "
       "payments in 2021."});
  for (const char* answer : {"The law applies to businesses with fewer than ten employees.",
                             "The company paid a dividend in 2020."}) {
    const Verdict v = only(answer);
    EXPECT_TRUE(v.signals.aligned_conflict) << answer;
  }
  // A cause the clause states too may be what the two differ in; so may two causes.
  context(
      {"Flights were not cancelled because of the fog but because of a strike. The CEO did "
       "not step down because of the lawsuit; he stepped down because of poor results."});
  for (const char* answer : {"Flights were cancelled because of a strike.",
                             "The CEO stepped down because of poor results."})
    EXPECT_FALSE(only(answer).signals.aligned_conflict) << answer;
  // The same things, or a flipped word of the name itself, still conflict.
  context({"Raymond Okoye played for Everton. The Thoen Stone is on display in South Dakota."});
  for (const char* answer : {"Raymond Okoye did not play for Everton.",
                             "The Thoen Stone is on display in North Dakota."})
    EXPECT_EQ(only(answer).label, Label::kContradicted) << answer;
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
