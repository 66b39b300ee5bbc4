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
  // Without WordNet only the listed base forms are known.
  EXPECT_TRUE(opposed_outcomes("lose", "beat", nullptr));
  EXPECT_FALSE(opposed_outcomes("lost", "beat", nullptr));
}

}  // namespace
}  // namespace groundgate::filters::text
