// A passive said in the active (voice.h), and the verifier's label for a sentence that says
// the same, or its negation, in the other voice.
#include "filters/semantic_piece/voice.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/filters/semantic_piece/read_sentence.h"
#include "tests/filters/semantic_piece/verifier_fixture.h"

namespace groundgate::filters::semantic_piece {
namespace {

// The active form's tokens joined by spaces; "-" where there is none.
std::string active(const std::string& statement) {
  const ReadSentence s(statement);
  const auto out = active_form(s.tokens, text::Lexicon::shared().lexicon.get());
  return out ? s.joined(*out) : "-";
}

TEST(VoiceTest, APassiveWithItsAgentIsTurnedRound) {
  EXPECT_EQ(active("The treaty was never ratified by the Senate, and the US withdrew."),
            "the Senate never ratified The treaty , and the US withdrew .");
  EXPECT_EQ(active("The airline said that the fee was waived by the council in May."),
            "The airline said that the council waived the fee in May .");
  EXPECT_EQ(active("Ajax were easily beaten by PSV on Sunday."),
            "PSV easily beaten Ajax on Sunday .");
}

TEST(VoiceTest, NoAgentOrNoParticipleIsNoPassiveToTurn) {
  EXPECT_EQ(active("The treaty was ratified in 1999."), "-");
  EXPECT_EQ(active("The museum was by far the largest."), "-");
  EXPECT_EQ(active("The Senate ratified the treaty."), "-");
}

TEST_F(VerifierTest, ANegationInTheOtherVoiceIsAnAlignedConflict) {
  context(
      {"The treaty was never ratified by the Senate, and the United States withdrew its "
       "signature in 2002."});
  const Verdict v = only("The Senate ratified the treaty.");
  EXPECT_EQ(v.label, Label::kContradicted);
  EXPECT_TRUE(v.signals.aligned_conflict);
  EXPECT_NE(only("The Senate never ratified the treaty.").label, Label::kContradicted);
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
