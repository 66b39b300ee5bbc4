#include "filters/semantic_piece/narrowing.h"

#include <algorithm>
#include <string>

#include "filters/semantic_piece/clause_words.h"
#include "filters/semantic_piece/slot.h"
#include "filters/text/calendar_words.h"
#include "filters/text/function_words.h"
#include "filters/text/number_words.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/verb_form.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Token;

// Adjectives that make their noun something else or not yet one ("former chairman", "proposed
// buyback", "alleged fraud"), or narrow it to the exception ("only", "partial"): a statement
// with them does not state the thing without them.
constexpr auto kNotNarrowing = text::word_table(
    "former", "alleged", "proposed", "planned", "potential", "possible", "probable", "putative",
    "supposed", "so-called", "fake", "false", "mock", "would-be", "future", "prospective",
    "intended", "only", "sole", "partial", "temporary", "initial", "previous", "preliminary",
    "conditional", "provisional", "draft", "apparent", "suspected", "reported", "expected",
    "hypothetical", "theoretical", "virtual", "nominal", "near", "no", "non", "little", "few",
    "interim", "acting", "honorary", "assistant", "ex", "negligible", "insignificant", "minimal",
    "slight", "marginal");
// Words that open a phrase of time ("in 1965", "late on Tuesday night", "until 2008", "from
// 5.7 percent in May") or of value ("of $500 million", "by 62 percent").
constexpr auto kPhraseOpeners = text::word_table("in", "on", "at", "during", "late", "early", "of",
                                                 "by", "from", "until", "since");
// Of those, the ones that open a phrase of value only: "by the council" is who did it.
constexpr auto kValueOpeners = text::word_table("of", "by");
constexpr auto kTimeNouns = text::word_table(
    "half", "minute", "minutes", "hour", "hours", "night", "morning", "afternoon", "evening", "day",
    "week", "weekend", "month", "year", "quarter", "season", "period", "round");
// Words that open a clause of time or cause after the statement ("after arguing with the
// referee").
constexpr auto kTimeClauses = text::word_table("after", "before", "when", "because", "following");
constexpr auto kArticles = text::word_table("the", "a", "an", "this", "that");
constexpr auto kPastAuxiliaries =
    text::word_table("did", "was", "were", "had", "didn't", "wasn't", "weren't", "hadn't");
constexpr auto kPresentAuxiliaries =
    text::word_table("is", "are", "am", "do", "does", "will", "can", "may", "must", "shall",
                     "isn't", "aren't", "don't", "doesn't", "won't", "can't", "cannot", "mustn't");
// The perfect tells no time of its own: "has chaired since 2018" holds now, "has visited
// twice" of the past.
constexpr auto kPerfectAuxiliaries = text::word_table("has", "have", "hasn't", "haven't");

class Reader {
 public:
  Reader(std::span<const Token> statement, std::span<const text::Entity> entities,
         std::span<const Token> other, const text::Lexicon* lexicon)
      : statement_(statement), entities_(entities), lexicon_(lexicon) {
    for (const Token& t : other)
      if (t.kind == text::TokenKind::kWord || t.kind == text::TokenKind::kNumber)
        other_.push_back(text::stem(t.norm));
    std::sort(other_.begin(), other_.end());
  }

  bool held_by_other(const Token& t) const {
    return std::binary_search(other_.begin(), other_.end(), text::stem(t.norm));
  }
  // The other side holds the word; a unit of a value only where it holds the value's number
  // too (the "percent" of "from 5.7 percent" is not the other side's "5.9 percent").
  bool shared(std::size_t i) const {
    const Token& t = statement_[i];
    if (!held_by_other(t)) return false;
    const text::Entity* v = value(i);
    if (v == nullptr || t.kind == text::TokenKind::kNumber) return true;
    bool numbers = false;
    for (const Token& u : statement_) {
      if (u.kind != text::TokenKind::kNumber || u.begin < v->begin || u.end > v->end) continue;
      numbers = true;
      if (held_by_other(u)) return true;
    }
    return !numbers;
  }
  // A word both sides hold, an article or a preposition that opens a phrase aside (those are
  // every sentence's).
  bool shared_word(std::size_t i) const {
    return !punctuation(i) && !kArticles.contains(statement_[i].norm) &&
           !kPhraseOpeners.contains(statement_[i].norm) && shared(i);
  }
  // The kind of value the token is part of, if any.
  const text::Entity* value(std::size_t i) const {
    const Token& t = statement_[i];
    for (const text::Entity& e : entities_)
      if (is_value_entity(e) && e.begin <= t.begin && t.end <= e.end) return &e;
    return nullptr;
  }
  bool before_shared(std::size_t i) const {
    return i + 1 < statement_.size() && text::is_content_word(statement_[i + 1]) && shared(i + 1);
  }
  // An adjective that restricts its noun: one right before a word the other side holds ("free
  // Wi-Fi"), or a word that is only an adjective.
  bool restricting_adjective(std::size_t i) const {
    const Token& t = statement_[i];
    using Pos = text::Lexicon::Pos;
    if (lexicon_ == nullptr || t.kind != text::TokenKind::kWord || t.has(text::kCapitalized) ||
        kNotNarrowing.contains(t.norm) || text::inflected_verb(t, lexicon_) ||
        lexicon_->lemmas(t.norm, Pos::kAdjective).empty())
      return false;
    return before_shared(i) || lexicon_->lemmas(t.norm, Pos::kNoun).empty();
  }
  // A name that says which of the thing the next word names ("The Harwick town council"): not
  // the sentence's first word, and no word of the other side's.
  // An adjective with its phrase after the noun it narrows ("an atmosphere rich in water
  // vapour", "a room full of books"): the thing so narrowed is still the thing.
  bool postmodifier(std::size_t i) const {
    static constexpr auto kPrepositions =
        text::word_table("in", "of", "with", "for", "from", "to", "at", "on");
    const Token& t = statement_[i];
    using Pos = text::Lexicon::Pos;
    return lexicon_ != nullptr && i + 1 < statement_.size() &&
           kPrepositions.contains(statement_[i + 1].norm) && t.kind == text::TokenKind::kWord &&
           !t.has(text::kCapitalized) && !kNotNarrowing.contains(t.norm) &&
           !text::inflected_verb(t, lexicon_) && !lexicon_->lemmas(t.norm, Pos::kAdjective).empty();
  }
  bool name_modifier(std::size_t i) const {
    const Token& t = statement_[i];
    return i > 0 && t.kind == text::TokenKind::kWord && t.has(text::kCapitalized) &&
           !text::is_stopword(t.norm) && !shared(i) && before_shared(i);
  }
  bool time_word(std::size_t i) const {
    const std::string_view w = statement_[i].norm;
    return kTimeNouns.contains(w) || text::kWeekdays.contains(w) ||
           statement_[i].has(text::kOrdinal) || text::ordinal_word(w).has_value();
  }
  bool shares_part_of(const text::Entity& e) const {
    for (std::size_t i = 0; i < statement_.size(); ++i)
      if (e.begin <= statement_[i].begin && statement_[i].end <= e.end && shared(i)) return true;
    return false;
  }
  bool punctuation(std::size_t i) const {
    return statement_[i].kind == text::TokenKind::kPunctuation;
  }

  // The phrase of time or value that opens at `i` and ends before the return value; `i` where
  // there is none. `inside`: the phrase stands between words both sides hold and may end
  // before one of them ("fell 3 percent on Monday after ..."); a place is no such phrase.
  std::size_t phrase_end(std::size_t i, bool inside, bool& of_time) const {
    // (The other side's preposition is no word of its that the phrase would take away.)
    const std::string_view opener = statement_[i].norm;
    if (!kPhraseOpeners.contains(opener)) return i;
    bool time = false, valued = false, named = false;
    std::size_t j = i + 1;
    // Between shared words, a phrase that holds its value or time ends where another opens,
    // which may hold shared words ("by 8 percent" of "increased by 8 percent in the first
    // quarter").
    auto another_opens = [&](std::size_t k) {
      return inside && (time || valued) && kPhraseOpeners.contains(statement_[k].norm);
    };
    for (; j < statement_.size() && !punctuation(j) && !shared_word(j) &&
           !kTimeClauses.contains(statement_[j].norm) && !another_opens(j);
         ++j) {
      const text::Entity* v = value(j);
      const bool word_of_time =
          time_word(j) || (v != nullptr && v->type == text::EntityType::kTime);
      const bool name =
          statement_[j].kind == text::TokenKind::kWord && statement_[j].has(text::kCapitalized);
      if (!word_of_time && v == nullptr && !name && !kArticles.contains(statement_[j].norm) &&
          !kPhraseOpeners.contains(statement_[j].norm) && !restricting_adjective(j))
        break;
      time = time || word_of_time;
      named = named || name;
      valued = valued || v != nullptr;
    }
    const bool ends = j == statement_.size() || punctuation(j) ||
                      kTimeClauses.contains(statement_[j].norm) || statement_[j].norm == "and" ||
                      statement_[j].norm == "but" || another_opens(j) || (inside && shared_word(j));
    // A name after "at" is where the event took place ("at Elm Park"); after "in" it may be
    // where the statement holds ("approved in Europe"), which is no narrowing.
    const bool venue = named && opener == "at" && !inside;
    const bool of_value = kValueOpeners.contains(opener);
    if (!ends || (of_value ? !valued : !(time || valued || venue))) return i;
    of_time = !of_value;
    return j;
  }

  Narrowed read() const {
    const std::size_t n = statement_.size();
    Narrowed out;
    // Bounded work: a longer statement is no sentence to line up (slot.h aligns at most as
    // many tokens), and stays as it is.
    if (n > kMaxAlignedTokens) {
      out.tokens.assign(statement_.begin(), statement_.end());
      return out;
    }
    std::vector<char> drop(n, 0);
    // The last word both sides hold before a clause of time or cause opens (which may repeat
    // one: "fell on Friday after the central bank raised rates"); what follows it may narrow.
    std::size_t after = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (after > 0 && kTimeClauses.contains(statement_[i].norm) && !shared(i)) break;
      if (shared_word(i)) after = i + 1;
    }
    // Between shared words, a phrase of time or value.
    for (std::size_t i = 0; i < after;) {
      bool of_time = false;
      const std::size_t end = phrase_end(i, /*inside=*/true, of_time);
      if (end == i || end >= after) {
        ++i;
        continue;
      }
      std::fill(drop.begin() + static_cast<std::ptrdiff_t>(i),
                drop.begin() + static_cast<std::ptrdiff_t>(end), 1);
      out.dropped_time = out.dropped_time || of_time;
      i = end;
    }
    // After them, phrases of time, place or value and a clause of time or cause.
    for (std::size_t i = after; i < n && after > 0;) {
      bool of_time = false;
      if (const std::size_t end = phrase_end(i, /*inside=*/false, of_time); end > i) {
        std::fill(drop.begin() + static_cast<std::ptrdiff_t>(i),
                  drop.begin() + static_cast<std::ptrdiff_t>(end), 1);
        out.dropped_time = out.dropped_time || of_time;
        i = end;
        continue;
      }
      if (kTimeClauses.contains(statement_[i].norm) && !shared(i)) {
        for (; i < n && !punctuation(i); ++i)
          drop[i] = 1;
        out.dropped_time = true;
      } else if (i == after && postmodifier(i)) {
        for (; i < n && !punctuation(i); ++i)
          drop[i] = 1;
      }
      break;
    }
    // Elsewhere, a count or an amount the other side does not give in part, and a
    // restricting adjective. (A date elsewhere stays: it is when the statement held.)
    for (std::size_t i = 0; i < n; ++i) {
      if (drop[i] || shared(i)) continue;
      const text::Entity* v = value(i);
      if (v == nullptr ? restricting_adjective(i) || name_modifier(i)
                       : v->type == text::EntityType::kNumber && !shares_part_of(*v))
        drop[i] = 1;
    }
    for (std::size_t i = 0; i < n; ++i)
      if (!drop[i]) out.tokens.push_back(statement_[i]);
    return out;
  }

 private:
  std::span<const Token> statement_;
  std::span<const text::Entity> entities_;
  const text::Lexicon* lexicon_;
  std::vector<std::string> other_;  // stems, sorted
};

}  // namespace

Narrowed without_narrowing(std::span<const Token> statement, std::span<const text::Entity> entities,
                           std::span<const Token> other, const text::Lexicon* lexicon) {
  return Reader(statement, entities, other, lexicon).read();
}

namespace {

// Where a phrase or clause of cause opens: "because", or "due to" / "owing to" after a verb
// or a comma ("cancelled due to fog"; not "damage due to misuse", "payments due to suppliers",
// "is due to open", which say what or when).
bool opens_cause(std::span<const Token> statement, std::size_t i, const text::Lexicon* lexicon) {
  const std::string_view w = statement[i].norm;
  if (i == 0) return false;
  if (w == "because") return true;
  if ((w != "due" && w != "owing") || i + 1 >= statement.size() || statement[i + 1].norm != "to")
    return false;
  const Token& before = statement[i - 1];
  return before.norm == "," ||
         (text::inflected_verb(before, lexicon) && !text::kBeForms.contains(before.norm));
}

std::size_t causes_in(std::span<const Token> statement, const text::Lexicon* lexicon) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < statement.size(); ++i)
    n += opens_cause(statement, i, lexicon);
  return n;
}

}  // namespace

bool states_a_cause(std::span<const Token> statement, const text::Lexicon* lexicon) {
  return causes_in(statement, lexicon) > 0;
}

std::optional<std::vector<Token>> without_asides(std::span<const Token> statement,
                                                 const text::Lexicon* lexicon, bool causes) {
  static constexpr auto kRelatives = text::word_table("which", "who", "whose", "whom");
  static constexpr auto kJoints = text::word_table("but", "and", "while", "whereas");
  auto punctuation = [&](std::size_t i) {
    return statement[i].kind == text::TokenKind::kPunctuation;
  };
  // Two causes set against each other ("not because of the fog but because of a strike") are
  // what the statement says.
  causes = causes && causes_in(statement, lexicon) == 1;
  std::vector<Token> out;
  out.reserve(statement.size());
  for (std::size_t i = 0; i < statement.size(); ++i) {
    if (statement[i].norm == "," && i + 1 < statement.size() &&
        kRelatives.contains(statement[i + 1].norm)) {
      std::size_t end = i + 2;
      while (end < statement.size() && !punctuation(end))
        ++end;
      if (end < statement.size() && statement[end].norm == ",") {
        i = end;  // the closing comma goes too
        continue;
      }
    }
    if (causes && opens_cause(statement, i, lexicon)) {
      while (i + 1 < statement.size() && !punctuation(i + 1) &&
             !kJoints.contains(statement[i + 1].norm))
        ++i;
      continue;
    }
    out.push_back(statement[i]);
  }
  if (out.size() == statement.size()) return std::nullopt;
  return out;
}

Tense tense_of(std::span<const Token> clause, const text::Lexicon* lexicon) {
  bool past = false, present = false;
  for (std::size_t i = 0; i < clause.size(); ++i) {
    const Token& t = clause[i];
    // A capital inside the sentence is a name's ("in May").
    const bool auxiliary = i == 0 || !t.has(text::kCapitalized);
    if (auxiliary && kPastAuxiliaries.contains(t.norm)) return Tense::kPast;
    if (auxiliary && kPresentAuxiliaries.contains(t.norm)) return Tense::kPresent;
    if (auxiliary && kPerfectAuxiliaries.contains(t.norm)) return Tense::kUnknown;
    const std::string base = text::verb_base(t, lexicon);
    if (base.empty() || base == t.norm || t.norm.ends_with("ing")) continue;
    (t.norm.ends_with('s') ? present : past) = true;
  }
  if (past == present) return Tense::kUnknown;
  return past ? Tense::kPast : Tense::kPresent;
}

bool other_tense(std::span<const Token> a, std::span<const Token> b, const text::Lexicon* lexicon) {
  const Tense x = tense_of(a, lexicon), y = tense_of(b, lexicon);
  return x != Tense::kUnknown && y != Tense::kUnknown && x != y;
}

}  // namespace groundgate::filters::semantic_piece
