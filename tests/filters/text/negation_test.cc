#include "filters/text/negation.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace groundgate::filters::text {
namespace {

// The governed words of each cue, as text (verb forms read with `lexicon` when given).
std::vector<std::vector<std::string>> scopes(std::string_view sentence,
                                             const Lexicon* lexicon = nullptr) {
  const std::vector<Token> tokens = tokenize(sentence);
  std::vector<std::vector<std::string>> out;
  for (const NegationScope& scope : negation_scopes(tokens, lexicon)) {
    auto& words = out.emplace_back();
    for (std::size_t i : scope.words)
      words.push_back(tokens[i].norm);
  }
  return out;
}

using Scopes = std::vector<std::vector<std::string>>;

// "refused" and "declined" deny their complement only before "to".
TEST(Negation, RefusingOrDecliningToDoItIsNotDoingIt) {
  EXPECT_EQ(scopes("The senator refused to endorse the bill."), (Scopes{{"endorse", "bill"}}));
  EXPECT_EQ(scopes("The company declined to comment."), (Scopes{{"comment"}}));
  EXPECT_TRUE(scopes("Sales declined 5% in 2020.").empty());
  EXPECT_TRUE(scopes("He was refused entry.").empty());
  // A level reached, or a market's close, is no verb denied.
  EXPECT_TRUE(scopes("Revenue declined to $2.1 billion from $2.4 billion.").empty());
  EXPECT_TRUE(scopes("Membership declined to its lowest level in a decade.").empty());
  EXPECT_TRUE(scopes("The stock declined to close at $45.").empty());
}

// "with or without" names both sides.
TEST(Negation, WithOrWithoutDeniesNothing) {
  EXPECT_TRUE(scopes("Colors are fawn or brindled, with or without white markings.").empty());
  EXPECT_FALSE(scopes("The coat comes without white markings.").empty());
}

// A cue right after another denies it: the pair negates nothing.
TEST(Negation, ACueDeniedByAnotherNegatesNothing) {
  EXPECT_TRUE(scopes("The company never failed to pay its dividend.").empty());
  EXPECT_TRUE(scopes("The company has never failed to pay a dividend.").empty());
  EXPECT_TRUE(scopes("The mayor did not decline to attend.").empty());
}

// After a negated base verb, a verb of another form is a second predicate: "appealed", "was
// fined". One the scope opens a clause for is not ("whether the plant would reopen").
TEST(Negation, AVerbOfAnotherFormAfterANegatedBaseVerbIsASecondPredicate) {
  EXPECT_EQ(scopes("The firm refused to pay the fine and appealed the decision."),
            (Scopes{{"pay", "fine"}}));
  EXPECT_EQ(scopes("The driver who failed to stop was fined $200."), (Scopes{{"stop"}}));
  EXPECT_EQ(scopes("He did not want to be seen."), (Scopes{{"want", "seen"}}));
  EXPECT_EQ(scopes("Officials declined to say whether the plant would reopen."),
            (Scopes{{"say", "plant", "reopen"}}));
}

TEST(Negation, ScopeRunsToTheEndOfTheClauseAndIsBounded) {
  EXPECT_EQ(scopes("He did not win the cup, and retired."), (Scopes{{"win", "cup"}}));
  EXPECT_EQ(scopes("They could n't quite land the title , losing out"),
            (Scopes{{"land", "title"}}));
  EXPECT_EQ(scopes("It was never seen in any large northern European city again"),
            (Scopes{{"seen", "large", "northern", "european"}}));
  EXPECT_EQ(scopes("No reports came but damage was done"), (Scopes{{"reports", "came"}}));
  // "and" or "or" before an auxiliary or a subject pronoun: a second predicate.
  EXPECT_EQ(scopes("The museum is not open on Mondays and is closed in winter."),
            (Scopes{{"open", "mondays"}}));
  EXPECT_EQ(scopes("He was not injured and he played."), (Scopes{{"injured"}}));
  EXPECT_EQ(scopes("He does not eat meat or drink milk."),
            (Scopes{{"eat", "meat", "drink", "milk"}}));
  EXPECT_EQ(scopes("It must not be sold or be given to children."),
            (Scopes{{"sold", "given", "children"}}));
  // A word set off by commas right after the cue leaves the clause going on.
  EXPECT_EQ(scopes("It does not, however, require reservations."),
            (Scopes{{"require", "reservations"}}));
}

TEST(Negation, ANegatedListRunsOnOverItsCommas) {
  EXPECT_EQ(scopes("It does not offer delivery, takeout, or reservations."),
            (Scopes{{"offer", "delivery", "takeout", "reservations"}}));
  EXPECT_EQ(scopes("There is no garage, street, validated, or valet parking."),
            (Scopes{{"garage", "street", "validated", "valet", "parking"}}));
  // One part after "..., and" is a second predicate; a part with its own subject a clause.
  EXPECT_EQ(scopes("He did not win the cup, and retired."), (Scopes{{"win", "cup"}}));
  EXPECT_EQ(scopes("It does not offer delivery, takeout, and it is open late."),
            (Scopes{{"offer", "delivery"}}));
  // After the closing item's "or", a clause of its own ends the list.
  EXPECT_EQ(scopes("It is not suitable for trendy, upscale, or intimate dining as it has a "
                   "casual ambiance."),
            (Scopes{{"suitable", "trendy", "upscale", "intimate", "dining"}}));
  // A verb after the closing item makes the items its subject: no list.
  EXPECT_EQ(scopes("It may never arise again, whereby the private sector, the committee, NBC and "
                   "the public are joining forces."),
            (Scopes{{"arise"}}));
  // A list never closed by "and", "or" or "nor" is no list.
  EXPECT_EQ(scopes("It does not offer delivery, takeout was added later."),
            (Scopes{{"offer", "delivery"}}));
}

TEST(Negation, VerbsThatNegateTheirComplement) {
  EXPECT_EQ(scopes("They failed to progress beyond the last eight."),
            (Scopes{{"progress", "beyond", "last", "eight"}}));
  EXPECT_EQ(scopes("Aldo lacks motivation."), (Scopes{{"motivation"}}));
  EXPECT_EQ(scopes("The council bypassed the usual bidding process."),
            (Scopes{{"usual", "bidding", "process"}}));
  EXPECT_EQ(scopes("It decided to waive the fee."), (Scopes{{"fee"}}));
  // After a cue's "-s" form, an "-s" verb is a second predicate of the same subject (the
  // lexicon tells a verb form).
  const auto loaded = Lexicon::shared();
  ASSERT_TRUE(loaded.lexicon) << loaded.error;
  EXPECT_EQ(scopes("The plan waives the deductible and covers dental care.", loaded.lexicon.get()),
            (Scopes{{"deductible"}}));
  // An inflected verb joined after the object is a second predicate.
  EXPECT_EQ(scopes("The council waived the fee and approved the permit."), (Scopes{{"fee"}}));
  EXPECT_EQ(scopes("The hotel has no garage but offered valet parking."), (Scopes{{"garage"}}));
  // A noun or a passive is no such verb.
  EXPECT_TRUE(scopes("The Kingston bypass opened in 1990.").empty());
  EXPECT_TRUE(scopes("The fee is waived for seniors.").empty());
}

TEST(Negation, FocusAndBareParticlesNegateNothing) {
  EXPECT_TRUE(scopes("Not only the band but the fans came.").empty());
  EXPECT_TRUE(scopes("It was not the only ace of the day.").empty());
  EXPECT_TRUE(scopes("She is not the same person as the governor.").empty());
  EXPECT_TRUE(scopes("No, it was not.").empty());
  EXPECT_TRUE(scopes("The bridge opened in 1932.").empty());
}

TEST(Negation, ADeniedQuantifierOrDegreeLeavesThePredicate) {
  EXPECT_TRUE(scopes("Not all ovens have warming drawers.").empty());
  EXPECT_TRUE(scopes("Things are not always as they seem.").empty());
  EXPECT_TRUE(scopes("The two smokes are not equally harmful.").empty());
  EXPECT_EQ(scopes("They could not quite land it."), (Scopes{{"land"}}));
}

TEST(Negation, ACueInAConditionStatesNoFact) {
  EXPECT_TRUE(scopes("If hot water can't get your glasses clean, use baking soda.").empty());
  EXPECT_TRUE(scopes("He can hurt people unless he does not learn control.").empty());
  // The condition ends with its clause: the main clause's negation counts.
  EXPECT_EQ(scopes("If it rains, the match will not go ahead."), (Scopes{{"go", "ahead"}}));
}

TEST(Negation, TheClauseBeforeTheCueIsKept) {
  const std::vector<Token> tokens = tokenize("After filing, explain why the debt is not owed.");
  const std::vector<NegationScope> found = negation_scopes(tokens);
  ASSERT_EQ(1u, found.size());
  std::vector<std::string> before;
  for (std::size_t i : found[0].before)
    before.push_back(tokens[i].norm);
  EXPECT_EQ((std::vector<std::string>{"explain", "debt"}), before);
}

// The negated clause's own subject: the words of its clause after the last word that opens a
// clause inside the sentence.
TEST(Negation, TheNegatedClausesSubjectIsKept) {
  auto subject = [](std::string_view sentence) {
    const std::vector<Token> tokens = tokenize(sentence);
    std::vector<std::string> out;
    for (const NegationScope& scope : negation_scopes(tokens)) {
      for (std::size_t i : scope.subject)
        out.push_back(tokens[i].norm);
    }
    return out;
  };
  EXPECT_EQ(subject("Mule deer have a black tip on their tail, while white-tailed deer do not "
                    "have a black tip."),
            (std::vector<std::string>{"white-tailed", "deer"}));
  EXPECT_EQ(subject("After filing, explain why the debt is not owed."),
            (std::vector<std::string>{"debt"}));
  EXPECT_EQ(subject("The old museum does not open on Mondays."),
            (std::vector<std::string>{"old", "museum"}));
  // "and" joins the parts of a subject; the verb before "no" or "without" is no part of it.
  EXPECT_EQ(subject("Mule deer and elk do not have a black tip."),
            (std::vector<std::string>{"mule", "deer", "elk"}));
  EXPECT_EQ(subject("The hotel offers no parking."), (std::vector<std::string>{"hotel"}));
}

TEST(Negation, AnyCueIsFoundWhateverItGoverns) {
  EXPECT_TRUE(has_negation_cue(tokenize("A blend of two accents which favoured neither.")));
  EXPECT_TRUE(has_negation_cue(tokenize("Eugene failed last November in its bid.")));
  EXPECT_FALSE(has_negation_cue(tokenize("Eugene won its bid.")));
}

TEST(Negation, OmissionsInEitherVoice) {
  using Stems = std::vector<std::string>;
  EXPECT_EQ(omissions(tokenize("The council waived the fee.")), Stems{"waiv"});
  EXPECT_EQ(omissions(tokenize("The fee was waived by the council.")), Stems{"waiv"});
  EXPECT_EQ(omissions(tokenize("The figures were omitted, and the fee is waived.")),
            (Stems{"omit", "waiv"}));
  EXPECT_TRUE(omissions(tokenize("The fee was not waived.")).empty());
  EXPECT_TRUE(omissions(tokenize("The report does not omit the figures.")).empty());
  EXPECT_TRUE(omissions(tokenize("The council charged the fee.")).empty());
}

TEST(Negation, ANegatedCondition) {
  EXPECT_TRUE(negates_in_condition(tokenize("If the tenant does not pay, a fee applies.")));
  EXPECT_TRUE(negates_in_condition(tokenize("The fee applies unless it is not paid.")));
  EXPECT_FALSE(negates_in_condition(tokenize("If the tenant pays, no fee applies.")));
  EXPECT_FALSE(negates_in_condition(tokenize("The tenant does not pay if it rains.")));
  EXPECT_TRUE(states_condition(tokenize("If the tenant pays, no fee applies.")));
  EXPECT_FALSE(states_condition(tokenize("The tenant does not pay.")));
}

TEST(Negation, DeniedOmissions) {
  using Stems = std::vector<std::string>;
  EXPECT_EQ(denied_omissions(tokenize("The fee was not waived.")), Stems{"waiv"});
  EXPECT_EQ(denied_omissions(tokenize("The council did not waive the fee.")), Stems{"waiv"});
  EXPECT_TRUE(denied_omissions(tokenize("The council waived the fee.")).empty());
  EXPECT_TRUE(denied_omissions(tokenize("The council did not charge the fee.")).empty());
}

TEST(Negation, NonFormsOfAWord) {
  EXPECT_TRUE(non_form_of("non-refundable", "refundable"));
  EXPECT_TRUE(non_form_of("nonrefundable", "refundable"));
  EXPECT_FALSE(non_form_of("refundable", "non-refundable"));
  EXPECT_FALSE(non_form_of("nonce", "ce"));
  EXPECT_FALSE(non_form_of("none", "e"));
  EXPECT_FALSE(non_form_of("nonprofit", "profitable"));
  EXPECT_FALSE(non_form_of("non-refundable", "refunded"));
  EXPECT_TRUE(non_form_of("non-refundable", "refunded", /*by_stem=*/true));
}

}  // namespace
}  // namespace groundgate::filters::text
