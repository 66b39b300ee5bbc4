// What a negation denies a value (denied.h): the time of a denied clause, and the value a
// sentence says its slot does not hold, as against a bound it holds true.
#include "filters/semantic_piece/denied.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/filters/semantic_piece/read_sentence.h"

namespace groundgate::filters::semantic_piece {
namespace {

const text::Lexicon* lexicon() {
  return text::Lexicon::shared().lexicon.get();
}

// The words of the predicate `sentence` denies the words `word` (their first occurrence) in,
// joined by spaces, or "" where it denies them no slot.
std::string denied_predicate(const std::string& sentence, const std::string& word) {
  const ReadSentence s(sentence);
  std::string out;
  for (std::size_t k : denied_by(s.tokens, sentence.find(word), lexicon()))
    out += (out.empty() ? "" : " ") + std::string(s.tokens[k].norm);
  return out;
}

bool slot_denied(const std::string& sentence, const std::string& word) {
  return !denied_predicate(sentence, word).empty();
}

TEST(DeniedTest, ANegatedValueIsDeniedItsSlot) {
  EXPECT_EQ(denied_predicate("The bridge was not built by the Romans.", "Romans"), "built");
  EXPECT_EQ(denied_predicate("This barn should not be confused with the barn in Cataloochee.",
                             "Cataloochee"),
            "confused barn");
  EXPECT_TRUE(slot_denied("The festival was not held in 2020.", "2020"));
  EXPECT_TRUE(slot_denied("The council never approved the Harbour plan.", "Harbour"));
  EXPECT_FALSE(slot_denied("The bridge was built by the Romans.", "Romans"));
}

// A bound between the cue and the value makes it a limit the sentence holds true; a value
// before the cue, or past the end of its scope, is stated.
TEST(DeniedTest, ABoundOrAValueOutsideTheScopeIsNoDenial) {
  EXPECT_FALSE(slot_denied("Applications must arrive no later than 5 April.", "5 April"));
  EXPECT_FALSE(slot_denied("The hall holds no more than 50 guests.", "50"));
  EXPECT_FALSE(slot_denied("The line did not reopen until 2010.", "2010"));
  EXPECT_FALSE(slot_denied("The law covers not only the Romans but the Gauls.", "Romans"));
  EXPECT_FALSE(slot_denied("In 2020 the festival was not held.", "2020"));
  EXPECT_FALSE(slot_denied("The company does not sell anywhere in Europe.", "Europe"));
  EXPECT_FALSE(slot_denied("It is no secret that the bridge was built by the Romans.", "Romans"));
  // A value given after all leaves the denied one denied.
  EXPECT_TRUE(slot_denied("The company was not founded in 1990 but in 1992.", "1990"));
  EXPECT_FALSE(slot_denied("The fee was not charged, and the Romans paid 40 dollars.", "Romans"));
}

TEST(DeniedTest, ADateInADeniedClauseIsItsTime) {
  const ReadSentence s("The minister did not visit North Korea in 2010.");
  EXPECT_TRUE(denied_value(s.tokens, s.entity("2010"), lexicon()));
  const ReadSentence stated("The minister visited North Korea in 2010, but did not stay.");
  EXPECT_FALSE(denied_value(stated.tokens, stated.entity("2010"), lexicon()));
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
