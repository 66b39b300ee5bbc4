// A judge's quote bears on a sentence when it shares the sentence's content words (a third of
// its stems) and one of its numbers, dates or names, read with the text engines' own analysis.
#include "filters/judge/quote_bearing.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace groundgate::filters::judge {
namespace {

Bearing of(std::string_view sentence, std::vector<std::string> quotes,
           BearingFor use = BearingFor::kSupport) {
  return bearing(sentence, quotes, use);
}

TEST(QuoteBearing, CountsTheSentencesContentStemsAndAnchorsInTheQuotes) {
  const Bearing b = of("Refunds are accepted within 30 days.",
                       {"refunds are granted for 30 days after delivery"});
  EXPECT_EQ(4u, b.terms);  // refund, accept, 30, day: function words do not count
  EXPECT_EQ(3u, b.shared_terms);
  EXPECT_EQ(1u, b.anchors);  // "30 days"
  EXPECT_EQ(1u, b.shared_anchors);
  EXPECT_TRUE(b.bears());
  EXPECT_EQ("shares 3 of 4 content words and 1 of its 1 numbers or names", b.describe());
}

TEST(QuoteBearing, WordsAreComparedByTheirStemsAndCase) {
  EXPECT_TRUE(of("The museum publishes its accounts yearly.",
                 {"Museum accounts were PUBLISHED for every year"})
                  .bears());
}

TEST(QuoteBearing, AQuoteAboutSomethingElseDoesNotBear) {
  const Bearing b = of("Refunds are accepted within 30 days.", {"Our offices open at 9 am"});
  EXPECT_EQ(0u, b.shared_terms);
  EXPECT_FALSE(b.bears());
  EXPECT_FALSE(of("Refunds are accepted within 30 days.", {}).bears());
}

// Support needs one of the sentence's figures with the same value; a contradiction's quote
// states the figure the sentence gets wrong, so one of the same kind is enough.
TEST(QuoteBearing, SupportNeedsTheSameValueAContradictionOneOfTheSameKind) {
  const std::vector<std::string> quote = {"Refunds are accepted within 14 days"};
  EXPECT_FALSE(of("Refunds are accepted within 30 days.", quote).bears());
  EXPECT_TRUE(
      of("Refunds are accepted within 30 days.", quote, BearingFor::kContradiction).bears());
  // Another kind of figure (money against a duration) is not the quantity the sentence states.
  EXPECT_FALSE(of("Refunds are accepted within 30 days.", {"Refunds are accepted for $30"},
                  BearingFor::kContradiction)
                   .bears());
}

TEST(QuoteBearing, ANameCountsByItsWords) {
  const Bearing b = of("Marie Curie discovered polonium in 1898.", {"Curie named polonium"});
  EXPECT_EQ(2u, b.anchors);  // the name and the year
  EXPECT_EQ(1u, b.shared_anchors);
  EXPECT_TRUE(b.bears());
  EXPECT_FALSE(of("Marie Curie discovered polonium in 1898.", {"polonium is a rare element"})
                   .bears());  // neither the name nor the year
}

TEST(QuoteBearing, ASentenceWithoutAnchorsNeedsTwoSharedWords) {
  EXPECT_FALSE(of("The sky is blue.", {"the sky was grey all day"}).bears());
  EXPECT_TRUE(of("The sky is blue.", {"a blue sky over the hills"}).bears());
  EXPECT_FALSE(of("It is what it is.", {"it is what it is"}).bears());  // no content words
}

TEST(QuoteBearing, ALongSentenceNeedsAThirdOfItsWords) {
  const std::string sentence =
      "The bridge across the northern river carries trains, cars and bicycles every day.";
  EXPECT_FALSE(of(sentence, {"the northern river floods"}).bears());
  EXPECT_TRUE(of(sentence, {"the bridge over the northern river carries trains"}).bears());
}

}  // namespace
}  // namespace groundgate::filters::judge
