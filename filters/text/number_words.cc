#include "filters/text/number_words.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <string>
#include <utility>

#include "filters/text/word_table.h"

namespace groundgate::filters::text {

namespace {

using WordValue = std::pair<std::string_view, double>;

constexpr std::array<WordValue, 28> kCardinals = {{
    {"zero", 0},     {"one", 1},      {"two", 2},        {"three", 3},     {"four", 4},
    {"five", 5},     {"six", 6},      {"seven", 7},      {"eight", 8},     {"nine", 9},
    {"ten", 10},     {"eleven", 11},  {"twelve", 12},    {"thirteen", 13}, {"fourteen", 14},
    {"fifteen", 15}, {"sixteen", 16}, {"seventeen", 17}, {"eighteen", 18}, {"nineteen", 19},
    {"twenty", 20},  {"thirty", 30},  {"forty", 40},     {"fifty", 50},    {"sixty", 60},
    {"seventy", 70}, {"eighty", 80},  {"ninety", 90},
}};

constexpr std::array<WordValue, 28> kOrdinals = {{
    {"first", 1},        {"second", 2},      {"third", 3},       {"fourth", 4},
    {"fifth", 5},        {"sixth", 6},       {"seventh", 7},     {"eighth", 8},
    {"ninth", 9},        {"tenth", 10},      {"eleventh", 11},   {"twelfth", 12},
    {"thirteenth", 13},  {"fourteenth", 14}, {"fifteenth", 15},  {"sixteenth", 16},
    {"seventeenth", 17}, {"eighteenth", 18}, {"nineteenth", 19}, {"twentieth", 20},
    {"thirtieth", 30},   {"fortieth", 40},   {"fiftieth", 50},   {"sixtieth", 60},
    {"seventieth", 70},  {"eightieth", 80},  {"ninetieth", 90},  {"hundredth", 100},
}};

constexpr std::array<WordValue, 9> kScales = {{
    {"hundred", 1e2},
    {"thousand", 1e3},
    {"million", 1e6},
    {"billion", 1e9},
    {"trillion", 1e12},
    {"bn", 1e9},
    {"mn", 1e6},
    {"mln", 1e6},
    {"bln", 1e9},
}};

// First and last letters of every cardinal word ("dozen" too; "twenty-one" starts like a tens
// word and ends like a unit): a word outside them is surely no cardinal, checked before the
// table walk because the entity extractor asks this of many words.
constexpr auto kCardinalEnds = [] {
  std::array<std::array<bool, 256>, 2> ends{};
  for (const auto& [w, v] : kCardinals) {
    ends[0][static_cast<unsigned char>(w.front())] = true;
    ends[1][static_cast<unsigned char>(w.back())] = true;
  }
  ends[0]['d'] = ends[1]['n'] = true;  // "dozen"
  return ends;
}();

// The entity extractor asks these of many words: each list is found by first byte.
template <std::size_t N>
struct WordValues {
  const std::array<WordValue, N>& values;
  WordTable<N> table;
};

template <std::size_t N>
constexpr WordTable<N> table_of(const std::array<WordValue, N>& values) {
  std::array<std::string_view, N> words{};
  for (std::size_t i = 0; i < N; ++i)
    words[i] = values[i].first;
  return WordTable<N>(words);
}

constexpr WordValues<kCardinals.size()> kCardinalWords{kCardinals, table_of(kCardinals)};
constexpr WordValues<kOrdinals.size()> kOrdinalWords{kOrdinals, table_of(kOrdinals)};
constexpr WordValues<kScales.size()> kScaleWords{kScales, table_of(kScales)};

template <std::size_t N>
std::optional<double> lookup(const WordValues<N>& list, std::string_view word) {
  const int at = list.table.find(word);
  if (at < 0) return std::nullopt;
  return list.values[static_cast<std::size_t>(at)].second;
}

// "twenty-one" → 21, "twenty-first" → 21 (with `last` as ordinal table).
template <std::size_t N>
std::optional<double> hyphenated(std::string_view word, const WordValues<N>& last_table) {
  const auto dash = word.find('-');
  if (dash == std::string_view::npos) return lookup(last_table, word);
  const auto tens = lookup(kCardinalWords, word.substr(0, dash));
  const auto ones = lookup(last_table, word.substr(dash + 1));
  if (!tens || !ones || *tens < 20 || std::fmod(*tens, 10) != 0 || *ones >= 10) {
    return std::nullopt;
  }
  return *tens + *ones;
}

std::optional<ParsedNumber> parse_digits(const Token& t) {
  if (t.kind != TokenKind::kNumber || (t.flags & (kOrdinal | kDecade)) ||
      t.norm.find(':') != std::string::npos) {
    return std::nullopt;
  }
  const std::string& s = t.norm;
  if (std::count(s.begin(), s.end(), '.') > 1) return std::nullopt;
  double value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  const auto dot = s.find('.');
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(s.size() - dot - 1);
  return ParsedNumber{value, 0.5 * std::pow(10.0, -decimals), 1, false};
}

}  // namespace

std::optional<double> scale_word(std::string_view w) {
  return lookup(kScaleWords, w);
}

std::optional<double> cardinal_word(std::string_view w) {
  if (w.size() < 3 || !kCardinalEnds[0][static_cast<unsigned char>(w.front())] ||
      !kCardinalEnds[1][static_cast<unsigned char>(w.back())]) {
    return std::nullopt;
  }
  if (w == "dozen") return 12;
  return hyphenated(w, kCardinalWords);
}

std::optional<double> repetition_word(std::string_view w) {
  if (w == "twice") return 2;
  if (w == "thrice") return 3;
  return std::nullopt;
}

std::optional<double> ordinal_word(std::string_view w) {
  return hyphenated(w, kOrdinalWords);
}

std::optional<ParsedNumber> parse_number(std::span<const Token> tokens, std::size_t i) {
  if (i >= tokens.size()) return std::nullopt;
  if (auto digits = parse_digits(tokens[i])) {
    // "1.5 million", "160 million": the scale multiplies value and precision.
    if (i + 1 < tokens.size() && tokens[i + 1].kind == TokenKind::kWord) {
      if (const auto scale = scale_word(tokens[i + 1].norm); scale && *scale >= 1e3) {
        digits->value *= *scale;
        digits->half_step *= *scale;
        digits->count = 2;
      }
    }
    return digits;
  }
  // Only these letters start a number word (or "a"/"an" before a scale): a cheap reject.
  constexpr std::string_view kFirstLetters = "abdefhmnostz";
  if (tokens[i].kind != TokenKind::kWord || tokens[i].norm.empty() ||
      kFirstLetters.find(tokens[i].norm[0]) == std::string_view::npos) {
    return std::nullopt;
  }
  // Number words: standard "total + current" accumulation.
  double total = 0, current = 0;
  std::size_t j = i;
  bool any = false;
  for (; j < tokens.size() && j - i < 12; ++j) {
    const Token& t = tokens[j];
    if (t.kind != TokenKind::kWord) break;
    const std::string_view w = t.norm;
    if ((w == "a" || w == "an") && !any && j + 1 < tokens.size() &&
        (scale_word(tokens[j + 1].norm) || tokens[j + 1].norm == "dozen")) {
      current = 1;
      continue;
    }
    if (w == "and" && any && j + 1 < tokens.size() && cardinal_word(tokens[j + 1].norm) &&
        tokens[j + 1].norm != "dozen") {
      continue;
    }
    if (w == "dozen") {
      current = (current == 0 ? 1 : current) * 12;
      any = true;
    } else if (const auto c = cardinal_word(w)) {
      current += *c;
      any = true;
    } else if (const auto s = scale_word(w); s && (any || current == 1)) {
      if (*s == 100) {
        current = (current == 0 ? 1 : current) * 100;
      } else {
        total += (current == 0 ? 1 : current) * *s;
        current = 0;
      }
      any = true;
    } else {
      break;
    }
  }
  if (!any) return std::nullopt;
  // Drop a trailing "and" / "a" that was not followed by a number word.
  while (j > i &&
         (tokens[j - 1].norm == "and" || tokens[j - 1].norm == "a" || tokens[j - 1].norm == "an")) {
    --j;
  }
  return ParsedNumber{total + current, 0.5, j - i, true};
}

}  // namespace groundgate::filters::text
