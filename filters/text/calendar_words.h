#pragma once
// Names of the calendar that the date and schedule readers share.

#include "filters/text/word_table.h"

namespace groundgate::filters::text {

// The days of the week, lowercase, Monday first: find() gives the day's number from 0.
inline constexpr auto kWeekdays =
    word_table("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday");

}  // namespace groundgate::filters::text
