#include "filters/text/modality.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::text {
namespace {

Modality of(std::string_view clause) {
  return clause_modality(tokenize(clause));
}

TEST(Modality, ReadsTheStrengthAClauseStatesItWith) {
  EXPECT_EQ(of("The drug reduces blood pressure."), Modality::kFact);
  EXPECT_EQ(of("The drug may reduce blood pressure."), Modality::kPossible);
  EXPECT_EQ(of("Coffee could lower the risk."), Modality::kPossible);
  EXPECT_EQ(of("The study suggests that coffee lowers the risk."), Modality::kPossible);
  EXPECT_EQ(of("Revenue is expected to grow 10%."), Modality::kPossible);
  EXPECT_EQ(of("The firm plans to open an office."), Modality::kPossible);
  EXPECT_EQ(of("The cause was likely a fire."), Modality::kPossible);
  EXPECT_EQ(of("Applicants must submit the form."), Modality::kRequired);
  EXPECT_EQ(of("Applicants are required to submit the form."), Modality::kRequired);
  EXPECT_EQ(of("Tenants can cancel the lease."), Modality::kPermitted);
  // A hedge weakens the whole clause, whatever else it holds.
  EXPECT_EQ(of("Applicants must apply and may be interviewed."), Modality::kPossible);
}

// The verb a future auxiliary governs, as text ("" where none).
std::string planned(std::string_view sentence) {
  const std::vector<Token> tokens = tokenize(sentence);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (const std::optional<std::size_t> v = planned_verb(tokens, i)) return tokens[*v].norm;
  }
  return "";
}

TEST(Modality, AFutureAuxiliaryGovernsItsVerb) {
  EXPECT_EQ(planned("The store will open at 9."), "open");
  EXPECT_EQ(planned("The summit will be held in Geneva."), "held");
  EXPECT_EQ(planned("We'll also review the plan."), "review");
  EXPECT_EQ(of("The store will open at 9."), Modality::kFact);  // a plan is no hedge
  // Negated, or done by then, it states no plan.
  EXPECT_EQ(planned("The council will not approve the permit."), "");
  EXPECT_EQ(planned("The team will have finished by May."), "");
  EXPECT_EQ(planned("He said the plant would close."), "");
}

TEST(Modality, TheMonthAndReportedSpeechAreNoModality) {
  EXPECT_EQ(of("The museum opens in May."), Modality::kFact);
  EXPECT_EQ(of("May 5 is the deadline."), Modality::kFact);
  EXPECT_EQ(of("The company said it would open a store."), Modality::kFact);
  // "plan" or "set" without "to" is a noun or another verb.
  EXPECT_EQ(of("The plan covers dental care."), Modality::kFact);
  EXPECT_EQ(of("She set the record in 2019."), Modality::kFact);
}

TEST(Modality, ReportsAppearancesAndObligationsBeforeTo) {
  EXPECT_EQ(of("The drug is likely to reduce the risk."), Modality::kPossible);
  EXPECT_EQ(of("The CEO is said to have resigned."), Modality::kPossible);
  EXPECT_EQ(of("The drug appears to reduce the risk."), Modality::kPossible);
  EXPECT_EQ(of("Tenants have to pay rent by the 5th."), Modality::kRequired);
  // "said" of a speaker is no report of a belief.
  EXPECT_EQ(of("He said the plant closed."), Modality::kFact);
}

// Negated, "could" is a past inability (a fact), and "must", "shall", "can" a prohibition,
// which no wording of it overstates.
TEST(Modality, NegatedModalsAreInabilitiesOrProhibitions) {
  EXPECT_EQ(of("The team could not find the leak."), Modality::kFact);
  EXPECT_EQ(of("Employees must not share passwords."), Modality::kProhibited);
  EXPECT_EQ(of("The tenant shall not sublet the flat."), Modality::kProhibited);
  EXPECT_EQ(of("Users cannot delete the log."), Modality::kProhibited);
  EXPECT_EQ(of("The drug may not work for everyone."), Modality::kPossible);
  for (Modality m : {Modality::kFact, Modality::kPossible, Modality::kRequired,
                     Modality::kPermitted, Modality::kProhibited}) {
    EXPECT_FALSE(overstates(Modality::kProhibited, m));
    EXPECT_FALSE(overstates(m, Modality::kProhibited));
  }
}

TEST(Modality, TheToOfAPlanBelongsToIt) {
  const std::vector<Token> tokens = tokenize("Revenue is expected to grow.");
  EXPECT_TRUE(is_modality_word(tokens, 2));   // expected
  EXPECT_TRUE(is_modality_word(tokens, 3));   // to
  EXPECT_FALSE(is_modality_word(tokens, 4));  // grow
  const std::vector<Token> moved = tokenize("They moved to Boston.");
  EXPECT_FALSE(is_modality_word(moved, 2));
}

TEST(Modality, AnAnswerOverstatesWhatItsEvidenceCallsPossibleOrRequires) {
  EXPECT_TRUE(overstates(Modality::kPossible, Modality::kFact));
  EXPECT_TRUE(overstates(Modality::kPossible, Modality::kRequired));
  EXPECT_TRUE(overstates(Modality::kRequired, Modality::kPossible));
  EXPECT_TRUE(overstates(Modality::kRequired, Modality::kPermitted));
  EXPECT_TRUE(overstates(Modality::kPermitted, Modality::kRequired));
  // Saying less, or the same, is no overstatement.
  EXPECT_FALSE(overstates(Modality::kFact, Modality::kPossible));
  EXPECT_FALSE(overstates(Modality::kFact, Modality::kRequired));
  EXPECT_FALSE(overstates(Modality::kPossible, Modality::kPermitted));
  EXPECT_FALSE(overstates(Modality::kRequired, Modality::kFact));
  EXPECT_FALSE(overstates(Modality::kPossible, Modality::kPossible));
}

}  // namespace
}  // namespace groundgate::filters::text
