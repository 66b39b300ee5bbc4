#include "filters/text/schedule.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>

#include "filters/text/calendar_words.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::text {
namespace {

// "on Mondays": the plural of each of kWeekdays, in the same order.
constexpr auto kWeekdaysPlural =
    word_table("mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays");
// Words between the two ends of a range of days or times.
constexpr auto kRangeWords = word_table("to", "through", "thru", "until", "till", "-", "–", "—");
constexpr auto kAm = word_table("am", "a.m.", "a.m");
constexpr auto kPm = word_table("pm", "p.m.", "p.m");
// Words that set a later statement against an earlier one.
constexpr auto kContrast =
    word_table("while", "but", "except", "whereas", "however", "though", "although");

std::optional<int> day_of(const Token& t) {
  if (t.kind != TokenKind::kWord) return std::nullopt;
  int d = kWeekdays.find(t.norm);
  if (d < 0) d = kWeekdaysPlural.find(t.norm);
  if (d < 0) return std::nullopt;
  return d;
}

// Days `from` to `to` inclusive, wrapping past Sunday.
DaySet day_range(int from, int to) {
  DaySet out = 0;
  for (int d = from;; d = (d + 1) % 7) {
    out |= static_cast<DaySet>(1u << d);
    if (d == to) break;
  }
  return out;
}

enum class ItemKind : std::uint8_t { kDays, kTimes, kSeparator };

struct Item {
  ItemKind kind = ItemKind::kSeparator;
  DaySet days = 0;
  int open = -1, close = -1;
  std::size_t begin = 0, end = 0;  // byte span
  std::size_t next = 0;            // first token after the item
};

// A time at token i: "10:00", "9", "9:30 pm", "10 a.m.", "noon", "midnight". `strong`: it has
// minutes, a meridiem or a name; a bare number is a time only beside a strong one.
struct Time {
  int minutes = 0;
  bool strong = false;
  bool pm = false;  // written with "pm"
  std::size_t next = 0;
};

std::optional<Time> time_at(std::span<const Token> tokens, std::size_t i) {
  const Token& t = tokens[i];
  if (t.kind == TokenKind::kWord && (t.norm == "noon" || t.norm == "midday"))
    return Time{.minutes = 720, .strong = true, .next = i + 1};
  if (t.kind == TokenKind::kWord && t.norm == "midnight")
    return Time{.minutes = 0, .strong = true, .next = i + 1};
  if (t.kind != TokenKind::kNumber || t.has(kDecimal) || t.has(kOrdinal) || t.norm.empty() ||
      t.norm[0] == '-' || t.norm[0] == '+') {
    return std::nullopt;
  }
  int hours = 0, minutes = 0;
  std::size_t at = 0;
  while (at < t.norm.size() && t.norm[at] >= '0' && t.norm[at] <= '9' && at < 2)
    hours = hours * 10 + (t.norm[at++] - '0');
  bool clock = false;
  if (at < t.norm.size()) {
    if (t.norm[at] != ':' || t.norm.size() != at + 3) return std::nullopt;
    minutes = (t.norm[at + 1] - '0') * 10 + (t.norm[at + 2] - '0');
    clock = true;
  }
  if (at == 0 || hours > 24 || minutes > 59) return std::nullopt;
  Time out{.minutes = hours * 60 + minutes, .strong = clock, .next = i + 1};
  if (i + 1 < tokens.size() && tokens[i + 1].kind == TokenKind::kWord) {
    const bool am = kAm.contains(tokens[i + 1].norm);
    const bool pm = kPm.contains(tokens[i + 1].norm);
    if ((am || pm) && hours >= 1 && hours <= 12) {
      out.minutes = (hours % 12 + (pm ? 12 : 0)) * 60 + minutes;
      out.strong = true;
      out.pm = pm;
      out.next = i + 2;
    }
  }
  if (out.minutes >= 24 * 60) out.minutes -= 24 * 60;  // "24:00"
  return out;
}

// Days at token i: a day, a range of days, or a word for several.
std::optional<Item> days_at(std::span<const Token> tokens, std::size_t i) {
  Item item;
  item.kind = ItemKind::kDays;
  item.begin = tokens[i].begin;
  const std::string_view w = tokens[i].norm;
  if (w == "weekdays" || w == "weekday") {
    item.days = day_range(0, 4);
  } else if (w == "weekends" || w == "weekend") {
    item.days = day_range(5, 6);
  } else if (w == "daily" || w == "everyday") {
    item.days = kEveryDay;
  } else if ((w == "every" || w == "each") && i + 1 < tokens.size() &&
             (tokens[i + 1].norm == "day" || tokens[i + 1].norm == "week")) {
    item.days = kEveryDay;
    item.end = tokens[i + 1].end;
    item.next = i + 2;
    return item;
  } else if (auto d = day_of(tokens[i])) {
    item.days = static_cast<DaySet>(1u << *d);
    if (i + 2 < tokens.size() && kRangeWords.contains(tokens[i + 1].norm)) {
      if (auto to = day_of(tokens[i + 2])) {
        item.days = day_range(*d, *to);
        item.end = tokens[i + 2].end;
        item.next = i + 3;
        return item;
      }
    }
  } else {
    return std::nullopt;
  }
  item.end = tokens[i].end;
  item.next = i + 1;
  return item;
}

// A time range at token i: "10 AM to 9 PM", "11:00-21:00", "between 8 and 5 pm", or a lone
// closing time after "until"/"till".
std::optional<Item> times_at(std::span<const Token> tokens, std::size_t i) {
  Item item;
  item.kind = ItemKind::kTimes;
  const bool between = tokens[i].norm == "between";
  const bool until = tokens[i].norm == "until" || tokens[i].norm == "till";
  const std::size_t first = between || until ? i + 1 : i;
  if (first >= tokens.size()) return std::nullopt;
  auto open = time_at(tokens, first);
  if (!open) return std::nullopt;
  item.begin = tokens[i].begin;
  if (until) {
    if (!open->strong) return std::nullopt;
    item.close = open->minutes;
    item.end = tokens[open->next - 1].end;
    item.next = open->next;
    return item;
  }
  const std::size_t joint = open->next;
  const bool joined =
      joint + 1 < tokens.size() &&
      (between ? tokens[joint].norm == "and" : kRangeWords.contains(tokens[joint].norm));
  if (!joined) return std::nullopt;
  auto close = time_at(tokens, joint + 1);
  if (!close || !(open->strong || close->strong)) return std::nullopt;
  // "to 9 or 10 pm": a closing time given as choices states none.
  if (close->next + 1 < tokens.size() && tokens[close->next].norm == "or" &&
      time_at(tokens, close->next + 1)) {
    return std::nullopt;
  }
  item.open = open->minutes;
  item.close = close->minutes;
  // "4 pm to 9": a bare closing hour after an afternoon opening shares its "pm".
  if (!close->strong && open->pm && close->minutes < 12 * 60 &&
      close->minutes + 12 * 60 > open->minutes) {
    item.close = close->minutes + 12 * 60;
  }
  // "5 to 9 pm": a bare opening hour before a later afternoon hour shares its "pm"; "8 to
  // 5 pm" opens in the morning.
  if (!open->strong && close->pm && open->minutes >= 60 && open->minutes < 12 * 60 &&
      open->minutes + 12 * 60 < close->minutes) {
    item.open = open->minutes + 12 * 60;
  }
  item.end = tokens[close->next - 1].end;
  item.next = close->next;
  return item;
}

// A break between statements: ";", or "," / "and" / "while" / "but" not followed by a day
// (a list of days goes on through them).
bool separates(std::span<const Token> tokens, std::size_t i) {
  const std::string_view w = tokens[i].norm;
  if (w == ";") return true;
  if (w != "," && w != "and" && w != "while" && w != "but" && w != "with") return false;
  std::size_t next = i + 1;
  while (next < tokens.size() && (tokens[next].norm == "and" || tokens[next].norm == ","))
    ++next;
  return next >= tokens.size() || !day_of(tokens[next]);
}

}  // namespace

std::vector<HoursStatement> read_hours(std::span<const Token> tokens) {
  std::vector<Item> items;
  for (std::size_t i = 0; i < tokens.size();) {
    if (auto t = times_at(tokens, i); t && t->next > i) {
      items.push_back(*t);
      i = t->next;
    } else if (auto d = days_at(tokens, i); d && d->next > i) {
      items.push_back(*d);
      i = d->next;
    } else {
      if (separates(tokens, i) && !items.empty() && items.back().kind != ItemKind::kSeparator) {
        Item s;
        s.kind = ItemKind::kSeparator;
        items.push_back(s);
      }
      ++i;
    }
  }
  // Segments between separators: their days together, and at most one range.
  struct Segment {
    DaySet days = 0;
    std::optional<Item> range;
    std::size_t begin = 0, end = 0;
    bool empty = true;
  };
  // Days after a range lead the next range where one follows them before a break ("On
  // Mondays, 12 PM to 7 PM, Tuesdays from 2 PM to 9 PM"); else they close the range before
  // them ("10 AM to 2 PM on Saturdays").
  std::vector<bool> leads_a_range(items.size(), false);  // the first item after the days is a range
  for (std::size_t i = items.size(); i-- > 1;) {
    leads_a_range[i - 1] =
        items[i].kind == ItemKind::kDays ? leads_a_range[i] : items[i].kind == ItemKind::kTimes;
  }
  std::vector<Segment> segments(1);
  for (std::size_t at = 0; at < items.size(); ++at) {
    const Item& item = items[at];
    if (item.kind == ItemKind::kSeparator) {
      if (!segments.back().empty) segments.emplace_back();
      continue;
    }
    Segment& s = segments.back();
    // A second range starts a statement of its own, and so do days that lead one.
    if (s.range &&
        (item.kind == ItemKind::kTimes || (item.kind == ItemKind::kDays && leads_a_range[at]))) {
      segments.emplace_back();
    }
    Segment& into = segments.back();
    if (into.empty) into.begin = item.begin;
    into.end = item.end;
    into.empty = false;
    if (item.kind == ItemKind::kDays) {
      into.days |= item.days;
    } else {
      into.range = item;
    }
  }
  // "open Monday to Sunday, from 8 am to 5 pm": days alone beside a range alone are one.
  std::vector<HoursStatement> out;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    Segment s = segments[i];
    if (s.empty) continue;
    if (!s.range && i + 1 < segments.size() && segments[i + 1].range && segments[i + 1].days == 0) {
      s.range = segments[i + 1].range;
      s.end = segments[i + 1].end;
      ++i;
    }
    if (!s.range) continue;
    HoursStatement h;
    h.days = s.days;
    h.open = s.range->open;
    h.close = s.range->close;
    h.begin = s.begin;
    h.end = s.end;
    out.push_back(h);
  }
  // "5 PM to 7 PM on weekdays, while on Wednesdays 11 AM to 3 PM": a later statement on some of
  // an earlier one's days, set against it by a contrast, is the exception, and those days are
  // its own. ("Dinner daily 5 to 10 pm; lunch on weekdays 11 to 2" adds hours.)
  auto contrasted = [&](const HoursStatement& a, const HoursStatement& b) {
    return std::any_of(tokens.begin(), tokens.end(), [&](const Token& t) {
      return t.begin >= a.end && t.end <= b.begin && kContrast.contains(t.norm);
    });
  };
  for (std::size_t i = 0; i < out.size(); ++i) {
    for (std::size_t j = i + 1; j < out.size(); ++j) {
      const DaySet later = out[j].days;
      if (later != 0 && later != out[i].days && (later & ~out[i].days) == 0 &&
          contrasted(out[i], out[j])) {
        out[i].days = static_cast<DaySet>(out[i].days & ~later);
      }
    }
  }
  return out;
}

std::string describe_days(DaySet days) {
  static constexpr std::array<std::string_view, 7> kNames = {
      "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};
  if (days == kEveryDay) return "every day";
  std::string out;
  for (int d = 0; d < 7; ++d) {
    if (!(days & (1u << d))) continue;
    int last = d;
    while (last + 1 < 7 && (days & (1u << (last + 1))))
      ++last;
    if (!out.empty()) out += ", ";
    out += kNames[static_cast<std::size_t>(d)];
    if (last > d + 1) {
      out += " to ";
      out += kNames[static_cast<std::size_t>(last)];
    } else if (last == d + 1) {
      out += ", ";
      out += kNames[static_cast<std::size_t>(last)];
    }
    d = last;
  }
  return out;
}

std::string describe_time(int minutes) {
  if (minutes < 0) return "?";
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%02d:%02d", minutes / 60, minutes % 60);
  return buffer;
}

}  // namespace groundgate::filters::text
