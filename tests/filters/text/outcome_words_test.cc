#include "filters/text/outcome_words.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace groundgate::filters::text {
namespace {

TEST(OutcomeWords, AVerbOfWinningOverSomeoneOpposesLose) {
  const Lexicon* lexicon = Lexicon::shared().lexicon.get();
  ASSERT_NE(lexicon, nullptr);
  for (const char* win : {"beat", "beats", "defeated", "edged", "overcame", "trounced"}) {
    EXPECT_TRUE(opposed_outcomes("lost", win, lexicon)) << win;
    EXPECT_TRUE(opposed_outcomes(win, "loses", lexicon)) << win;
  }
  EXPECT_FALSE(opposed_outcomes("beat", "defeated", lexicon));
  EXPECT_FALSE(opposed_outcomes("lost", "lost", lexicon));
  EXPECT_FALSE(opposed_outcomes("lost", "played", lexicon));
  // A base form that is as often a noun counts only inflected.
  EXPECT_TRUE(wins_over("edged", lexicon));
  EXPECT_FALSE(wins_over("edge", lexicon));
  // Without WordNet, by stem: regular forms only.
  EXPECT_TRUE(wins_over("defeated", nullptr));
  EXPECT_TRUE(opposed_outcomes("loses", "beats", nullptr));
  EXPECT_FALSE(wins_over("overcame", nullptr));
}

// Who won, by the words between the two parties.
std::optional<bool> first_won(const std::string& between) {
  const std::vector<Token> tokens = tokenize(between);
  return first_party_won(tokens, Lexicon::shared().lexicon.get());
}

TEST(OutcomeWords, TheWordsBetweenTwoPartiesTellWhoWon) {
  for (const char* first : {"beat", "defeated", "edged past", "won 24-17 over", "outscored"})
    EXPECT_EQ(first_won(first), std::optional<bool>(true)) << first;
  for (const char* second :
       {"were beaten by", "was narrowly defeated 3-0 by", "lost to", "lost 5-4 to"})
    EXPECT_EQ(first_won(second), std::optional<bool>(false)) << second;
  // No result: a verb of another kind, "lost" with no "to", "won" with no "over".
  for (const char* none :
       {"met", "played", "lost the final against", "won the cup with", "suffered a heavy defeat to",
        "were nearly beaten by", "almost beat", "tried to beat", "have to beat"})
    EXPECT_FALSE(first_won(none)) << none;
}

}  // namespace
}  // namespace groundgate::filters::text
