#include "filters/text/outcome_words.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace groundgate::filters::text
