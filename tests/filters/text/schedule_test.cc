#include "filters/text/schedule.h"

#include <gtest/gtest.h>

namespace groundgate::filters::text {
namespace {

std::vector<HoursStatement> hours(std::string_view text) {
  return read_hours(tokenize(text));
}

constexpr DaySet day(int d) {
  return static_cast<DaySet>(1u << d);
}

TEST(Schedule, DaysAndARangeInEitherOrder) {
  auto h = hours("The business is open Monday through Sunday from 10:00 AM to 8:00 PM.");
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].days, kEveryDay);
  EXPECT_EQ(h[0].open, 10 * 60);
  EXPECT_EQ(h[0].close, 20 * 60);
  h = hours("It operates from 11:00 to 21:00 on weekdays.");
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].days, 0x1f);
  EXPECT_EQ(h[0].open, 11 * 60);
  EXPECT_EQ(h[0].close, 21 * 60);
}

TEST(Schedule, SeveralStatementsInOneSentence) {
  auto h = hours(
      "open from 10:00 AM to 9:30 PM, Monday through Thursday, and 10:00 AM to 10:00 PM, "
      "Friday and Saturday");
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0].days, 0x0f);
  EXPECT_EQ(h[0].close, 21 * 60 + 30);
  EXPECT_EQ(h[1].days, day(4) | day(5));
  EXPECT_EQ(h[1].close, 22 * 60);
  h = hours(
      "between 4:00 pm to 7:00 pm from Tuesday to Friday, and from 8:00 am to 7:00 pm on "
      "Sundays");
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0].open, 16 * 60);
  EXPECT_EQ(h[1].days, day(6));
  EXPECT_EQ(h[1].open, 8 * 60);
}

TEST(Schedule, DaysThenARangeAfterAComma) {
  auto h = hours("The business operates from Monday to Sunday, from 8 am to 5 pm.");
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].days, kEveryDay);
  EXPECT_EQ(h[0].open, 8 * 60);
  EXPECT_EQ(h[0].close, 17 * 60);
}

TEST(Schedule, DaysBeforeARangeLeadItDaysAfterTheLastCloseIt) {
  auto h = hours(
      "On Mondays, they are open from 12:00 PM to 7:00 PM, Tuesdays from 2:00 PM to "
      "9:00 PM, and Sundays from 10:00 AM to 8:00 PM.");
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(h[0].days, day(0));
  EXPECT_EQ(h[0].open, 12 * 60);
  EXPECT_EQ(h[1].days, day(1));
  EXPECT_EQ(h[1].open, 14 * 60);
  EXPECT_EQ(h[2].days, day(6));
  EXPECT_EQ(h[2].close, 20 * 60);
  h = hours("Monday to Friday 9 am to 5 pm, Saturday 10 am to 2 pm");
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0].days, 0x1f);
  EXPECT_EQ(h[1].days, day(5));
  EXPECT_EQ(h[1].open, 10 * 60);
  // Days with no range after them close the one before.
  h = hours("Open Monday to Friday 9 am to 5 pm, and 10 am to 2 pm on Saturdays.");
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0].days, 0x1f);
  EXPECT_EQ(h[1].days, day(5));
  h = hours("Open daily from 9 am to 9 pm, but only until 5 pm on Sundays.");
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0].days, 0x3f);  // the exception takes Sunday out
  EXPECT_EQ(h[1].days, day(6));
  EXPECT_EQ(h[1].close, 17 * 60);
}

TEST(Schedule, AMeridiemWrittenOnceAndLoneClosingTimes) {
  auto h = hours("open daily 5 to 9 pm");
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].open, 17 * 60);
  h = hours("late hours (until 10 PM from Monday to Saturday)");
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].open, -1);
  EXPECT_EQ(h[0].close, 22 * 60);
  EXPECT_EQ(h[0].days, 0x3f);
}

TEST(Schedule, ABareClosingHourAfterAnAfternoonOpeningIsInTheEvening) {
  auto h = hours("open daily from 4 PM to 9");
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].open, 16 * 60);
  EXPECT_EQ(h[0].close, 21 * 60);
  // A closing time given as choices states none; "or" before something else leaves it.
  EXPECT_TRUE(hours("open every day from 4 PM to 9 or 10 PM").empty());
  EXPECT_EQ(hours("open from 9 AM to 5 PM or by appointment").size(), 1u);
}

TEST(Schedule, ALaterStatementOnSomeDaysIsTheException) {
  auto h = hours(
      "It operates from 5 PM to 7 PM on weekdays, while on Wednesdays, it is open from "
      "11 AM to 3 PM.");
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0].days, day(0) | day(1) | day(3) | day(4));
  EXPECT_EQ(h[1].days, day(2));
  EXPECT_EQ(h[1].open, 11 * 60);
  // Without a contrast, the later statement adds hours.
  h = hours("Dinner is served daily from 5 PM to 10 PM; lunch on weekdays from 11 AM to 2 PM.");
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0].days, kEveryDay);
}

TEST(Schedule, RecordFactLines) {
  auto h = hours("hours Monday: 11:00 to 21:00.");
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].days, day(0));
  EXPECT_EQ(h[0].open, 11 * 60);
  EXPECT_EQ(h[0].close, 21 * 60);
}

TEST(Schedule, NumbersThatAreNoTimes) {
  EXPECT_TRUE(hours("It has 3 to 5 rooms and opened in 1990.").empty());
  EXPECT_TRUE(hours("Scores went from 10 to 20 on Monday.").empty());
}

TEST(Schedule, Descriptions) {
  EXPECT_EQ(describe_days(0x1f), "Monday to Friday");
  EXPECT_EQ(describe_days(day(5) | day(6)), "Saturday, Sunday");
  EXPECT_EQ(describe_time(21 * 60 + 5), "21:05");
}

}  // namespace
}  // namespace groundgate::filters::text
