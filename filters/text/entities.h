#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/text/number_words.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// The HSP entity schema (Time, Number, Location, Personal info) plus proper-noun names.
enum class EntityType : std::uint8_t { kTime, kNumber, kLocation, kPersonalInfo, kName };

enum class EntitySubtype : std::uint8_t {
  // kTime
  kDate,       // calendar date, month-year, year, decade or century (see DateValue::precision)
  kTimeOfDay,  // value = seconds after midnight
  kDuration,   // value in seconds
  // kNumber
  kMoney,     // value in units of `currency`
  kPercent,   // value in percent (25% → 25)
  kCardinal,  // plain count
  kOrdinal,   // "19th", "first" → 19, 1
  kQuantity,  // value in the SI unit `unit`
  kScore,     // "23-20", "4–1": value and second
  // kLocation / kPersonalInfo / kName
  kPlace,
  kPerson,
  kOrganization,
  kOther,
};

enum class Unit : std::uint8_t {
  kNone,
  kPercent,
  kMetre,
  kSquareMetre,
  kCubicMetre,
  kKilogram,
  kCelsius,
  kSecond,
  kMetrePerSecond,
  kByte,
  kWatt,
  kTimes,  // occurrences: "three times", "twice"
};

enum class DatePrecision : std::uint8_t { kCentury, kDecade, kYear, kMonth, kDay };

// The part of a decade a date names: "the early 1990s", "mid-1980s", "the late '70s".
enum class DecadePart : std::uint8_t { kWhole, kEarly, kMid, kLate };

// A calendar value. Year 0 means unknown (e.g. "March 2"); month/day 0 mean unknown.
struct DateValue {
  int year = 0;
  int month = 0;
  int day = 0;
  DatePrecision precision = DatePrecision::kYear;
  DecadePart part = DecadePart::kWhole;  // kDecade only
  // A year written with two digits ("in '43"): `year` guesses the 1900s; only the last two
  // digits are stated.
  bool century_unknown = false;
};

// "about", "over", "at most" …: widens the value to an interval.
enum class Qualifier : std::uint8_t { kExact, kApproximate, kAtLeast, kAtMost };

struct Entity {
  EntityType type = EntityType::kName;
  EntitySubtype subtype = EntitySubtype::kOther;
  std::size_t begin = 0;  // byte span in the analysed text
  std::size_t end = 0;
  std::string text;  // surface text

  // Numbers, durations, times: canonical value and the interval it stands for, given the
  // written precision ("5.8" → ±0.05) and the qualifier.
  double value = 0;
  double low = 0;
  double high = 0;
  double second = 0;  // kScore only
  Unit unit = Unit::kNone;
  std::string currency;  // kMoney: ISO code ("USD", "GBP", "EUR", "JPY", …)
  Qualifier qualifier = Qualifier::kExact;
  bool converted = false;  // written in a non-SI unit and converted ("3.6 miles")

  DateValue date;  // kDate

  // Names: lowercase words joined by one space, possessive and leading "the" dropped.
  std::string key;
};

// Extracts typed entities from a sentence (or any text), in text order, non-overlapping.
std::vector<Entity> extract_entities(std::string_view text);
// Same, reusing tokens of `text` the caller already has.
std::vector<Entity> extract_entities(std::string_view text, std::span<const Token> tokens);

// The extractor's working storage and its result, kept by a caller that extracts from many
// texts in a row (a context's sentences): no allocation per text once the buffers have grown.
struct EntityBuffers {
  std::vector<Entity> entities;
  std::vector<bool> used;  // per token
  std::vector<std::optional<ParsedNumber>> numbers;
  std::vector<bool> parsed;
  std::vector<std::size_t> name_words;
};
// Same, into `buffers`: the entities stay valid until the next call with the same buffers.
std::span<const Entity> extract_entities(std::string_view text, std::span<const Token> tokens,
                                         EntityBuffers& buffers);

enum class EntityMatch : std::uint8_t { kSame, kDifferent, kIncomparable };

// kSame when the values agree within written precision, conversion and qualifier tolerance,
// or the dates agree at their common precision (1991 vs March 1991); kDifferent when they
// are of the same kind and disagree; kIncomparable across kinds, currencies or dimensions.
EntityMatch compare(const Entity& a, const Entity& b);

std::string_view to_string(EntityType type);
std::string_view to_string(EntitySubtype subtype);

}  // namespace groundgate::filters::text
