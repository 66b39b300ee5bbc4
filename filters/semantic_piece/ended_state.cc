#include "filters/semantic_piece/ended_state.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "filters/semantic_piece/narrowing.h"
#include "filters/text/calendar_words.h"
#include "filters/text/negation.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/verb_form.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Token;

// Words that say a state goes on now.
constexpr auto kGoesOn =
    text::word_table("still", "currently", "continues", "continue", "remains", "remain");
// Verbs of ending, by base form.
constexpr auto kEnding = text::word_table(
    "close", "shut", "cease", "stop", "end", "halt", "repeal", "abolish", "dissolve", "disband",
    "discontinue", "dismiss", "sack", "oust", "resign", "retire", "die", "demolish", "scrap",
    "withdraw", "quit", "leave", "expire", "terminate", "revoke", "shutter", "fold");
// Words of a state of being in operation.
constexpr auto kInOperation =
    text::word_table("open", "operating", "operational", "active", "force", "effect", "running",
                     "trading", "business", "service", "office", "existence", "alive", "valid");
// Words before a verb that make it no fact of the past.
constexpr auto kNotDone = text::word_table("will", "would", "to", "may", "might", "could", "should",
                                           "can", "must", "shall");
// Auxiliaries of a past or perfect passive ("was repealed", "has been closed").
constexpr auto kPastAuxiliaries = text::word_table("was", "were", "had", "has", "have", "been");
// Words of a restart, by prefix or whole.
constexpr auto kRestartWords = text::word_table("again", "back", "revived", "returned");

bool word(const Token& t) {
  return t.kind == text::TokenKind::kWord;
}

// Stems that share a root: one is a prefix of the other, four letters at least ("oper" of
// "operate" and "operations", "produc" of "producing" and "production").
bool same_root(std::string_view a, std::string_view b) {
  const std::string sa = text::stem(a), sb = text::stem(b);
  const std::string_view shorter = sa.size() <= sb.size() ? sa : sb;
  const std::string_view longer = sa.size() <= sb.size() ? sb : sa;
  return shorter.size() >= 4 && longer.starts_with(shorter);
}

// Index of the ending verb in `piece` after `from`, in the past and stated as a fact.
std::optional<std::size_t> ending_verb(std::span<const Token> piece, std::size_t from,
                                       const text::Lexicon* lexicon) {
  for (std::size_t i = from; i < piece.size(); ++i) {
    if (!word(piece[i])) continue;
    const std::string base = text::verb_base(piece[i], lexicon);
    const std::string_view form = base.empty() ? std::string_view(piece[i].norm) : base;
    if (!kEnding.contains(form)) continue;
    const bool inflected_past =
        !base.empty() && !piece[i].norm.ends_with("ing") && !piece[i].norm.ends_with("s");
    const bool after_auxiliary = i > 0 && kPastAuxiliaries.contains(piece[i - 1].norm);
    if (!inflected_past && !after_auxiliary) continue;
    const bool not_done = std::any_of(
        piece.begin() + static_cast<std::ptrdiff_t>(i >= 3 ? i - 3 : 0),
        piece.begin() + static_cast<std::ptrdiff_t>(i),
        [](const Token& t) { return kNotDone.contains(t.norm) || text::is_negation(t.norm); });
    if (!not_done) return i;
  }
  return std::nullopt;
}

// The clause holds a word of `w`'s root.
bool clause_says(std::span<const Token> clause, const Token& w) {
  return std::any_of(clause.begin(), clause.end(), [&](const Token& t) {
    return word(t) && (t.norm == w.norm || same_root(t.norm, w.norm));
  });
}

// The ending verb at `at` ends another thing than the clause's subject, or ends it only in
// part or for a while: a word of its object the clause does not say ("closed its second shop"
// against "is still open", "stopped selling cars" against "is still selling trucks"; not
// "ceased operations" against "continues to operate"), a thing named or a figure given in
// its phrase that the clause does not ("ceased flights to Oslo" against "operates flights to
// Rome", "closed at 5 pm"), or a while ("for two weeks", "temporarily"). A year or a month is
// the ending's time ("closed in March 2018").
bool ends_something_else(std::span<const Token> clause, std::span<const Token> piece,
                         std::size_t at) {
  static constexpr auto kBeforeObject =
      text::word_table("its", "their", "his", "her", "the", "a", "an", "all", "some", "one",
                       "first", "second", "third", "last", "remaining");
  static constexpr auto kForAWhile =
      text::word_table("temporarily", "briefly", "for", "during", "until", "till", "pending");
  std::size_t i = at + 1;
  while (i < piece.size() && kBeforeObject.contains(piece[i].norm))
    ++i;
  for (; i < piece.size() && text::is_content_word(piece[i]) && word(piece[i]); ++i) {
    if (!clause_says(clause, piece[i])) return true;
  }
  for (std::size_t k = at + 1; k < piece.size() && piece[k].kind != text::TokenKind::kPunctuation;
       ++k) {
    const Token& t = piece[k];
    if (kForAWhile.contains(t.norm)) return true;
    const bool year = t.kind == text::TokenKind::kNumber && t.norm.size() == 4;
    const bool name = word(t) && t.has(text::kCapitalized) && !text::is_stopword(t.norm) &&
                      !text::kMonths.contains(t.norm);
    if ((name || (t.kind == text::TokenKind::kNumber && !year)) && !clause_says(clause, t))
      return true;
  }
  return false;
}

}  // namespace

bool tells_a_restart(std::span<const Token> tokens) {
  return std::any_of(tokens.begin(), tokens.end(), [](const Token& t) {
    if (!word(t)) return false;
    static constexpr auto kRestartStems =
        text::word_table("reopen", "resum", "restart", "relaunch", "reinstat", "reviv", "reelect",
                         "re-open", "re-elect", "rebuilt", "rebuild");
    return kRestartWords.contains(t.norm) || kRestartStems.contains(text::stem(t.norm));
  });
}

std::optional<EndedState> ended_state(std::span<const Token> clause, std::span<const Token> piece,
                                      const text::Lexicon* lexicon) {
  const auto marker = std::find_if(clause.begin(), clause.end(),
                                   [](const Token& t) { return kGoesOn.contains(t.norm); });
  if (marker == clause.end() || text::has_negation_cue(clause) ||
      tense_of(clause, lexicon) == Tense::kPast)
    return std::nullopt;
  // The subject: the clause's content words before the marker (its verb aside).
  std::vector<std::string> subject;
  for (auto t = clause.begin(); t != marker; ++t) {
    if (text::is_content_word(*t) && text::verb_base(*t, lexicon).empty())
      subject.push_back(text::stem(t->norm));
  }
  if (subject.empty()) return std::nullopt;
  // Every subject word in the piece; the ending verb after the last of them.
  std::size_t subject_end = 0;
  for (const std::string& s : subject) {
    const auto found = std::find_if(piece.begin(), piece.end(), [&](const Token& t) {
      return word(t) && text::stem(t.norm) == s;
    });
    if (found == piece.end()) return std::nullopt;
    subject_end = std::max(subject_end, static_cast<std::size_t>(found - piece.begin()) + 1);
  }
  const std::optional<std::size_t> ending = ending_verb(piece, subject_end, lexicon);
  if (!ending || tells_a_restart(piece.subspan(*ending + 1))) return std::nullopt;
  // What ended is what the clause says goes on.
  const Token& verb = piece[*ending];
  const text::Lexicon::WordSet opposites = lexicon != nullptr
                                               ? lexicon->opposites(text::verb_base(verb, lexicon))
                                               : text::Lexicon::WordSet{};
  constexpr std::size_t kPhrase = 3;  // the ending's phrase: the words right after the verb
  const std::span<const Token> phrase =
      piece.subspan(*ending + 1, std::min(kPhrase, piece.size() - *ending - 1));
  const bool speaks_of_it = std::any_of(marker + 1, clause.end(), [&](const Token& t) {
    if (!text::is_content_word(t) || kGoesOn.contains(t.norm)) return false;
    if (kInOperation.contains(t.norm)) return true;
    if (!opposites.empty() && lexicon->has_lemma_in(t.norm, opposites)) return true;
    return std::any_of(phrase.begin(), phrase.end(), [&](const Token& p) {
      return text::is_content_word(p) && same_root(t.norm, p.norm);
    });
  });
  if (!speaks_of_it || ends_something_else(clause, piece, *ending)) return std::nullopt;
  return EndedState{verb.begin, verb.end};
}

}  // namespace groundgate::filters::semantic_piece
