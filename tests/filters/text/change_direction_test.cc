#include "filters/text/change_direction.h"

#include <gtest/gtest.h>

namespace groundgate::filters::text {
namespace {

TEST(ChangeDirection, TellsARiseFromAFall) {
  for (const char* rise : {"grew", "increased", "up", "gained", "doubled"})
    EXPECT_EQ(change_direction(rise), ChangeDirection::kRise) << rise;
  for (const char* fall : {"shrank", "declined", "down", "lost", "halved"})
    EXPECT_EQ(change_direction(fall), ChangeDirection::kFall) << fall;
  EXPECT_EQ(change_direction("changed"), ChangeDirection::kNone);
  EXPECT_EQ(change_direction("created"), ChangeDirection::kRise);
  EXPECT_TRUE(opposite_changes("grew", "shrank"));
  EXPECT_FALSE(opposite_changes("grew", "rose"));
  EXPECT_FALSE(opposite_changes("grew", "changed"));
  // What is created is added to a count ("400 jobs will be created"), what is lost taken away.
  EXPECT_TRUE(opposite_changes("created", "lost"));
}

}  // namespace
}  // namespace groundgate::filters::text
