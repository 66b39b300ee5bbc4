#include "filters/spl/question_check.h"

#include <set>
#include <string>
#include <vector>

#include "filters/spl/stream_selection.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::spl {
namespace {

// The question's words, lower case (letters and digits; other bytes split).
std::vector<std::string> words(std::string_view question) {
  std::vector<std::string> out;
  std::string current;
  for (char c : text::ascii_lower(question)) {
    const bool word =
        (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || static_cast<unsigned char>(c) >= 0x80;
    if (word) {
      current += c;
    } else if (!current.empty()) {
      out.push_back(std::move(current));
      current.clear();
    }
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

bool starts_with_any(const std::string& w, std::initializer_list<std::string_view> stems) {
  for (std::string_view s : stems) {
    if (w.starts_with(s)) return true;
  }
  return false;
}

bool is_digits(std::string_view w) {
  return !w.empty() && w.find_first_not_of("0123456789") == std::string_view::npos;
}

}  // namespace

bool question_names_time(std::string_view question) {
  for (const std::string& w : words(question)) {
    // English and German words of time, by stem (hours, hourly, stunden, ...).
    if (starts_with_any(
            w, {"today",   "yesterday", "tonight", "tomorrow",  "hour",     "minute",    "day",
                "daily",   "week",      "month",   "year",      "annual",   "since",     "ago",
                "recent",  "last",      "past",    "previous",  "between",  "during",    "morning",
                "evening", "night",     "weekend", "monday",    "tuesday",  "wednesday", "thursday",
                "friday",  "saturday",  "sunday",  "january",   "february", "march",     "april",
                "june",    "july",      "august",  "september", "october",  "november",  "december",
                "heute",   "gestern",   "stunde",  "minute",    "tage",     "woche",     "monat",
                "jahr",    "seit",      "letzte",  "vergangen", "zwischen", "während"})) {
      return true;
    }
    // 24h, 7d, 30m, 2w, and years or dates written with digits.
    if (w.size() >= 2 && is_digits(w.substr(0, w.size() - 1)) &&
        std::string_view("smhdwy").find(w.back()) != std::string_view::npos) {
      return true;
    }
    if (w.size() == 4 && is_digits(w) && (w.starts_with("19") || w.starts_with("20"))) return true;
  }
  return false;
}

bool question_names_count(std::string_view question) {
  for (const std::string& w : words(question)) {
    if (is_digits(w)) return true;
    if (starts_with_any(
            w, {"top",     "first",   "few",   "some",   "sample", "example", "one",    "two",
                "three",   "four",    "five",  "six",    "seven",  "eight",   "nine",   "ten",
                "twenty",  "hundred", "dozen", "most",   "least",  "latest",  "newest", "oldest",
                "highest", "lowest",  "erste", "einige", "wenige", "zehn",    "fünf",   "drei"})) {
      return true;
    }
  }
  return false;
}

void check_question(std::string_view question, const Constraints& constraints,
                    const SplMetadata& metadata, FindingSink& sink) {
  if (!constraints.times.empty() && !question_names_time(question)) {
    for (const TimeBound& t : constraints.times) {
      sink.add(FindingType::kMisinterpretation, "time_range_not_asked",
               "`" + t.text + "` restricts the time, the question names none", t.begin, t.end);
    }
  }
  if (!question_names_count(question)) {
    for (const ResultLimit& l : constraints.limits) {
      sink.add(
          FindingType::kMisinterpretation, "limit_not_asked",
          "keeps only " + std::to_string(l.count) + " results, the question asks for no number",
          l.begin, l.end);
    }
  }
  // An index restriction: the sourcetypes and sources searched live in several indexes of the
  // metadata, and the question names none of them.
  const std::string q = text::ascii_lower(question);
  for (const Component& index : constraints.components) {
    if (index.kind != Kind::kIndex || q.find(text::ascii_lower(index.value)) != std::string::npos)
      continue;
    std::set<std::string> indexes;
    for (const Stream& s : metadata.streams()) {
      bool matches = !s.index.empty();
      for (const Component& c : constraints.components) {
        if (c.kind == Kind::kIndex) continue;
        const std::string_view v = stream_value(s, c.kind);
        if (!v.empty() && !glob_match(c.value, v, true)) matches = false;
      }
      if (matches) indexes.insert(text::ascii_lower(s.index));
    }
    bool named = false;
    for (const std::string& i : indexes) {
      if (q.find(i) != std::string::npos) named = true;
    }
    if (indexes.size() > 1 && !named) {
      sink.add(FindingType::kMisinterpretation, "index_not_asked",
               "restricts to index " + index.value + "; the data asked about is in " +
                   std::to_string(indexes.size()) + " indexes and the question names none",
               index.key_begin, index.value_end);
    }
  }
}

}  // namespace groundgate::filters::spl
