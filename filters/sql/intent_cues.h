#pragma once
// The words a question uses to ask for a clause of a query, English and German, as data: each
// entry is a phrase pattern and what it asks for. The tables are in intent_cues.cc; the README
// ("SQL guard", intent) lists what each kind asks of a query. A pattern is words separated by
// spaces, matched against the question's words lower-cased: a word ending in `*` matches any
// word it begins ("höchst*": höchste, höchsten, Höchstalter), one starting and ending in `*`
// any word it is inside ("*reichst*": bevölkerungsreichste), `#` a number (digits or a number
// word: "top #", "# or more"). Where patterns overlap the longest wins (most words,
// then most literal letters), so "total number" is a count and "at most" is no superlative.

#include <cstdint>
#include <span>
#include <string_view>

namespace groundgate::filters::sql {

enum class CueKind : std::uint8_t {
  kCount,          // how many, number of, wie viele, Anzahl
  kSum,            // total, sum, insgesamt, Summe
  kAverage,        // average, mean, Durchschnitt
  kMost,           // highest, most, largest, maximum, höchste, meisten, größte
  kLeast,          // lowest, fewest, smallest, minimum, niedrigste, wenigsten, kleinste
  kOldest,         // oldest, älteste: the highest age, the earliest date
  kYoungest,       // youngest, jüngste: the lowest age, the latest date
  kEarliest,       // earliest, first (in time), früheste
  kLatest,         // latest, most recent, newest, neueste
  kDescending,     // in descending order, absteigend
  kAscending,      // in ascending order, alphabetically, aufsteigend, alphabetisch
  kEach,           // each, per, for every, jede, pro, je
  kDistinct,       // different, distinct, unique, verschiedene
  kGreater,        // more than #, over #, after # (a year), mehr als #, über #
  kLess,           // less than #, under #, before #, weniger als #, unter #
  kAtLeast,        // at least #, # or more, mindestens #, ab #
  kAtMost,         // at most #, up to #, # or less, höchstens #, bis zu #
  kNegation,       // not, no, without, except, nicht, kein, ohne, außer
  kIncludingNone,  // including those without, even those with no, auch solche ohne
  kTop,            // top #, the first #, die ersten #
  kRangeEnd,       // "to", "bis", "zum" between two superlatives: "from oldest to youngest"
  kSorted,         // sorted by, in order of, sortiert nach, Reihenfolge: ascending unless told
  kNoCue,          // a phrase that only looks like a cue: "first name", "last name"
};

std::string_view to_string(CueKind kind);

struct CuePattern {
  std::string_view pattern;
  CueKind kind;
};

// Every pattern, English and German together (a question may mix them: German questions keep
// English names and values).
std::span<const CuePattern> cue_patterns();

// German number words up to twenty, and the tens ("drei" -> 3), for `#`; English ones come from
// the text library's number words.
std::span<const std::pair<std::string_view, int>> german_number_words();

// Words in a column's name that turn an age superlative round: the oldest person has the
// highest age but the earliest birth date or year ("geburtsdatum", "birth_year").
std::span<const std::string_view> date_name_parts();
// Words in a column's name that make it an age or a duration ("alter", "age", "dauer").
std::span<const std::string_view> age_name_parts();

}  // namespace groundgate::filters::sql
