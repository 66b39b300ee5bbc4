#include "filters/sql/question_variants.h"

#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <span>

#include "filters/sql/name_distance.h"

namespace groundgate::filters::sql {
namespace {

struct Swap {
  std::string_view from;
  std::string_view to;
};

// Phrases are matched in lower case at word boundaries; longer first where one contains another.
constexpr std::array<Swap, 16> kExtremumSynonyms{{
    {"highest", "maximum"},
    {"maximum", "highest"},
    {"lowest", "minimum"},
    {"minimum", "lowest"},
    {"largest", "biggest"},
    {"biggest", "largest"},
    {"höchsten", "maximalen"},
    {"höchste", "maximale"},
    {"niedrigsten", "minimalen"},
    {"niedrigste", "minimale"},
    {"maximalen", "höchsten"},
    {"minimalen", "niedrigsten"},
    {"größten", "maximalen"},
    {"größte", "maximale"},
    {"smallest", "tiniest"},
    {"kleinsten", "minimalen"},
}};

constexpr std::array<Swap, 34> kExtremumAntonyms{{
    {"highest", "lowest"},       {"lowest", "highest"},     {"largest", "smallest"},
    {"smallest", "largest"},     {"biggest", "smallest"},   {"most", "fewest"},
    {"fewest", "most"},          {"oldest", "youngest"},    {"youngest", "oldest"},
    {"longest", "shortest"},     {"shortest", "longest"},   {"earliest", "latest"},
    {"latest", "earliest"},      {"maximum", "minimum"},    {"minimum", "maximum"},
    {"höchsten", "niedrigsten"}, {"höchste", "niedrigste"}, {"niedrigsten", "höchsten"},
    {"niedrigste", "höchste"},   {"größten", "kleinsten"},  {"größte", "kleinste"},
    {"kleinsten", "größten"},    {"kleinste", "größte"},    {"ältesten", "jüngsten"},
    {"älteste", "jüngste"},      {"jüngsten", "ältesten"},  {"jüngste", "älteste"},
    {"meisten", "wenigsten"},    {"wenigsten", "meisten"},  {"längsten", "kürzesten"},
    {"längste", "kürzeste"},     {"kürzesten", "längsten"}, {"frühesten", "spätesten"},
    {"spätesten", "frühesten"},
}};

constexpr std::array<Swap, 12> kComparisonSynonyms{{
    {"greater than", "more than"},
    {"more than", "over"},
    {"larger than", "more than"},
    {"higher than", "above"},
    {"less than", "below"},
    {"fewer than", "less than"},
    {"lower than", "below"},
    {"smaller than", "less than"},
    {"mehr als", "über"},
    {"größer als", "mehr als"},
    {"weniger als", "unter"},
    {"kleiner als", "weniger als"},
}};

// Comparisons made inclusive: their results can only grow.
constexpr std::array<Swap, 14> kComparisonRelaxed{{
    {"greater than", "at least"},
    {"more than", "at least"},
    {"larger than", "at least"},
    {"higher than", "at least"},
    {"above", "at least"},
    {"over", "at least"},
    {"less than", "at most"},
    {"fewer than", "at most"},
    {"lower than", "at most"},
    {"below", "at most"},
    {"mehr als", "mindestens"},
    {"größer als", "mindestens"},
    {"über", "mindestens"},
    {"weniger als", "höchstens"},
}};

// Comparisons whose bound can be moved further in: upward for "more", downward for "less".
struct Bound {
  std::string_view phrase;
  bool upper;  // "less than N": lower N to tighten
};
constexpr std::array<Bound, 14> kBounds{{
    {"greater than", false},
    {"more than", false},
    {"larger than", false},
    {"higher than", false},
    {"above", false},
    {"over", false},
    {"at least", false},
    {"less than", true},
    {"fewer than", true},
    {"lower than", true},
    {"below", true},
    {"mehr als", false},
    {"über", false},
    {"weniger als", true},
}};

constexpr std::array<std::string_view, 10> kPrefixesEn{
    "show me",  "list",   "give me", "tell me",     "find",
    "what are", "return", "display", "please list", "get"};
constexpr std::array<std::string_view, 6> kPrefixesDe{"zeige mir", "zeige", "nenne",
                                                      "gib",       "finde", "liste"};
constexpr std::array<std::string_view, 20> kGermanWords{
    "der", "die",   "das", "und", "wie",  "welche", "ist",   "sind",  "mit",  "von",
    "für", "nicht", "den", "des", "alle", "aller",  "viele", "haben", "gibt", "dem"};

bool is_letter(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u >= 0x80;
}

// The first occurrence of `phrase` (lower case) in `folded` at word boundaries.
std::optional<std::size_t> find_phrase(std::string_view folded, std::string_view phrase) {
  for (std::size_t at = folded.find(phrase); at != std::string_view::npos;
       at = folded.find(phrase, at + 1)) {
    const std::size_t end = at + phrase.size();
    if ((at == 0 || !is_letter(folded[at - 1])) &&
        (end == folded.size() || !is_letter(folded[end])))
      return at;
  }
  return std::nullopt;
}

bool german(std::string_view folded) {
  int de = 0;
  for (std::string_view w : kGermanWords)
    de += find_phrase(folded, w) ? 1 : 0;
  return de >= 2;
}

// `to` in the letter case the original's first letter had ("Highest" → "Lowest").
std::string cased_like(std::string_view original, std::string_view to) {
  std::string out(to);
  if (!original.empty() && original.front() >= 'A' && original.front() <= 'Z' && !out.empty() &&
      out.front() >= 'a' && out.front() <= 'z') {
    out.front() = static_cast<char>(out.front() - 32);
  }
  return out;
}

QuestionVariant edit(std::string_view question, VariantFamily family, Relation expected,
                     std::size_t begin, std::size_t end, std::string replacement) {
  QuestionVariant v;
  v.family = family;
  v.expected = expected;
  v.begin = begin;
  v.end = end;
  v.replacement = std::move(replacement);
  v.question =
      std::string(question.substr(0, begin)) + v.replacement + std::string(question.substr(end));
  return v;
}

// Whether a number follows `at` (spaces skipped).
bool number_at(std::string_view text, std::size_t at) {
  while (at < text.size() && text[at] == ' ')
    ++at;
  return at < text.size() && text[at] >= '0' && text[at] <= '9';
}

// The first swap that applies; `number_after`: only where a number follows the phrase (a
// comparison, not "over the years").
template <std::size_t N>
std::optional<QuestionVariant> swap_first(std::string_view question, std::string_view folded,
                                          const std::array<Swap, N>& swaps, VariantFamily family,
                                          Relation expected, bool number_after = false) {
  for (const Swap& s : swaps) {
    if (auto at = find_phrase(folded, s.from)) {
      if (number_after && !number_at(folded, *at + s.from.size())) continue;
      return edit(question, family, expected, *at, *at + s.from.size(),
                  cased_like(question.substr(*at), s.to));
    }
  }
  return std::nullopt;
}

std::optional<QuestionVariant> prefix(std::string_view question, std::string_view folded, bool de) {
  const std::string_view add = de ? "Zeige: " : "Show me: ";
  for (std::string_view p : de ? std::span<const std::string_view>(kPrefixesDe)
                               : std::span<const std::string_view>(kPrefixesEn)) {
    if (folded.starts_with(p) && (folded.size() == p.size() || !is_letter(folded[p.size()]))) {
      const std::string_view other =
          de ? (p == "nenne" ? "Zeige" : "Nenne") : (p == "list" ? "Show" : "List");
      return edit(question, VariantFamily::kPrefix, Relation::kEqual, 0, p.size(),
                  std::string(other));
    }
  }
  return edit(question, VariantFamily::kPrefix, Relation::kEqual, 0, 0, std::string(add));
}

// The number after a comparison, moved further in (upward for "more", downward for "less").
std::optional<QuestionVariant> tightened(std::string_view question, std::string_view folded) {
  for (const Bound& b : kBounds) {
    auto at = find_phrase(folded, b.phrase);
    if (!at) continue;
    std::size_t p = *at + b.phrase.size();
    while (p < question.size() && question[p] == ' ')
      ++p;
    std::size_t q = p;
    while (q < question.size() && question[q] >= '0' && question[q] <= '9')
      ++q;
    if (q == p || q - p > 15) continue;
    long long n = 0;
    std::from_chars(question.data() + p, question.data() + q, n);
    long long moved = b.upper ? static_cast<long long>(std::floor(static_cast<double>(n) * 0.75))
                              : static_cast<long long>(std::ceil(static_cast<double>(n) * 1.25));
    if (moved == n) moved = b.upper ? n - 1 : n + 1;
    if (moved < 0) continue;
    return edit(question, VariantFamily::kComparisonTightened, Relation::kSubset, p, q,
                std::to_string(moved));
  }
  return std::nullopt;
}

}  // namespace

std::vector<QuestionVariant> question_variants(std::string_view question,
                                               std::size_t max_variants) {
  std::vector<QuestionVariant> out;
  const std::string folded = fold_name(question);  // same byte offsets (ASCII and Latin-1)
  if (folded.size() != question.size()) return out;
  const bool de = german(folded);
  const auto add = [&](std::optional<QuestionVariant> v) {
    if (v && out.size() < max_variants) out.push_back(std::move(*v));
  };
  add(swap_first(question, folded, kExtremumAntonyms, VariantFamily::kExtremumAntonym,
                 Relation::kDifferent));
  add(swap_first(question, folded, kComparisonRelaxed, VariantFamily::kComparisonRelaxed,
                 Relation::kSuperset, true));
  add(tightened(question, folded));
  add(swap_first(question, folded, kExtremumSynonyms, VariantFamily::kExtremum, Relation::kEqual));
  add(swap_first(question, folded, kComparisonSynonyms, VariantFamily::kComparison,
                 Relation::kEqual, true));
  add(prefix(question, folded, de));
  add(edit(question, VariantFamily::kIrrelevant, Relation::kEqual, question.size(), question.size(),
           de ? " Bitte antworte genau." : " Please answer precisely."));
  return out;
}

std::string_view to_string(Relation relation) {
  switch (relation) {
    case Relation::kEqual:
      return "equal";
    case Relation::kDifferent:
      return "different";
    case Relation::kSubset:
      return "subset";
    case Relation::kSuperset:
      return "superset";
  }
  return "equal";
}

std::string_view to_string(VariantFamily family) {
  switch (family) {
    case VariantFamily::kPrefix:
      return "prefix";
    case VariantFamily::kExtremum:
      return "extremum";
    case VariantFamily::kExtremumAntonym:
      return "extremum_antonym";
    case VariantFamily::kComparison:
      return "comparison";
    case VariantFamily::kComparisonRelaxed:
      return "comparison_relaxed";
    case VariantFamily::kComparisonTightened:
      return "comparison_tightened";
    case VariantFamily::kIrrelevant:
      return "irrelevant";
  }
  return "prefix";
}

}  // namespace groundgate::filters::sql
