#include "filters/sql/intent_cues.h"

#include <array>
#include <utility>

namespace groundgate::filters::sql {
namespace {

using K = CueKind;

// What a question says, and which clause of a query says it. English, then German, per kind.
constexpr CuePattern kPatterns[] = {
    // Counting: COUNT(...).
    {"how many", K::kCount},
    {"number of", K::kCount},
    {"total number", K::kCount},
    {"count", K::kCount},
    {"counts", K::kCount},
    {"how often", K::kCount},
    {"wie viele", K::kCount},
    {"wie vielen", K::kCount},
    {"wieviele", K::kCount},
    {"anzahl*", K::kCount},
    {"gesamtzahl*", K::kCount},
    {"gesamtanzahl*", K::kCount},
    {"zähl*", K::kCount},
    {"wie oft", K::kCount},
    // Adding up: SUM(...).
    {"total", K::kSum},
    {"totals", K::kSum},
    {"sum", K::kSum},
    {"in total", K::kSum},
    {"altogether", K::kSum},
    {"combined", K::kSum},
    {"summe*", K::kSum},
    {"gesamt*", K::kSum},
    {"insgesamt", K::kSum},
    {"zusammengerechnet", K::kSum},
    // AVG(...).
    {"average*", K::kAverage},
    {"mean", K::kAverage},
    {"avg", K::kAverage},
    {"durchschnitt*", K::kAverage},
    {"mittelwert*", K::kAverage},
    {"im schnitt", K::kAverage},
    // The largest: MAX(...) or ORDER BY ... DESC LIMIT.
    {"highest", K::kMost},
    {"most", K::kMost},
    {"the most", K::kMost},
    {"largest", K::kMost},
    {"biggest", K::kMost},
    {"greatest", K::kMost},
    {"maximum", K::kMost},
    {"max", K::kMost},
    {"maximal", K::kMost},
    {"longest", K::kMost},
    {"heaviest", K::kMost},
    {"tallest", K::kMost},
    {"richest", K::kMost},
    {"most expensive", K::kMost},
    {"höchst*", K::kMost},
    {"meist*", K::kMost},
    {"am meisten", K::kMost},
    {"größt*", K::kMost},
    {"maximal*", K::kMost},
    {"maximum", K::kMost},
    {"längst*", K::kMost},
    {"schwerst*", K::kMost},
    {"teuerst*", K::kMost},
    {"reichst*", K::kMost},
    {"*reichst*", K::kMost},
    {"*ärmst*", K::kLeast},
    // The smallest: MIN(...) or ORDER BY ... ASC LIMIT.
    {"lowest", K::kLeast},
    {"least", K::kLeast},
    {"the least", K::kLeast},
    {"fewest", K::kLeast},
    {"smallest", K::kLeast},
    {"minimum", K::kLeast},
    {"min", K::kLeast},
    {"minimal", K::kLeast},
    {"shortest", K::kLeast},
    {"lightest", K::kLeast},
    {"cheapest", K::kLeast},
    {"least expensive", K::kLeast},
    {"niedrigst*", K::kLeast},
    {"wenigst*", K::kLeast},
    {"kleinst*", K::kLeast},
    {"geringst*", K::kLeast},
    {"minimal*", K::kLeast},
    {"minimum", K::kLeast},
    {"mindest*", K::kLeast},
    {"kürzest*", K::kLeast},
    {"leichtest*", K::kLeast},
    {"billigst*", K::kLeast},
    {"günstigst*", K::kLeast},
    {"am wenigsten", K::kLeast},
    // Age: the oldest has the highest age and the earliest birth date.
    {"oldest", K::kOldest},
    {"eldest", K::kOldest},
    {"ältest*", K::kOldest},
    {"youngest", K::kYoungest},
    {"jüngst*", K::kYoungest},
    // Time.
    {"earliest", K::kEarliest},
    {"früheste*", K::kEarliest},
    {"first", K::kEarliest},
    {"erste", K::kEarliest},
    {"ersten", K::kEarliest},
    {"erster", K::kEarliest},
    {"erstes", K::kEarliest},
    {"zuerst", K::kEarliest},
    {"latest", K::kLatest},
    {"last", K::kLatest},
    {"letzte*", K::kLatest},
    {"zuletzt", K::kLatest},
    {"first name", K::kNoCue},
    {"first names", K::kNoCue},
    {"last name", K::kNoCue},
    {"last names", K::kNoCue},
    {"most recent", K::kLatest},
    {"newest", K::kLatest},
    {"neueste*", K::kLatest},
    {"späteste*", K::kLatest},
    // A sort order asked for in so many words.
    {"descending", K::kDescending},
    {"decreasing", K::kDescending},
    {"reverse alphabetical", K::kDescending},
    {"reverse alphabetical order", K::kDescending},
    {"absteigend*", K::kDescending},
    {"abnehmend*", K::kDescending},
    {"umgekehrt* alphabetisch*", K::kDescending},
    {"umgekehrt*", K::kDescending},
    {"reverse", K::kDescending},
    {"reverse order", K::kDescending},
    {"from highest to lowest", K::kDescending},
    {"from largest to smallest", K::kDescending},
    {"from most to least", K::kDescending},
    {"from lowest to highest", K::kAscending},
    {"from smallest to largest", K::kAscending},
    {"from least to most", K::kAscending},
    {"ascending", K::kAscending},
    {"increasing", K::kAscending},
    {"alphabetical", K::kAscending},
    {"alphabetically", K::kAscending},
    {"lexicographic*", K::kAscending},
    {"aufsteigend*", K::kAscending},
    {"zunehmend*", K::kAscending},
    {"alphabetisch*", K::kAscending},
    {"lexikograf*", K::kAscending},
    {"lexikograph*", K::kAscending},
    {"sorted by", K::kSorted},
    {"ordered by", K::kSorted},
    {"sort by", K::kSorted},
    {"order by", K::kSorted},
    {"in order of", K::kSorted},
    {"sorted", K::kSorted},
    {"sortiert", K::kSorted},
    {"geordnet", K::kSorted},
    {"sortierung", K::kSorted},
    {"reihenfolge", K::kSorted},
    {"sortiere", K::kSorted},
    {"ordne", K::kSorted},
    // Grouping: GROUP BY.
    {"each", K::kEach},
    {"per", K::kEach},
    {"for every", K::kEach},
    {"for each", K::kEach},
    {"in each", K::kEach},
    {"grouped by", K::kEach},
    {"broken down by", K::kEach},
    {"jede", K::kEach},
    {"jeder", K::kEach},
    {"jedes", K::kEach},
    {"jedem", K::kEach},
    {"jeden", K::kEach},
    {"jeweils", K::kEach},
    {"jeweilig*", K::kEach},
    {"pro", K::kEach},
    {"je", K::kEach},
    {"gruppiert", K::kEach},
    {"aufgeschlüsselt", K::kEach},
    // DISTINCT.
    {"different", K::kDistinct},
    {"distinct", K::kDistinct},
    {"unique", K::kDistinct},
    {"verschieden*", K::kDistinct},
    {"unterschiedlich*", K::kDistinct},
    {"eindeutig*", K::kDistinct},
    {"einzigartig*", K::kDistinct},
    // Comparisons with a number: > < >= <=.
    {"more than #", K::kGreater},
    {"greater than #", K::kGreater},
    {"larger than #", K::kGreater},
    {"bigger than #", K::kGreater},
    {"higher than #", K::kGreater},
    {"longer than #", K::kGreater},
    {"heavier than #", K::kGreater},
    {"older than #", K::kGreater},
    {"later than #", K::kGreater},
    {"over #", K::kGreater},
    {"above #", K::kGreater},
    {"exceeding #", K::kGreater},
    {"exceeds #", K::kGreater},
    {"exceed #", K::kGreater},
    {"after #", K::kGreater},
    {"since #", K::kAtLeast},
    {"seit #", K::kAtLeast},
    {"mehr als #", K::kGreater},
    {"größer als #", K::kGreater},
    {"höher als #", K::kGreater},
    {"länger als #", K::kGreater},
    {"schwerer als #", K::kGreater},
    {"älter als #", K::kGreater},
    {"später als #", K::kGreater},
    {"über #", K::kGreater},
    {"oberhalb von #", K::kGreater},
    {"nach #", K::kGreater},
    {"übersteig* #", K::kGreater},
    {"überschreit* #", K::kGreater},
    {"less than #", K::kLess},
    {"fewer than #", K::kLess},
    {"smaller than #", K::kLess},
    {"lower than #", K::kLess},
    {"shorter than #", K::kLess},
    {"lighter than #", K::kLess},
    {"younger than #", K::kLess},
    {"earlier than #", K::kLess},
    {"cheaper than #", K::kLess},
    {"under #", K::kLess},
    {"below #", K::kLess},
    {"before #", K::kLess},
    {"weniger als #", K::kLess},
    {"kleiner als #", K::kLess},
    {"niedriger als #", K::kLess},
    {"geringer als #", K::kLess},
    {"kürzer als #", K::kLess},
    {"leichter als #", K::kLess},
    {"jünger als #", K::kLess},
    {"früher als #", K::kLess},
    {"billiger als #", K::kLess},
    {"unter #", K::kLess},
    {"unterhalb von #", K::kLess},
    {"vor #", K::kLess},
    {"at least #", K::kAtLeast},
    {"no less than #", K::kAtLeast},
    {"not less than #", K::kAtLeast},
    {"no fewer than #", K::kAtLeast},
    {"not fewer than #", K::kAtLeast},
    {"a minimum of #", K::kAtLeast},
    {"# or more", K::kAtLeast},
    {"# and more", K::kAtLeast},
    {"# or above", K::kAtLeast},
    {"# and above", K::kAtLeast},
    {"# or over", K::kAtLeast},
    {"# or older", K::kAtLeast},
    {"# or later", K::kAtLeast},
    {"mindestens #", K::kAtLeast},
    {"wenigstens #", K::kAtLeast},
    {"zumindest #", K::kAtLeast},
    {"nicht weniger als #", K::kAtLeast},
    {"ab #", K::kAtLeast},
    {"# oder mehr", K::kAtLeast},
    {"# und mehr", K::kAtLeast},
    {"# oder älter", K::kAtLeast},
    {"# oder später", K::kAtLeast},
    {"at most #", K::kAtMost},
    {"no more than #", K::kAtMost},
    {"not more than #", K::kAtMost},
    {"up to #", K::kAtMost},
    {"a maximum of #", K::kAtMost},
    {"# or less", K::kAtMost},
    {"# or fewer", K::kAtMost},
    {"# or below", K::kAtMost},
    {"# or younger", K::kAtMost},
    {"# or earlier", K::kAtMost},
    {"höchstens #", K::kAtMost},
    {"maximal #", K::kAtMost},
    {"bis zu #", K::kAtMost},
    {"nicht mehr als #", K::kAtMost},
    {"# oder weniger", K::kAtMost},
    {"# oder jünger", K::kAtMost},
    {"# oder früher", K::kAtMost},
    // Negation: != , NOT IN, NOT LIKE, NOT EXISTS, EXCEPT.
    {"not", K::kNegation},
    {"no", K::kNegation},
    {"none", K::kNegation},
    {"never", K::kNegation},
    {"without", K::kNegation},
    {"except", K::kNegation},
    {"excluding", K::kNegation},
    {"other than", K::kNegation},
    {"ander* als", K::kNegation},
    {"ander* * als", K::kNegation},
    {"apart from", K::kNegation},
    {"neither", K::kNegation},
    {"nor", K::kNegation},
    {"isn't", K::kNegation},
    {"aren't", K::kNegation},
    {"doesn't", K::kNegation},
    {"don't", K::kNegation},
    {"didn't", K::kNegation},
    {"haven't", K::kNegation},
    {"hasn't", K::kNegation},
    {"wasn't", K::kNegation},
    {"weren't", K::kNegation},
    {"nicht", K::kNegation},
    {"kein", K::kNegation},
    {"keine", K::kNegation},
    {"keinen", K::kNegation},
    {"keiner", K::kNegation},
    {"keinem", K::kNegation},
    {"keines", K::kNegation},
    {"ohne", K::kNegation},
    {"außer", K::kNegation},
    {"ausser", K::kNegation},
    {"ausgenommen", K::kNegation},
    {"nie", K::kNegation},
    {"niemals", K::kNegation},
    {"weder", K::kNegation},
    // Rows without a match kept: LEFT JOIN.
    {"including those without", K::kIncludingNone},
    {"including those with no", K::kIncludingNone},
    {"including those that have no", K::kIncludingNone},
    {"including ones without", K::kIncludingNone},
    {"including ones with no", K::kIncludingNone},
    {"even those without", K::kIncludingNone},
    {"even those with no", K::kIncludingNone},
    {"even those that have no", K::kIncludingNone},
    {"even if they have no", K::kIncludingNone},
    {"even if it has no", K::kIncludingNone},
    {"with or without", K::kIncludingNone},
    {"including zero", K::kIncludingNone},
    {"including # if none", K::kIncludingNone},
    {"auch solche ohne", K::kIncludingNone},
    {"auch diejenigen ohne", K::kIncludingNone},
    {"auch die ohne", K::kIncludingNone},
    {"auch jene ohne", K::kIncludingNone},
    {"auch ohne", K::kIncludingNone},
    {"einschließlich derer ohne", K::kIncludingNone},
    {"einschließlich solcher ohne", K::kIncludingNone},
    {"inklusive derer ohne", K::kIncludingNone},
    {"auch wenn sie keine", K::kIncludingNone},
    {"auch wenn sie keinen", K::kIncludingNone},
    {"mit oder ohne", K::kIncludingNone},
    // A number of rows: LIMIT.
    {"top #", K::kTop},
    {"the first #", K::kTop},
    {"first #", K::kTop},
    {"die ersten #", K::kTop},
    {"ersten #", K::kTop},
    {"top", K::kTop},
    // The end of a range of superlatives.
    {"to", K::kRangeEnd},
    {"zum", K::kRangeEnd},
    {"zur", K::kRangeEnd},
    {"bis", K::kRangeEnd},
    {"bis zum", K::kRangeEnd},
    {"bis zur", K::kRangeEnd},
};

constexpr std::pair<std::string_view, int> kGermanNumbers[] = {
    {"eins", 1},      {"ein", 1},        {"eine", 1},      {"zwei", 2},      {"drei", 3},
    {"vier", 4},      {"fünf", 5},       {"sechs", 6},     {"sieben", 7},    {"acht", 8},
    {"neun", 9},      {"zehn", 10},      {"elf", 11},      {"zwölf", 12},    {"dreizehn", 13},
    {"vierzehn", 14}, {"fünfzehn", 15},  {"sechzehn", 16}, {"siebzehn", 17}, {"achtzehn", 18},
    {"neunzehn", 19}, {"zwanzig", 20},   {"dreißig", 30},  {"vierzig", 40},  {"fünfzig", 50},
    {"hundert", 100}, {"tausend", 1000},
};

// Substrings of a folded name; short words that occur inside unrelated ones ("tag" in
// "vertrag", "day" in "holiday") are left out: a DATE or TIME type says it instead.
constexpr std::string_view kDateParts[] = {"birth", "born",   "date",    "datum",    "year",
                                           "jahr",  "geburt", "founded", "gründung", "dob"};
constexpr std::string_view kAgeParts[] = {"age", "alter", "old", "dauer", "duration", "years"};

}  // namespace

std::string_view to_string(CueKind kind) {
  switch (kind) {
    case K::kCount:
      return "count";
    case K::kSum:
      return "sum";
    case K::kAverage:
      return "average";
    case K::kMost:
      return "most";
    case K::kLeast:
      return "least";
    case K::kOldest:
      return "oldest";
    case K::kYoungest:
      return "youngest";
    case K::kEarliest:
      return "earliest";
    case K::kLatest:
      return "latest";
    case K::kDescending:
      return "descending";
    case K::kAscending:
      return "ascending";
    case K::kEach:
      return "each";
    case K::kDistinct:
      return "distinct";
    case K::kGreater:
      return "greater";
    case K::kLess:
      return "less";
    case K::kAtLeast:
      return "at_least";
    case K::kAtMost:
      return "at_most";
    case K::kNegation:
      return "negation";
    case K::kIncludingNone:
      return "including_none";
    case K::kTop:
      return "top";
    case K::kRangeEnd:
      return "range_end";
    case K::kSorted:
      return "sorted";
    case K::kNoCue:
      return "no_cue";
  }
  return "unknown";
}

std::span<const CuePattern> cue_patterns() {
  return kPatterns;
}

std::span<const std::pair<std::string_view, int>> german_number_words() {
  return kGermanNumbers;
}

std::span<const std::string_view> date_name_parts() {
  return kDateParts;
}

std::span<const std::string_view> age_name_parts() {
  return kAgeParts;
}

}  // namespace groundgate::filters::sql
