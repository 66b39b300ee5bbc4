#pragma once
// Names of the calendar that the date and schedule readers share.

#include "filters/text/word_table.h"

namespace groundgate::filters::text {

// The days of the week, lowercase, Monday first: find() gives the day's number from 0.
inline constexpr auto kWeekdays =
    word_table("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday");

// The months, lowercase, full names first and then abbreviations: find() % 12 gives the
// month's number from 0 for all but "sept" (listed last); "may" is found as the full name.
inline constexpr auto kMonths =
    word_table("january", "february", "march", "april", "may", "june", "july", "august",
               "september", "october", "november", "december", "jan", "feb", "mar", "apr", "may",
               "jun", "jul", "aug", "sep", "oct", "nov", "dec", "sept");

}  // namespace groundgate::filters::text
