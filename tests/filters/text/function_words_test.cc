#include "filters/text/function_words.h"

#include <gtest/gtest.h>

#include "filters/text/calendar_words.h"

namespace groundgate::filters::text {
namespace {

TEST(FunctionWords, BeFormsAreEveryFormOfBeAndNoClitic) {
  for (const char* w : {"is", "are", "was", "were", "be", "been", "being", "am"})
    EXPECT_TRUE(kBeForms.contains(w)) << w;
  // "'s" is also "has" and the possessive: callers that mean "be" test it themselves.
  for (const char* w : {"'s", "'re", "'m", "has", "bee", "Is", ""})
    EXPECT_FALSE(kBeForms.contains(w)) << w;
}

TEST(FunctionWords, AuxiliariesAreTheOtherAuxiliariesAndModals) {
  for (const char* w : {"has", "have", "had", "do", "does", "did", "will", "would", "can", "could",
                        "may", "might", "must", "shall", "should"}) {
    EXPECT_TRUE(kAuxiliaryVerbs.contains(w)) << w;
    EXPECT_FALSE(kBeForms.contains(w)) << w;
  }
  for (const char* w : {"is", "'ve", "'ll", "cannot", "made"})
    EXPECT_FALSE(kAuxiliaryVerbs.contains(w)) << w;
}

TEST(FunctionWords, EachPronounIsInOneTable) {
  struct Case {
    const char* word;
    bool subject, object, possessive;
  };
  for (const Case& c : {Case{"he", true, false, false}, Case{"she", true, false, false},
                        Case{"it", true, false, false}, Case{"they", true, false, false},
                        Case{"him", false, true, false}, Case{"them", false, true, false},
                        Case{"his", false, false, true}, Case{"her", false, false, true},
                        Case{"its", false, false, true}, Case{"their", false, false, true},
                        Case{"we", false, false, false}, Case{"hers", false, false, false}}) {
    EXPECT_EQ(kSubjectPronouns.contains(c.word), c.subject) << c.word;
    EXPECT_EQ(kObjectPronouns.contains(c.word), c.object) << c.word;
    EXPECT_EQ(kPossessiveDeterminers.contains(c.word), c.possessive) << c.word;
  }
}

TEST(CalendarWords, WeekdaysAreNumberedFromMonday) {
  EXPECT_EQ(kWeekdays.find("monday"), 0);
  EXPECT_EQ(kWeekdays.find("wednesday"), 2);
  EXPECT_EQ(kWeekdays.find("sunday"), 6);
  EXPECT_EQ(kWeekdays.find("mondays"), -1);
  EXPECT_EQ(kWeekdays.find("Monday"), -1);  // token norms are lowercase
  EXPECT_EQ(kWeekdays.find("mon"), -1);
}

}  // namespace
}  // namespace groundgate::filters::text
