// Two parties of a relation in each other's place: the pure pair reading (party_swap.h) and the
// verifier's label for it.
#include "filters/semantic_piece/party_swap.h"

#include <gtest/gtest.h>

#include "tests/filters/semantic_piece/read_sentence.h"
#include "tests/filters/semantic_piece/verifier_fixture.h"

namespace groundgate::filters::semantic_piece {
namespace {

// The sentence's pairs with WordNet, as the verifier reads them: irregular verbs by their
// base forms ("sued").
std::vector<PartyPair> pairs_of(const ReadSentence& r) {
  return party_pairs(r.view(), text::Lexicon::shared().lexicon.get());
}

PairOrder order_of(const std::string& a, const std::string& b) {
  const ReadSentence x(a), y(b);
  const std::vector<PartyPair> px = pairs_of(x), py = pairs_of(y);
  if (px.size() != 1 || py.size() != 1) return PairOrder::kOther;
  return compare_pairs(px.front(), py.front(), text::Lexicon::shared().lexicon.get());
}

// A full name and its last word are one party, as news writes a name after its first
// mention; any verb of winning over someone goes one way.
TEST(PartySwapTest, AFullNameAndItsLastWordAreOneParty) {
  EXPECT_EQ(order_of("Medvedev overcame Sinner in Beijing.",
                     "Jannik Sinner overcame Daniil Medvedev in Beijing."),
            PairOrder::kSwapped);
  EXPECT_EQ(order_of("Sinner overcame Medvedev in Beijing.",
                     "Jannik Sinner overcame Daniil Medvedev in Beijing."),
            PairOrder::kSame);
  EXPECT_EQ(order_of("Serena Williams beat Coco Gauff.", "Venus Williams beat Coco Gauff."),
            PairOrder::kOther);
}

TEST(PartySwapTest, TwoNamesRelatedByAVerbAreAPair) {
  const ReadSentence r("Acme acquired Beta in 2019.");
  const std::vector<PartyPair> pairs = pairs_of(r);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].first.key, "acme");
  EXPECT_EQ(pairs[0].second.key, "beta");
  ASSERT_EQ(pairs[0].relation.size(), 1u);
  EXPECT_EQ(pairs[0].relation[0].norm, "acquired");
}

TEST(PartySwapTest, TheSamePartiesTheOtherWayRoundAreSwapped) {
  EXPECT_EQ(order_of("Beta acquired Acme in 2019.", "Acme acquired Beta in 2019."),
            PairOrder::kSwapped);
  EXPECT_EQ(order_of("In 2011, Samsung sued Apple over patents.", "Apple sued Samsung."),
            PairOrder::kSwapped);
  EXPECT_EQ(order_of("Acme acquired Beta.", "Acme acquired Beta in 2019."), PairOrder::kSame);
  EXPECT_EQ(order_of("Prices rose from 5% to 8% in May.", "Prices rose from 8% to 5%."),
            PairOrder::kSwapped);
}

TEST(PartySwapTest, AnotherRelationOrVoiceIsNoSwap) {
  // The passive says the same the other way round, and the opposite the same way round.
  EXPECT_EQ(order_of("Beta was acquired by Acme.", "Acme acquired Beta."), PairOrder::kSame);
  EXPECT_EQ(order_of("Australia were defeated by Afghanistan.", "Australia defeated Afghanistan."),
            PairOrder::kSwapped);
  EXPECT_EQ(order_of("Beta did not acquire Acme.", "Acme acquired Beta."), PairOrder::kOther);
  // The verb in any of its forms: "were beaten by" is the passive of "beat".
  EXPECT_EQ(order_of("PSV were beaten by Ajax.", "PSV beat Ajax 2-1."), PairOrder::kSwapped);
  EXPECT_EQ(order_of("Ajax were beaten by PSV.", "PSV beat Ajax 2-1."), PairOrder::kSame);
  // A score between the names is the relation's measure; a determiner before the second
  // name is the name's.
  EXPECT_EQ(order_of("Ajax beat PSV.", "Ajax were beaten 3-0 by PSV on Sunday."),
            PairOrder::kSwapped);
  EXPECT_EQ(order_of("The Grizzlies beat the Warriors.",
                     "The Golden State Warriors were beaten 130-101 by the Memphis Grizzlies."),
            PairOrder::kSame);
}

TEST(PartySwapTest, ARelationThatMayHoldBothWaysIsNoPair) {
  for (const char* s :
       {"Carol married Dave.", "Carol and Dave founded it.", "Carol met Dave.",
        "Lyon is near Geneva.", "Carol is the sister of Dave.", "Acme merged with Beta.",
        "Carol, Dave and Erin came.", "Alice is identical to Bob.", "Germany borders France.",
        "Carol is a classmate of Dave."}) {
    EXPECT_TRUE(pairs_of(ReadSentence(s)).empty()) << s;
  }
}

TEST(PartySwapTest, ANegatedModalConditionalOrReportedRelationIsNoPair) {
  for (const char* s : {"Acme did not acquire Beta.", "Acme could acquire Beta.",
                        "If Acme acquired Beta, prices would rise.",
                        "Reports that Acme acquired Beta were false."}) {
    EXPECT_TRUE(pairs_of(ReadSentence(s)).empty()) << s;
  }
}

TEST(PartySwapTest, MoreWordsOrThePassiveSayTheSame) {
  EXPECT_EQ(order_of("Beta acquired Acme.", "Beta later acquired Acme in 2023."), PairOrder::kSame);
  EXPECT_EQ(order_of("Beta acquired Acme.", "Acme was acquired by Beta."), PairOrder::kSame);
}

TEST(PartySwapTest, APartyThatIsAPartOrPossessionIsNoPair) {
  for (const char* s : {"The head of Acme praised Beta.", "Acme's board acquired Beta.",
                        "Acme acquired Beta shares.", "Acme acquired Beta's unit."}) {
    EXPECT_TRUE(pairs_of(ReadSentence(s)).empty()) << s;
  }
}

// Whether `piece` says `clause` with two of its words exchanged (exchanged_words), and the
// piece's words for the exchanged span.
std::string exchange_of(const std::string& clause, const std::string& piece) {
  const ReadSentence c(clause), p(piece);
  bool stated = false;
  const std::optional<Exchange> e =
      exchanged_words(c.tokens, p.tokens, text::Lexicon::shared().lexicon.get(), stated);
  if (stated) return "stated";
  if (!e) return "";
  return p.text.substr(e->piece_begin, e->piece_end - e->piece_begin);
}

TEST(PartySwapTest, TwoWordsExchangedAroundAnOrderAreAnExchange) {
  EXPECT_EQ(exchange_of("Garcia finished second, behind Chen, in the final.",
                        "Chen finished second, behind Garcia, in the final."),
            "Chen finished second, behind Garcia");
  EXPECT_EQ(exchange_of("The effect was stronger in men than in women.",
                        "The effect was stronger in women than in men."),
            "women than in men");
  EXPECT_EQ(exchange_of("Anna Berg won the race, finishing ahead of Maria.",
                        "Maria won the race, finishing ahead of Anna Berg and Sofia."),
            "Maria won the race, finishing ahead of Anna Berg");
}

TEST(PartySwapTest, WordsTogetherOrInNoOrderAreNoExchange) {
  EXPECT_EQ(
      exchange_of("Chen and Garcia finished the final.", "Garcia and Chen finished the final."),
      "");
  EXPECT_EQ(exchange_of("Chen met Garcia in the final.", "Garcia met Chen in the final."), "");
  EXPECT_EQ(exchange_of("Chen did not finish behind Garcia.", "Garcia did not finish behind Chen."),
            "");
  EXPECT_EQ(exchange_of("Chen finished behind Garcia.", "Chen finished behind Garcia again."),
            "stated");
}

TEST_F(VerifierTest, WordsExchangedAgainstTheEvidenceAreContradicted) {
  context({"Chen finished second, behind Garcia, in the 100 meters final."});
  const std::string_view answer = "Garcia finished second, behind Chen, in the 100 meters final.";
  expect_corrected(answer, "Chen finished second, behind Garcia");
  EXPECT_EQ(only(answer).reason_code, ReasonCode::kPartiesSwapped);
  // A context that also states it the clause's way holds the clause's own.
  context(
      {"Chen finished second, behind Garcia, in the heats. Garcia finished second, behind "
       "Chen, in the final."});
  EXPECT_NE(only("Garcia finished second, behind Chen.").label, Label::kContradicted);
}

TEST_F(VerifierTest, PartiesSwappedAgainstTheEvidenceAreContradicted) {
  context({"Acme makes the parts in Ohio. Acme acquired Beta in 2019. Carol married Dave."});
  const Verdict v = only("Beta acquired Acme in 2019.");
  EXPECT_EQ(v.label, Label::kContradicted) << v.reason;
  EXPECT_EQ(v.reason_code, ReasonCode::kPartiesSwapped);
  EXPECT_TRUE(v.signals.aligned_conflict);
  ASSERT_TRUE(v.correction);
  EXPECT_EQ(v.correction->evidence_text, "Acme acquired Beta");
  for (const char* same : {"Acme acquired Beta in 2019.", "Beta was acquired by Acme in 2019.",
                           "Dave married Carol."}) {
    EXPECT_NE(only(same).reason_code, ReasonCode::kPartiesSwapped) << same;
  }
  // The same way round in the other voice turns the relation round.
  const Verdict passive = only("Acme was acquired by Beta in 2019.");
  EXPECT_EQ(passive.reason_code, ReasonCode::kPartiesSwapped);
  EXPECT_EQ(passive.label, Label::kContradicted);
  context({"PSV beat Ajax 2-1 in the final on Sunday."});
  EXPECT_EQ(only("PSV were beaten by Ajax 2-1 in the final on Sunday.").reason_code,
            ReasonCode::kPartiesSwapped);
  EXPECT_NE(only("Ajax were beaten by PSV in the final.").label, Label::kContradicted);
  // Two results tell who won whatever their verbs.
  context(
      {"Naomi Osaka lost to Coco Gauff in the third round. The Denver Broncos won 24-17 over "
       "the Kansas City Chiefs."});
  for (const char* swapped :
       {"Naomi Osaka defeated Coco Gauff in the third round.",
        "The Chiefs won 24-17 over the Broncos.", "The Broncos lost to the Chiefs."}) {
    const Verdict v = only(swapped);
    EXPECT_EQ(v.label, Label::kContradicted) << swapped;
    EXPECT_TRUE(v.signals.aligned_conflict) << swapped;
  }
  for (const char* same : {"Coco Gauff defeated Naomi Osaka in the third round.",
                           "The Chiefs lost 24-17 to the Broncos."})
    EXPECT_NE(only(same).label, Label::kContradicted) << same;
  context({"The Golden State Warriors were beaten 130-101 by the Memphis Grizzlies on Monday."});
  EXPECT_EQ(only("The Warriors beat the Grizzlies on Monday.").reason_code,
            ReasonCode::kPartiesSwapped);
  EXPECT_NE(only("The Grizzlies beat the Warriors 130-101 on Monday.").label, Label::kContradicted);
  // A noun of a result further on tells no result of the first party.
  EXPECT_NE(only("The Warriors suffered a heavy defeat to the Grizzlies.").label,
            Label::kContradicted);
}

// A swap in a piece about another event ("later", another year) is no conflict.
TEST_F(VerifierTest, PartiesSwappedInAnotherEventAreNoConflict) {
  context({"Acme acquired Beta in 2019. Beta later acquired Acme in 2023."});
  EXPECT_NE(only("Beta acquired Acme in 2023.").label, Label::kContradicted);
  context({"Alice beat Bob in 2010. Bob finally beat Alice in 2012."});
  EXPECT_NE(only("Bob beat Alice in 2012.").label, Label::kContradicted);
}

// The reverse stated in another form of the verb agrees ("countersued", "suing", "had beaten").
TEST_F(VerifierTest, PartiesTheContextStatesInOtherWordsAreNoConflict) {
  context({"Acme sued Beta in 2019, and Beta countersued Acme in 2020."});
  EXPECT_NE(only("Beta sued Acme in 2020.").label, Label::kContradicted);
  context({"Acme sued Beta, and Beta responded by suing Acme for libel."});
  EXPECT_NE(only("Beta sued Acme for libel.").label, Label::kContradicted);
  context({"Acme beat Beta in the semifinal; Beta had beaten Acme the previous year."});
  EXPECT_NE(only("Beta beat Acme the previous year.").label, Label::kContradicted);
}

// A context that states it both ways (a suit and its countersuit) holds the clause's own.
TEST_F(VerifierTest, PartiesTheContextAlsoStatesInTheClausesOrderAreNoConflict) {
  context(
      {"In 2011 Apple sued Samsung over patents. Samsung sued Apple over patents a week "
       "later."});
  EXPECT_NE(only("Samsung sued Apple over patents.").label, Label::kContradicted);
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
