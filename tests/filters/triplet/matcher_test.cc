#include <gtest/gtest.h>

#include "filters/text/lexicon.h"
#include "filters/triplet/triplet_matcher.h"

namespace groundgate::filters::triplet {
namespace {

using ArgumentMatch = TripletMatcher::ArgumentMatch;
using RelationMatch = TripletMatcher::RelationMatch;

class MatcherTest : public ::testing::Test {
 protected:
  static Triplet with_verb(std::string verb) {
    Triplet t;
    t.verb = std::move(verb);
    return t;
  }
  TripletMatcher matcher_{text::Lexicon::shared().lexicon.get()};
};

TEST_F(MatcherTest, ArgumentsByEntityValue) {
  EXPECT_EQ(ArgumentMatch::kSame, matcher_.match_arguments("30%", "30 percent"));
  EXPECT_EQ(ArgumentMatch::kConflict, matcher_.match_arguments("1977", "1976"));
  EXPECT_EQ(ArgumentMatch::kConflict, matcher_.match_arguments("$5 million", "$7 million"));
}

TEST_F(MatcherTest, ArgumentsByContainmentAndOverlap) {
  EXPECT_EQ(ArgumentMatch::kSame, matcher_.match_arguments("Jobs", "Steve Jobs"));
  EXPECT_EQ(ArgumentMatch::kSame,
            matcher_.match_arguments("the new research centre", "a research centre"));
  EXPECT_EQ(ArgumentMatch::kNone, matcher_.match_arguments("the product", "the company"));
}

TEST_F(MatcherTest, ArgumentsByAcronym) {
  EXPECT_EQ(ArgumentMatch::kSame,
            matcher_.match_arguments("NASA", "the National Aeronautics and Space Administration"));
}

TEST_F(MatcherTest, RelationsByLemmaSynonymAndDerivation) {
  EXPECT_EQ("be", matcher_.relation_lemma(with_verb("was")));
  EXPECT_EQ("write", matcher_.relation_lemma(with_verb("wrote")));
  EXPECT_EQ(RelationMatch::kSame,
            matcher_.match_relations(with_verb("founded"), with_verb("founds")));
  EXPECT_EQ(RelationMatch::kSame,
            matcher_.match_relations(with_verb("founded"), with_verb("established")));
  EXPECT_EQ(RelationMatch::kSame,
            matcher_.match_relations(with_verb("author"), with_verb("wrote")));
  EXPECT_EQ(RelationMatch::kNone,
            matcher_.match_relations(with_verb("founded"), with_verb("sold")));
}

TEST_F(MatcherTest, RelationAntonyms) {
  EXPECT_EQ(RelationMatch::kAntonym,
            matcher_.match_relations(with_verb("increased"), with_verb("decreased")));
}

TEST_F(MatcherTest, WorksWithoutLexicon) {
  const TripletMatcher bare(nullptr);
  EXPECT_EQ(RelationMatch::kSame,
            bare.match_relations(with_verb("founded"), with_verb("founding")));
  EXPECT_EQ(ArgumentMatch::kSame, bare.match_arguments("Jobs", "Steve Jobs"));
}

TEST_F(MatcherTest, ValuesConflictOnlyInTheSameRole) {
  // Two descriptions with names of other people: two roles, not two values of one.
  EXPECT_EQ(ArgumentMatch::kNone,
            matcher_.match_arguments("the father of James Murdoch",
                                     "the current chairman and acting CEO of Fox News"));
  EXPECT_EQ(ArgumentMatch::kConflict,
            matcher_.match_arguments("a budget of $5 million", "a budget of $7 million"));
  EXPECT_EQ(ArgumentMatch::kConflict, matcher_.match_arguments("1966", "18 September 1989"));
}

TEST_F(MatcherTest, GenerationalSuffixNamesAnotherPerson) {
  EXPECT_EQ(ArgumentMatch::kNone, matcher_.match_arguments("Chris Eubank", "Chris Eubank Jr."));
  EXPECT_EQ(ArgumentMatch::kSame, matcher_.match_arguments("Chris Eubank Jr.", "Eubank Jr."));
}

}  // namespace
}  // namespace groundgate::filters::triplet
