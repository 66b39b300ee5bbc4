#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "filters/text/entities.h"

namespace groundgate::filters::text {

namespace {

// Slack for values converted between unit systems and for floating-point noise.
constexpr double kConversionSlack = 0.01;
constexpr double kFloatSlack = 1e-9;

bool is_limit(const Entity& e) {
  return e.qualifier == Qualifier::kAtMost || e.qualifier == Qualifier::kAtLeast;
}

// The limit itself, at its written precision: "up to 3" ([-inf, 3.5]) → [2.5, 3.5].
Entity limit_of(Entity e) {
  if (e.qualifier == Qualifier::kAtMost) e.low = 2 * e.value - e.high;
  if (e.qualifier == Qualifier::kAtLeast) e.high = 2 * e.value - e.low;
  return e;
}

EntityMatch intervals(const Entity& a, const Entity& b) {
  const double scale = std::max(std::abs(a.value), std::abs(b.value));
  const double slack = a.converted || b.converted ? kConversionSlack * scale : 0;
  // Strict: "3" ([2.5, 3.5]) and "4" ([3.5, 4.5]) only touch, they do not agree.
  auto overlap = [&](const Entity& x, const Entity& y) {
    return x.low < y.high + slack && y.low < x.high + slack;
  };
  // Two limits state a rule, not a range of values: "up to 3 days" and "up to 2 days" are
  // different rules, whatever values both allow, and "under $50" and "over $50" are the two
  // sides of one limit. Limits agree only where the limits do, the same way.
  if (is_limit(a) && is_limit(b)) {
    if (a.qualifier != b.qualifier) return EntityMatch::kDifferent;
    return overlap(limit_of(a), limit_of(b)) ? EntityMatch::kSame : EntityMatch::kDifferent;
  }
  if (std::abs(a.value - b.value) <= kFloatSlack * scale) return EntityMatch::kSame;
  return overlap(a, b) ? EntityMatch::kSame : EntityMatch::kDifferent;
}

// Years a date stands for: a century, a decade or one year; {0, 0} when unknown.
std::pair<int, int> year_range(const DateValue& d) {
  if (d.year == 0) return {0, 0};
  switch (d.precision) {
    case DatePrecision::kCentury:
      return {d.year, d.year + 99};
    case DatePrecision::kDecade:
      return {d.year, d.year + 9};
    default:
      return {d.year, d.year};
  }
}

// The years a part of a decade surely covers: "the early 1990s" 1990–1993, "the mid-1990s"
// 1993–1996, "the late 1990s" 1996–1999. Where one part ends and the next begins is a matter
// of wording: a year of the decade outside them is neither said nor denied.
std::pair<int, int> part_years(const DateValue& d) {
  switch (d.part) {
    case DecadePart::kEarly:
      return {d.year, d.year + 3};
    case DecadePart::kMid:
      return {d.year + 3, d.year + 6};
    case DecadePart::kLate:
      return {d.year + 6, d.year + 9};
    case DecadePart::kWhole:
      break;
  }
  return {d.year, d.year + 9};
}

EntityMatch dates(DateValue a, DateValue b) {
  // Dates that state no part in common ("2012" and "March 14") say nothing of each other.
  const bool year_both = a.year != 0 && b.year != 0;
  if (!year_both && (a.month == 0 || b.month == 0)) return EntityMatch::kIncomparable;
  // A year of two digits ("'43") agrees with any year that ends in them.
  if ((a.century_unknown || b.century_unknown) && a.year != 0 && b.year != 0 &&
      a.precision >= DatePrecision::kYear && b.precision >= DatePrecision::kYear) {
    if (a.year % 100 != b.year % 100) return EntityMatch::kDifferent;
    a.year = b.year;
  }
  const auto [a0, a1] = year_range(a);
  const auto [b0, b1] = year_range(b);
  if (a.year != 0 && b.year != 0 && (a1 < b0 || b1 < a0)) return EntityMatch::kDifferent;
  // A part of a decade against a year of the decade outside the part, or another part.
  for (const auto& [part, other] : {std::pair{a, b}, std::pair{b, a}}) {
    if (part.precision != DatePrecision::kDecade || part.part == DecadePart::kWhole ||
        other.year == 0 || other.precision == DatePrecision::kCentury)
      continue;
    if (other.precision == DatePrecision::kDecade) {
      if (other.part != DecadePart::kWhole && other.part != part.part)
        return EntityMatch::kIncomparable;
      continue;
    }
    const auto [p0, p1] = part_years(part);
    if (other.year < p0 || other.year > p1) return EntityMatch::kIncomparable;
  }
  // Months and days only count when both sides state them (1991 vs March 1991 agree).
  const bool both_exact_year = (a.year == 0 || a.precision >= DatePrecision::kYear) &&
                               (b.year == 0 || b.precision >= DatePrecision::kYear);
  if (!both_exact_year) return EntityMatch::kSame;
  if (a.month != 0 && b.month != 0 && a.month != b.month) return EntityMatch::kDifferent;
  if (a.day != 0 && b.day != 0 && a.month == b.month && a.day != b.day) {
    return EntityMatch::kDifferent;
  }
  return EntityMatch::kSame;
}

std::vector<std::string_view> words_of(std::string_view key) {
  std::vector<std::string_view> out;
  for (std::size_t pos = 0; pos < key.size();) {
    const std::size_t space = std::min(key.find(' ', pos), key.size());
    if (space > pos) out.push_back(key.substr(pos, space - pos));
    pos = space + 1;
  }
  std::sort(out.begin(), out.end());
  return out;
}

EntityMatch names(const Entity& a, const Entity& b) {
  if (a.key == b.key) return EntityMatch::kSame;
  const auto wa = words_of(a.key);
  const auto wb = words_of(b.key);
  // "Goertz" and "Allie Goertz" name the same one; "Rupert Murdoch" and "James Murdoch" not.
  const bool subset = std::includes(wa.begin(), wa.end(), wb.begin(), wb.end()) ||
                      std::includes(wb.begin(), wb.end(), wa.begin(), wa.end());
  return subset ? EntityMatch::kSame : EntityMatch::kDifferent;
}

bool has_name(const Entity& e) {
  return !e.key.empty() && (e.type == EntityType::kName || e.type == EntityType::kLocation ||
                            e.type == EntityType::kPersonalInfo);
}

}  // namespace

EntityMatch compare(const Entity& a, const Entity& b) {
  if (has_name(a) && has_name(b)) return names(a, b);
  if (a.subtype != b.subtype) return EntityMatch::kIncomparable;
  switch (a.subtype) {
    case EntitySubtype::kDate:
      return dates(a.date, b.date);
    case EntitySubtype::kMoney:
      if (a.currency != b.currency) return EntityMatch::kIncomparable;
      return intervals(a, b);
    case EntitySubtype::kQuantity:
      if (a.unit != b.unit) return EntityMatch::kIncomparable;
      return intervals(a, b);
    case EntitySubtype::kTimeOfDay:
    case EntitySubtype::kDuration:
    case EntitySubtype::kPercent:
    case EntitySubtype::kCardinal:
      return intervals(a, b);
    case EntitySubtype::kOrdinal:
      return a.value == b.value ? EntityMatch::kSame : EntityMatch::kDifferent;
    case EntitySubtype::kScore: {
      const bool same = (a.value == b.value && a.second == b.second) ||
                        (a.value == b.second && a.second == b.value);
      return same ? EntityMatch::kSame : EntityMatch::kDifferent;
    }
    default:
      return EntityMatch::kIncomparable;
  }
}

std::string_view to_string(EntityType type) {
  switch (type) {
    case EntityType::kTime:
      return "time";
    case EntityType::kNumber:
      return "number";
    case EntityType::kLocation:
      return "location";
    case EntityType::kPersonalInfo:
      return "personal_info";
    case EntityType::kName:
      return "name";
  }
  return "unknown";
}

std::string_view to_string(EntitySubtype subtype) {
  switch (subtype) {
    case EntitySubtype::kDate:
      return "date";
    case EntitySubtype::kTimeOfDay:
      return "time_of_day";
    case EntitySubtype::kDuration:
      return "duration";
    case EntitySubtype::kMoney:
      return "money";
    case EntitySubtype::kPercent:
      return "percent";
    case EntitySubtype::kCardinal:
      return "cardinal";
    case EntitySubtype::kOrdinal:
      return "ordinal";
    case EntitySubtype::kQuantity:
      return "quantity";
    case EntitySubtype::kScore:
      return "score";
    case EntitySubtype::kPlace:
      return "place";
    case EntitySubtype::kPerson:
      return "person";
    case EntitySubtype::kOrganization:
      return "organization";
    case EntitySubtype::kOther:
      return "other";
  }
  return "unknown";
}

}  // namespace groundgate::filters::text
