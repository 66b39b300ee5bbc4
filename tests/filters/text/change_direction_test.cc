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
  EXPECT_TRUE(opposite_changes("grew", "shrank"));
  EXPECT_FALSE(opposite_changes("grew", "rose"));
  EXPECT_FALSE(opposite_changes("grew", "changed"));
}

}  // namespace
}  // namespace groundgate::filters::text
