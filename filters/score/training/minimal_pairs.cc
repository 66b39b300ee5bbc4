#include "filters/score/training/minimal_pairs.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <optional>
#include <span>
#include <string>

#include "filters/score/training/perturbations.h"
#include "filters/text/discourse.h"
#include "filters/text/entities.h"
#include "filters/text/function_words.h"
#include "filters/text/lexicon.h"
#include "filters/text/number_words.h"
#include "filters/text/sentence_segmenter.h"
#include "filters/text/stopwords.h"
#include "filters/text/tokenizer.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::score::training {
namespace {

using text::Entity;
using text::EntitySubtype;
using text::Token;
using text::TokenKind;

constexpr std::uint64_t kPairSeed = 2;

constexpr std::array<std::string_view, 12> kMonths = {
    "january", "february", "march",     "april",   "may",      "june",
    "july",    "august",   "september", "october", "november", "december"};
constexpr std::array<std::string_view, 11> kCountWords = {
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"};

std::string replaced(std::string_view text, std::size_t begin, std::size_t end,
                     std::string_view with) {
  std::string out(text.substr(0, begin));
  out += with;
  out += text.substr(end);
  return out;
}

// `word` written with the capitals of `like` ("june" like "April" → "June").
std::string cased_like(std::string_view word, std::string_view like) {
  std::string out(word);
  if (!like.empty() && like[0] >= 'A' && like[0] <= 'Z' && !out.empty() && out[0] >= 'a' &&
      out[0] <= 'z')
    out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

std::optional<int> month_of(std::string_view lower) {
  for (std::size_t m = 0; m < kMonths.size(); ++m) {
    if (kMonths[m] == lower) return static_cast<int>(m);
  }
  return std::nullopt;
}

bool has_letter(std::string_view s) {
  return std::any_of(s.begin(), s.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
}
bool has_digit(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The tokens inside an entity's span.
std::span<const Token> tokens_of(std::span<const Token> tokens, const Entity& e) {
  std::size_t first = 0;
  while (first < tokens.size() && tokens[first].begin < e.begin)
    ++first;
  std::size_t last = first;
  while (last < tokens.size() && tokens[last].end <= e.end)
    ++last;
  return tokens.subspan(first, last - first);
}

// An identifier: a word of letters and digits that starts with a letter ("A320", "H1N1"; not
// "10-year"), or a number right after a capitalised word that is no month ("Form 1099", "Route
// 66").
bool is_code(std::span<const Token> tokens, std::size_t i, std::string_view sentence) {
  const Token& t = tokens[i];
  const std::string_view surface = t.surface(sentence);
  if (has_letter(surface.substr(0, 1)) && has_digit(surface)) return true;
  if (t.kind != TokenKind::kNumber || i == 0 || t.has(text::kDecimal) || t.has(text::kGrouped) ||
      t.has(text::kOrdinal) || t.has(text::kDecade))
    return false;
  // A year after a name is a date ("Shyamalan's 2002 film"), changed as one.
  if (t.norm.size() == 4 && t.norm >= "1200" && t.norm <= "2100") return false;
  const Token& before = tokens[i - 1];
  return before.kind == TokenKind::kWord && before.has(text::kCapitalized) &&
         !month_of(before.norm) && !text::is_stopword(before.norm) && before.end == t.begin - 1;
}

// Every digit of the code moved by the same step: "1099" → "2100"-like, the length kept.
std::string changed_code(std::string_view code, std::uint64_t seed) {
  std::string out(code);
  const int step = 1 + static_cast<int>(seed % 8);
  for (char& c : out) {
    if (c >= '0' && c <= '9') c = static_cast<char>('0' + (c - '0' + step) % 10);
  }
  return out;
}

// What a value entity's change is called.
std::optional<PairChange> change_kind(const Entity& e) {
  switch (e.subtype) {
    case EntitySubtype::kDate:
      return PairChange::kDate;
    case EntitySubtype::kPercent:
      return PairChange::kPercent;
    case EntitySubtype::kMoney:
      return PairChange::kMoney;
    case EntitySubtype::kCardinal:
      return PairChange::kCount;
    case EntitySubtype::kQuantity:
    case EntitySubtype::kDuration:
      return PairChange::kNumber;
    default:
      return std::nullopt;
  }
}

struct Edit {
  std::size_t begin = 0, end = 0;
  std::string with;
};

// One edit of a date: its day where it has one, else its year, else its month.
std::optional<Edit> date_edit(std::span<const Token> inside, const Entity& e,
                              std::string_view sentence, std::uint64_t seed) {
  for (const Token& t : inside) {
    if (t.kind != TokenKind::kNumber || e.date.precision != text::DatePrecision::kDay) continue;
    const std::string_view digits = t.norm;
    if (digits.empty() || digits.size() > 2 || std::to_string(e.date.day) != digits) continue;
    const int day = (e.date.day + 2 + static_cast<int>(seed % 20)) % 28 + 1;
    if (day == e.date.day) continue;
    return Edit{t.begin, t.end, std::to_string(day)};
  }
  for (const Token& t : inside) {
    if (t.kind == TokenKind::kNumber && e.date.year != 0 && t.norm == std::to_string(e.date.year)) {
      if (auto changed = changed_number(t, sentence, seed)) return Edit{t.begin, t.end, *changed};
    }
  }
  for (const Token& t : inside) {
    if (auto m = month_of(t.norm)) {
      const int other = (*m + 1 + static_cast<int>(seed % 10)) % 12;
      return Edit{t.begin, t.end,
                  cased_like(kMonths[static_cast<std::size_t>(other)], t.surface(sentence))};
    }
  }
  return std::nullopt;
}

// One edit of a number inside the entity: its digits, or its count word for another.
std::optional<Edit> number_edit(std::span<const Token> inside, std::string_view sentence,
                                std::uint64_t seed) {
  for (const Token& t : inside) {
    if (t.kind != TokenKind::kNumber || t.has(text::kOrdinal) || t.has(text::kDecade)) continue;
    if (auto changed = changed_number(t, sentence, seed)) return Edit{t.begin, t.end, *changed};
  }
  for (const Token& t : inside) {
    const auto at = std::find(kCountWords.begin(), kCountWords.end(), t.norm);
    // A capitalised count word inside the sentence is part of a name ("the Big Ten").
    if (at == kCountWords.end() || (t.has(text::kCapitalized) && t.begin > 0)) continue;
    const auto own = static_cast<std::size_t>(at - kCountWords.begin());
    const std::size_t other = (own + 1 + seed % (kCountWords.size() - 1)) % kCountWords.size();
    return Edit{t.begin, t.end, cased_like(kCountWords[other], t.surface(sentence))};
  }
  return std::nullopt;
}

// A whole number of weeks in days, of hours in minutes: "2 weeks" → "14 days".
std::optional<std::string> in_smaller_unit(std::span<const Token> inside) {
  static constexpr auto kWeeks = text::word_table("week", "weeks");
  static constexpr auto kHours = text::word_table("hour", "hours");
  if (inside.size() != 2 || inside[0].kind != TokenKind::kNumber) return std::nullopt;
  int n = 0;
  const std::string_view digits = inside[0].norm;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || end != digits.data() + digits.size() || n < 1 || n > 12)
    return std::nullopt;
  if (kWeeks.contains(inside[1].norm)) return std::to_string(7 * n) + " days";
  if (kHours.contains(inside[1].norm)) return std::to_string(60 * n) + " minutes";
  return std::nullopt;
}

// The value written another way: "25%" ↔ "25 percent", a small count in digits ↔ in words,
// "5 April" ↔ "April 5", weeks in days and hours in minutes, a grouped number without its
// separators.
std::optional<Edit> restatement(std::span<const Token> tokens, std::span<const Entity> entities,
                                std::string_view sentence) {
  for (const Entity& e : entities) {
    const std::span<const Token> inside = tokens_of(tokens, e);
    if (inside.empty()) continue;
    if (e.subtype == EntitySubtype::kDuration) {
      if (auto smaller = in_smaller_unit(inside))
        return Edit{inside.front().begin, inside.back().end, std::move(*smaller)};
    }
    if (e.subtype == EntitySubtype::kPercent && inside.size() == 2 &&
        inside[1].surface(sentence) == "%") {
      return Edit{inside[0].end, inside[1].end, " percent"};
    }
    // A count, not a number that names something ("#2", "Doe 2"), a part of a word ("9x13") or
    // of a mixed fraction ("6 1/2").
    const bool names =
        (e.begin > 0 &&
         (sentence[e.begin - 1] == '#' ||
          (e.begin > 1 && sentence[e.begin - 2] >= 'A' && sentence[e.begin - 2] <= 'Z'))) ||
        (e.end < sentence.size() && std::isalnum(static_cast<unsigned char>(sentence[e.end]))) ||
        sentence.substr(e.end, 4).find('/') != std::string_view::npos;
    if (e.subtype == EntitySubtype::kCardinal && inside.size() == 1 && !names &&
        inside[0].kind == TokenKind::kNumber && e.value >= 2 && e.value <= 12 &&
        inside[0].norm == std::to_string(static_cast<int>(e.value))) {
      return Edit{inside[0].begin, inside[0].end,
                  std::string(kCountWords[static_cast<std::size_t>(e.value) - 2])};
    }
    if (e.subtype == EntitySubtype::kDate && e.date.precision == text::DatePrecision::kDay &&
        inside.size() == 2 && inside[0].kind == TokenKind::kNumber && month_of(inside[1].norm)) {
      return Edit{inside[0].begin, inside[1].end,
                  std::string(inside[1].surface(sentence)) + " " +
                      std::string(inside[0].surface(sentence))};
    }
    for (const Token& t : inside) {
      if (t.kind == TokenKind::kNumber && t.has(text::kGrouped) && !t.has(text::kDecimal))
        return Edit{t.begin, t.end, t.norm};
    }
  }
  return std::nullopt;
}

// "opened" → "did not open": a past-tense verb WordNet knows (never a noun or an adjective
// too), not after a determiner, a form of "be" or "have", which would make it a participle.
std::optional<std::string> negate_past_verb(std::string_view sentence,
                                            std::span<const Token> tokens,
                                            const text::Lexicon& lexicon) {
  static constexpr auto kNotBefore = text::word_table(
      "the", "a", "an", "this", "that", "these", "those", "his", "her", "its", "their", "our", "my",
      "your", "has", "have", "had", "having", "is", "are", "was", "were", "be", "been", "being",
      "to", "of", "and", "or", "who", "which", "that");
  static constexpr auto kObjectStarts =
      text::word_table("the", "a", "an", "this", "these", "those", "his", "her", "its", "their",
                       "our", "my", "your");
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind != TokenKind::kWord || t.has(text::kCapitalized) || t.norm.size() < 4 ||
        kNotBefore.contains(tokens[i - 1].norm) || tokens[i - 1].kind != TokenKind::kWord)
      continue;
    // An adjective too ("opened") is the verb where an object follows ("opened a new wing").
    const bool object_follows = i + 1 < tokens.size() && kObjectStarts.contains(tokens[i + 1].norm);
    if (!lexicon.lemmas(t.norm, text::Lexicon::Pos::kNoun).empty() ||
        (!object_follows && !lexicon.lemmas(t.norm, text::Lexicon::Pos::kAdjective).empty()))
      continue;
    const std::vector<std::string_view> lemmas = lexicon.lemmas(t.norm, text::Lexicon::Pos::kVerb);
    if (lemmas.size() != 1 || lemmas[0] == t.norm || !t.norm.ends_with("ed")) continue;
    if (lemmas[0].find_first_of(" _") != std::string_view::npos) continue;
    return replaced(sentence, t.begin, t.end, "did not " + std::string(lemmas[0]));
  }
  return std::nullopt;
}

// Whether the changed sentence really states another value: the entity at the edit compares
// different (an approximate "about 25%" may take in "26%").
bool changes_value(const Entity& before, const std::string& changed, std::size_t at) {
  for (const Entity& e : text::extract_entities(changed)) {
    if (e.begin <= at && at < e.end)
      return text::compare(before, e) == text::EntityMatch::kDifferent;
  }
  return false;
}

}  // namespace

std::string_view to_string(PairChange change) {
  switch (change) {
    case PairChange::kCopy:
      return "copy";
    case PairChange::kRestated:
      return "restated";
    case PairChange::kNumber:
      return "number";
    case PairChange::kDate:
      return "date";
    case PairChange::kPercent:
      return "percent";
    case PairChange::kMoney:
      return "money";
    case PairChange::kCode:
      return "code";
    case PairChange::kCount:
      return "count";
    case PairChange::kNegation:
      return "negation";
  }
  return "copy";
}

bool unfaithful(PairChange change) {
  return change != PairChange::kCopy && change != PairChange::kRestated;
}

std::optional<std::string> restated(std::string_view sentence) {
  const std::vector<Token> tokens = text::tokenize(sentence);
  const std::vector<Entity> entities = text::extract_entities(sentence, tokens);
  const std::optional<Edit> edit = restatement(tokens, entities, sentence);
  if (!edit) return std::nullopt;
  return replaced(sentence, edit->begin, edit->end, edit->with);
}

std::vector<MinimalPair> minimal_pairs(std::string_view sentence, const text::Lexicon* lexicon,
                                       std::uint64_t seed) {
  std::vector<MinimalPair> out;
  out.push_back({PairChange::kCopy, std::string(sentence), {}, {}});
  const std::vector<Token> tokens = text::tokenize(sentence);
  const std::vector<Entity> entities = text::extract_entities(sentence, tokens);
  auto add = [&](PairChange change, const Edit& edit) {
    out.push_back({change, replaced(sentence, edit.begin, edit.end, edit.with),
                   std::string(sentence.substr(edit.begin, edit.end - edit.begin)), edit.with});
  };
  if (auto edit = restatement(tokens, entities, sentence)) add(PairChange::kRestated, *edit);

  // Identifiers first: their numbers are no values to the other kinds.
  std::vector<std::size_t> code_tokens;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (is_code(tokens, i, sentence)) code_tokens.push_back(i);
  }
  auto in_code = [&](const Entity& e) {
    return std::any_of(code_tokens.begin(), code_tokens.end(), [&](std::size_t i) {
      return tokens[i].begin < e.end && e.begin < tokens[i].end;
    });
  };
  if (!code_tokens.empty()) {
    const Token& t = tokens[code_tokens[seed % code_tokens.size()]];
    add(PairChange::kCode, {t.begin, t.end, changed_code(t.surface(sentence), seed)});
  }
  // Per kind, the candidates in order, one taken by the seed.
  std::array<std::vector<const Entity*>, 9> by_kind;
  for (const Entity& e : entities) {
    const auto kind = change_kind(e);
    // A note's or a reference's mark ("(1)", "[3]"), a list item's number ("1 Preheat the
    // oven") or a source's label ("passage 2:") is no value the context states.
    const bool enclosed = e.begin > 0 && e.end < sentence.size() &&
                          ((sentence[e.begin - 1] == '(' && sentence[e.end] == ')') ||
                           (sentence[e.begin - 1] == '[' && sentence[e.end] == ']'));
    const bool mark = enclosed ||
                      (e.subtype == EntitySubtype::kCardinal && !tokens.empty() &&
                       tokens.front().begin == e.begin) ||
                      text::numbers_a_source(sentence, e.begin);
    if (kind && !in_code(e) && !mark && e.begin < sentence.size())
      by_kind[static_cast<std::size_t>(*kind)].push_back(&e);
  }
  for (PairChange kind : {PairChange::kNumber, PairChange::kDate, PairChange::kPercent,
                          PairChange::kMoney, PairChange::kCount}) {
    const auto& candidates = by_kind[static_cast<std::size_t>(kind)];
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      const Entity& e = *candidates[(seed + k) % candidates.size()];
      const std::span<const Token> inside = tokens_of(tokens, e);
      const std::optional<Edit> edit = kind == PairChange::kDate
                                           ? date_edit(inside, e, sentence, seed)
                                           : number_edit(inside, sentence, seed);
      if (!edit) continue;
      const std::string changed = replaced(sentence, edit->begin, edit->end, edit->with);
      if (!changes_value(e, changed, edit->begin)) continue;
      add(kind, *edit);
      break;
    }
  }
  std::optional<std::string> negated = flip_negation(sentence);
  if (!negated && lexicon != nullptr) negated = negate_past_verb(sentence, tokens, *lexicon);
  if (negated) out.push_back({PairChange::kNegation, std::move(*negated), {}, {}});
  return out;
}

std::vector<std::string_view> pair_sentences(std::string_view passage, std::size_t limit,
                                             std::size_t min_words, std::size_t max_words) {
  std::vector<std::string_view> out;
  const std::size_t first = passage.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos || passage[first] == '{' || passage[first] == '[') return out;
  std::vector<std::pair<std::uint64_t, std::string_view>> order;
  for (const text::Sentence& s : text::SentenceSegmenter::split(passage)) {
    if (s.kind != text::SentenceKind::kProse || s.cut) continue;
    std::string_view sentence = passage.substr(s.begin, s.end - s.begin);
    std::vector<Token> tokens = text::tokenize(sentence);
    // A source's label before the sentence ("passage 2:") is the context's, not a claim.
    if (tokens.size() > 3 && tokens[1].kind == TokenKind::kNumber && tokens[2].norm == ":" &&
        text::numbers_a_source(sentence, tokens[1].begin)) {
      sentence = sentence.substr(tokens[2].end);
      sentence.remove_prefix(std::min(sentence.size(), sentence.find_first_not_of(" \t")));
      tokens = text::tokenize(sentence);
    }
    const auto words = static_cast<std::size_t>(std::count_if(
        tokens.begin(), tokens.end(), [](const Token& t) { return t.kind == TokenKind::kWord; }));
    if (words < min_words || words > max_words) continue;
    // Another order than the synthetic training answers' (perturbations.h): the pairs check
    // sentences the scorer did not learn from.
    order.emplace_back(text_hash(sentence, kPairSeed), sentence);
  }
  std::sort(order.begin(), order.end());
  for (std::size_t i = 0; i < order.size() && i < limit; ++i)
    out.push_back(order[i].second);
  return out;
}

}  // namespace groundgate::filters::score::training
