// A state the clause says goes on that the context says has ended (ended_state.h), and the
// verifier's label for it.
#include "filters/semantic_piece/ended_state.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/filters/semantic_piece/read_sentence.h"
#include "tests/filters/semantic_piece/verifier_fixture.h"

namespace groundgate::filters::semantic_piece {
namespace {

// The piece's ending verb against the clause, or "" where the piece says no such end.
std::string ending(const char* clause, const char* piece) {
  const ReadSentence c(clause), p(piece);
  const std::optional<EndedState> found =
      ended_state(c.tokens, p.tokens, text::Lexicon::shared().lexicon.get());
  return found ? p.text.substr(found->piece_begin, found->piece_end - found->piece_begin) : "";
}

TEST(EndedStateTest, AStateThatGoesOnAgainstItsEnd) {
  EXPECT_EQ(ending("The law is still in force.", "The law was repealed in 2011."), "repealed");
  EXPECT_EQ(ending("The airline continues to operate flights.",
                   "The airline ceased operations in 2019 after failing to find funding."),
            "ceased");
  EXPECT_EQ(
      ending("Pellman is still the manager.", "Pellman was dismissed as manager in November."),
      "dismissed");
  EXPECT_EQ(ending("The factory is still producing goods.",
                   "The factory stopped production in March 2020."),
            "stopped");
}

// Another thing ended, or the subject only in part or for a while; an end planned, denied or
// undone; a clause of the past, a negated one, or one of another state.
TEST(EndedStateTest, AnEndOfAnotherThingOrOfAWhileIsNone) {
  for (const char* piece :
       {"The airline ceased flights to Oslo in 2019.", "The airline will cease operations.",
        "The airline did not cease operations in 2019.",
        "The airline ceased operations for two weeks in 2019.",
        "The airline ceased operations in 2019 and resumed them in 2021."})
    EXPECT_EQ(ending("The airline continues to operate flights.", piece), "") << piece;
  EXPECT_EQ(ending("The company is still selling trucks.", "The company stopped selling cars."),
            "");
  EXPECT_EQ(ending("The bakery is still open.", "The bakery closed its second shop in 2018."), "");
  EXPECT_EQ(ending("The bakery is still famous.", "The bakery closed in 2018."), "");
  EXPECT_EQ(ending("The bakery was still open in 2017.", "The bakery closed in 2018."), "");
  EXPECT_EQ(ending("The bakery is not still open.", "The bakery closed in 2018."), "");
  EXPECT_EQ(ending("The law is in force.", "The law was repealed in 2011."), "");
}

TEST_F(VerifierTest, AStateThatHasEndedIsContradicted) {
  context(
      {"Pellman was dismissed as manager in November after a run of seven defeats. The law was "
       "repealed in 2011, two decades after it was introduced."});
  for (const char* answer : {"Pellman is still the manager.", "The law is still in force."}) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kContradicted) << answer;
    EXPECT_TRUE(v.signals.aligned_conflict) << answer;
  }
  // Another sentence of the context that tells of a restart undoes the end.
  context({"The law was repealed in 2011. It was reinstated by the new parliament in 2015."});
  EXPECT_NE(only("The law is still in force.").label, Label::kContradicted);
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
