#include "filters/text/negation.h"

#include <algorithm>
#include <string_view>

#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/verb_form.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::text {
namespace {

// Content words a cue reaches: enough for "did not win the FA Cup final", short of the next
// clause that a missing comma runs on into.
constexpr std::size_t kScopeWords = 4;

// Verbs and adjectives whose complement does not hold: "failed to progress" = "did not
// progress", "lacks the motivation" = "has no motivation".
constexpr auto kImplicitCues = word_table("fail", "failed", "fails", "failing", "lack", "lacked",
                                          "lacking", "lacks", "unable");
// Verbs that deny their complement only before "to" and a verb: "refused to endorse" = "did not
// endorse", "declined to comment"; not "declined 5%", "refused entry", nor a level reached
// ("declined to $2.1 billion", "declined to its lowest level") or a market's close ("declined to
// close at $45": it closed there).
constexpr auto kCuesBeforeTo =
    word_table("refuse", "refused", "refuses", "refusing", "decline", "declined", "declines",
               "declining", "neglect", "neglected", "neglects", "neglecting");
constexpr auto kNoVerbAfterTo =
    word_table("the", "a", "an", "its", "their", "his", "her", "our", "this", "that", "these",
               "those", "record", "new", "about", "around", "nearly", "almost", "just", "roughly",
               "approximately", "under", "below", "zero", "close", "end", "finish", "settle");

bool verb_after_to(std::span<const Token> tokens, std::size_t cue) {
  if (cue + 2 >= tokens.size() || tokens[cue + 1].norm != "to") return false;
  const Token& next = tokens[cue + 2];
  return next.kind == TokenKind::kWord && !kNoVerbAfterTo.contains(next.norm);
}
// Verbs that leave out their object, in the active voice: "bypassed the bidding process" =
// "went without one". After a copula the passive denies the subject instead ("the fee is
// waived": no fee; omissions()); not as a noun ("the Kingston bypass", "bypasses"): the base
// form only after "to" or an auxiliary. Not "exclude": its opposite "include" is an antonym the
// antonym check reads, a double negation ("were not excluded") would read as no negation, and
// "excluding" is mostly a preposition of definitions ("income excluding restructuring costs").
constexpr auto kOmittingVerbs =
    word_table("bypassed", "bypassing", "forgoing", "forgoes", "forwent", "waived", "waives",
               "waiving", "omitted", "omits", "omitting");
constexpr auto kOmittingBase = word_table("bypass", "forgo", "waive", "omit");
constexpr auto kBeforeBase = word_table("to", "will", "would", "can", "could", "may", "might",
                                        "should", "must", "do", "does", "did");
constexpr auto kCopulaOrDeterminer =
    word_table("is", "are", "was", "were", "be", "been", "being", "the", "a", "an", "this", "that");

// After a cue, these make it a focus or a comparison ("not only", "not just", "not the
// same as"), or deny a quantifier or a degree ("not all", "not always", "not equally"), not
// the predicate.
constexpr auto kNotNegating = word_table(
    "only", "just", "merely", "simply", "least", "all", "every", "everyone", "everything", "always",
    "necessarily", "entirely", "completely", "fully", "equally", "exactly", "same");

// Before a cue in its clause, these make the clause a condition, which states no fact.
constexpr auto kConditions = word_table("if", "unless", "whether");

constexpr auto kPronounSubjects =
    word_table("i", "you", "he", "she", "it", "we", "they", "there", "this", "that");
constexpr auto kAuxiliaries =
    word_table("is", "are", "was", "were", "be", "been", "has", "have", "had", "do", "does", "did",
               "will", "would", "can", "could", "shall", "should", "may", "might", "must");

// "and" before an auxiliary or a subject pronoun, or "or" before a subject pronoun, opens a
// second predicate ("is not open on Mondays and is closed in winter", "was not injured and he
// played"): the first one's negation does not reach it. After "or" an auxiliary goes on under
// the same negation ("must not be sold or be given").
bool opens_predicate(std::span<const Token> tokens, std::size_t i) {
  const bool conjunction = tokens[i].norm == "and";
  if ((!conjunction && tokens[i].norm != "or") || i + 1 == tokens.size()) return false;
  const std::string_view next = tokens[i + 1].norm;
  return kPronounSubjects.contains(next) || (conjunction && kAuxiliaries.contains(next));
}

// Words that open a clause inside a sentence: what follows them up to a negation cue is the
// negated clause's own subject ("..., while white-tailed deer do not have it", "explain why
// the debt is not owed"). "and" and "or" join the parts of a subject ("Mule deer and elk do
// not ...") unless they open a predicate.
constexpr auto kClauseOpeners =
    word_table("while", "whereas", "which", "who", "whom", "whose", "that", "because", "since",
               "when", "where", "why", "though", "as");

// A cue that denies a noun ("offers no parking", "incorporated without Wayne") follows its
// verb: the verb is what the clause says, not what it speaks of.
constexpr auto kNounCues = word_table("no", "without");

bool ends_scope(const Token& t) {
  static constexpr auto kScopeMarks = word_table(",", ";", ":", ".", "!", "?", "(", ")");
  if (t.kind == TokenKind::kPunctuation) return kScopeMarks.contains(t.norm);
  return t.kind == TokenKind::kWord && (t.norm == "but" || t.norm == "although");
}

// A word set off by two commas that leaves the clause going on ("does not, however, require").
constexpr auto kParentheticals =
    word_table("however", "though", "therefore", "moreover", "furthermore", "unfortunately",
               "currently", "apparently", "typically", "usually", "generally");

// The tokens from `j` a comma-enclosed parenthetical word takes up (3), or 0.
std::size_t parenthetical_at(std::span<const Token> tokens, std::size_t j) {
  return j + 2 < tokens.size() && tokens[j].norm == "," &&
                 kParentheticals.contains(tokens[j + 1].norm) && tokens[j + 2].norm == ","
             ? 3
             : 0;
}

}  // namespace

bool is_negation_cue(std::span<const Token> tokens, std::size_t i) {
  const Token& t = tokens[i];
  if (t.kind != TokenKind::kWord) return false;
  // "with or without white markings" names both sides: it denies nothing.
  if (t.norm == "without" && i >= 2 && tokens[i - 1].norm == "or" && tokens[i - 2].norm == "with")
    return false;
  if (is_negation(t.norm) || kImplicitCues.contains(t.norm)) return true;
  if (kCuesBeforeTo.contains(t.norm)) return verb_after_to(tokens, i);
  const bool omitting = kOmittingVerbs.contains(t.norm);
  if (!omitting && !kOmittingBase.contains(t.norm)) return false;
  const std::string_view before = i > 0 ? tokens[i - 1].norm : std::string_view();
  return omitting ? !kCopulaOrDeterminer.contains(before) : kBeforeBase.contains(before);
}

namespace {

// The stems of the omitting verbs `tokens` states (`denied` false) or denies (true): a
// negation at most two words before the verb denies it ("did not waive", "was not waived").
std::vector<std::string> omitting_verbs(std::span<const Token> tokens, bool denied) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string_view w = tokens[i].norm;
    if (!kOmittingVerbs.contains(w) && !kOmittingBase.contains(w)) continue;
    const std::size_t from = i >= 2 ? i - 2 : 0;
    const bool negated = std::any_of(tokens.begin() + static_cast<std::ptrdiff_t>(from),
                                     tokens.begin() + static_cast<std::ptrdiff_t>(i),
                                     [](const Token& t) { return is_negation(t.norm); });
    if (negated == denied) out.push_back(stem(w));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::vector<std::string> omissions(std::span<const Token> tokens) {
  return omitting_verbs(tokens, /*denied=*/false);
}

std::vector<std::string> denied_omissions(std::span<const Token> tokens) {
  return omitting_verbs(tokens, /*denied=*/true);
}

namespace {

bool focus_follows(std::span<const Token> tokens, std::size_t cue) {
  for (std::size_t j = cue + 1; j < tokens.size() && j <= cue + 2; ++j) {
    if (kNotNegating.contains(tokens[j].norm)) return true;
    if (tokens[j].norm != "the") return false;
  }
  return false;
}

// Content words of a cue's clause before it kept for what the clause is about: the nearest.
constexpr std::size_t kClauseWordsBefore = 12;

// A negated list runs on over its commas ("does not offer delivery, takeout, or
// reservations"; "no garage, street, or valet parking"): each item is short, and the list is
// closed by an item with "or" or "nor", or with "and" after at least one other item (one part
// after "..., and" is a second predicate: "did not win the cup, and retired"). A part with its
// own subject or auxiliary begins a clause ("..., and it is open late"), which the negation
// does not reach. After the closing item's coordinator, a clause with its own subject ends the
// list ("..., or intimate dining as it has ..."); a verb there makes the items its subject
// ("..., NBC and the public are joining forces"): no list.
constexpr std::size_t kListItemWords = 3;
constexpr std::size_t kListItems = 8;
constexpr auto kCoordinators = word_table("and", "or", "nor");
bool is_subject_word(std::string_view w) {
  return kPronounSubjects.contains(w) || w == "which" || w == "who";
}

// The end (one past the closing item) of a list whose items follow the comma at `comma`, or
// `comma` when what follows is not such a list.
std::size_t list_end(std::span<const Token> tokens, std::size_t comma) {
  std::size_t pos = comma + 1;
  for (std::size_t item = 0; item < kListItems; ++item) {
    std::size_t words = 0;
    std::string_view closing;
    std::size_t j = pos;
    for (; j < tokens.size(); ++j) {
      const Token& t = tokens[j];
      if (ends_scope(t)) break;
      if (is_negation_cue(tokens, j) || kAuxiliaries.contains(t.norm)) return comma;
      if (is_subject_word(t.norm)) {
        if (closing.empty() || words == 0) return comma;
        break;
      }
      if (kCoordinators.contains(t.norm)) closing = t.norm;
      if (is_content_word(t)) ++words;
    }
    if (words == 0 || words > (closing.empty() ? kListItemWords : 2 * kListItemWords)) {
      return comma;
    }
    if (!closing.empty()) return item == 0 && closing == "and" ? comma : j;
    if (j == tokens.size() || tokens[j].norm != ",") return comma;
    pos = j + 1;
  }
  return comma;
}

// A cue right after another one, past auxiliaries and "to", denies that one: "never failed to
// pay" = paid, "did not decline to attend" = attended. The pair negates nothing.
bool denies_a_cue(std::span<const Token> tokens, std::size_t cue) {
  for (std::size_t j = cue; j-- > 0;) {
    if (kAuxiliaries.contains(tokens[j].norm) || tokens[j].norm == "to") continue;
    return is_negation_cue(tokens, j);
  }
  return false;
}

// A verb's "-s" form, as the lexicon reads the word: "covers", "lacks".
bool third_person_verb(const Token& t, const Lexicon* lexicon) {
  if (t.kind != TokenKind::kWord || !t.norm.ends_with("s")) return false;
  const std::vector<std::string_view> bases = lexicon->lemmas(t.norm, Lexicon::Pos::kVerb);
  return std::any_of(bases.begin(), bases.end(),
                     [&](std::string_view base) { return base != t.norm; });
}

// The cue negates a verb in its base form: "did not pay", "refused to pay", "failed to stop".
bool negates_base_verb(std::span<const Token> tokens, std::size_t cue) {
  if (cue + 1 < tokens.size() && tokens[cue + 1].norm == "to") return true;
  return cue > 0 && is_negation(tokens[cue].norm) && kBeforeBase.contains(tokens[cue - 1].norm);
}

// An inflected verb joined by "and" or "but" at `j`: a second predicate after any cue's
// object ("refused to pay the fine and appealed", "waived the fee and approved the permit").
bool joined_verb(std::span<const Token> tokens, std::size_t cue, std::size_t j,
                 const Lexicon* lexicon) {
  const Token& t = tokens[j];
  const bool joined = tokens[j - 1].norm == "and" || tokens[j - 1].norm == "but";
  if (!joined) return false;
  if (lexicon == nullptr)
    return t.kind == TokenKind::kWord && t.norm.size() > 4 && t.norm.ends_with("ed");
  // An "-s" form is as often a plural noun ("lacks funds and resources"), but after a cue in
  // that form it is the same subject's second predicate ("waives the deductible and covers
  // dental care").
  return inflected_verb(t, lexicon) ||
         (third_person_verb(tokens[cue], lexicon) && third_person_verb(t, lexicon));
}

// After a negated base verb and a word of its scope, a verb of another form opens a second
// predicate the cue does not reach: "refused to pay the fine and appealed the decision", "the
// driver who failed to stop was fined". A verb under the same cue keeps the base form ("did not
// eat meat or drink milk"; "to be seen"; "must not be sold or be given"), and a clause the scope
// opens has verbs of its own ("declined to say whether the plant would reopen").
bool other_verb_form(std::span<const Token> tokens, std::size_t cue, std::size_t j,
                     const Lexicon* lexicon) {
  const Token& t = tokens[j];
  const bool opened =
      std::any_of(tokens.begin() + static_cast<std::ptrdiff_t>(cue + 1),
                  tokens.begin() + static_cast<std::ptrdiff_t>(j), [](const Token& w) {
                    return kClauseOpeners.contains(w.norm) || kConditions.contains(w.norm);
                  });
  if (kAuxiliaries.contains(t.norm) && tokens[j - 1].norm != "to" && tokens[j - 1].norm != "or" &&
      !opened)
    return true;
  return joined_verb(tokens, cue, j, lexicon);
}

// Bounds a negated list's words: a long list is still one predicate's objects.
constexpr std::size_t kListScopeWords = 16;

}  // namespace

bool has_negation_cue(std::span<const Token> tokens) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (is_negation_cue(tokens, i)) return true;
  }
  return false;
}

bool states_condition(std::span<const Token> tokens) {
  return std::any_of(tokens.begin(), tokens.end(),
                     [](const Token& t) { return kConditions.contains(t.norm); });
}

bool negates_in_condition(std::span<const Token> tokens) {
  bool condition = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (ends_scope(tokens[i])) {
      condition = false;
      continue;
    }
    if (kConditions.contains(tokens[i].norm)) condition = true;
    if (condition && is_negation_cue(tokens, i)) return true;
  }
  return false;
}

std::vector<NegationScope> negation_scopes(std::span<const Token> tokens, const Lexicon* lexicon) {
  std::vector<NegationScope> out;
  // One pass: what the clause so far holds (its content words, a condition) goes along.
  std::vector<std::size_t> clause_words;
  std::size_t subject_from = 0;  // index into clause_words: the first word after an opener
  bool condition = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (ends_scope(t)) {
      clause_words.clear();
      subject_from = 0;
      condition = false;
      continue;
    }
    if (kConditions.contains(t.norm)) condition = true;
    if (is_negation_cue(tokens, i) && !condition && !focus_follows(tokens, i) &&
        !denies_a_cue(tokens, i)) {
      const bool base_verb = negates_base_verb(tokens, i);
      NegationScope scope{i, {}, clause_words, {}};
      scope.subject.assign(clause_words.begin() + static_cast<std::ptrdiff_t>(subject_from),
                           clause_words.end());
      if (kNounCues.contains(t.norm) && !scope.subject.empty() && scope.subject.back() + 1 == i)
        scope.subject.pop_back();
      std::size_t j = i + 1;
      for (; j < tokens.size() && scope.words.size() < kScopeWords; ++j) {
        if (scope.words.empty()) j += parenthetical_at(tokens, j);
        if (j >= tokens.size()) break;
        if (ends_scope(tokens[j]) || is_negation_cue(tokens, j) || opens_predicate(tokens, j))
          break;
        if (!scope.words.empty() && (base_verb ? other_verb_form(tokens, i, j, lexicon)
                                               : joined_verb(tokens, i, j, lexicon)))
          break;
        if (is_content_word(tokens[j])) scope.words.push_back(j);
      }
      if (!scope.words.empty() && j < tokens.size() && tokens[j].norm == ",") {
        const std::size_t end = list_end(tokens, j);
        for (std::size_t k = j + 1; k < end && scope.words.size() < kListScopeWords; ++k) {
          if (is_content_word(tokens[k])) scope.words.push_back(k);
        }
      }
      if (!scope.words.empty()) out.push_back(std::move(scope));
    }
    if (is_content_word(t)) {
      if (clause_words.size() == kClauseWordsBefore) {
        clause_words.erase(clause_words.begin());
        if (subject_from > 0) --subject_from;
      }
      clause_words.push_back(i);
    }
    // An opener itself is no part of the subject after it.
    if (kClauseOpeners.contains(t.norm) || opens_predicate(tokens, i))
      subject_from = clause_words.size();
  }
  return out;
}

bool non_form_of(std::string_view negated, std::string_view plain, bool by_stem) {
  if (plain.size() < 4 || !negated.starts_with("non")) return false;
  std::string_view rest = negated.substr(3);
  if (rest.starts_with('-')) rest.remove_prefix(1);
  return rest == plain || (by_stem && rest.size() >= 4 && stem(rest) == stem(plain));
}

}  // namespace groundgate::filters::text
