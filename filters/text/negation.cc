#include "filters/text/negation.h"

#include <algorithm>
#include <string_view>

#include "filters/text/stopwords.h"
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

// After a cue, these make it a focus or a comparison ("not only", "not just"), or deny a
// quantifier or a degree ("not all", "not always", "not equally"), not the predicate.
constexpr auto kNotNegating = word_table("only", "just", "merely", "simply", "least", "all",
                                         "every", "everyone", "everything", "always", "necessarily",
                                         "entirely", "completely", "fully", "equally", "exactly");

// Before a cue in its clause, these make the clause a condition, which states no fact.
constexpr auto kConditions = word_table("if", "unless", "whether");

bool ends_scope(const Token& t) {
  static constexpr auto kScopeMarks = word_table(",", ";", ":", ".", "!", "?", "(", ")");
  if (t.kind == TokenKind::kPunctuation) return kScopeMarks.contains(t.norm);
  return t.kind == TokenKind::kWord && (t.norm == "but" || t.norm == "although");
}

bool is_cue(const Token& t) {
  if (t.kind != TokenKind::kWord) return false;
  return is_negation(t.norm) || kImplicitCues.contains(t.norm);
}

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
// does not reach.
constexpr std::size_t kListItemWords = 3;
constexpr std::size_t kListItems = 8;
constexpr auto kCoordinators = word_table("and", "or", "nor");
constexpr auto kClauseOpeners =
    word_table("i", "you", "he", "she", "it", "we", "they", "there", "this", "that", "which", "who",
               "is", "are", "was", "were", "be", "been", "has", "have", "had", "do", "does", "did",
               "will", "would", "can", "could", "shall", "should", "may", "might", "must");

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
      if (is_cue(t) || kClauseOpeners.contains(t.norm)) return comma;
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

// Bounds a negated list's words: a long list is still one predicate's objects.
constexpr std::size_t kListScopeWords = 16;

}  // namespace

bool has_negation_cue(std::span<const Token> tokens) {
  return std::any_of(tokens.begin(), tokens.end(), is_cue);
}

std::vector<NegationScope> negation_scopes(std::span<const Token> tokens) {
  std::vector<NegationScope> out;
  // One pass: what the clause so far holds (its content words, a condition) goes along.
  std::vector<std::size_t> clause_words;
  bool condition = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (ends_scope(t)) {
      clause_words.clear();
      condition = false;
      continue;
    }
    if (kConditions.contains(t.norm)) condition = true;
    if (is_cue(t) && !condition && !focus_follows(tokens, i)) {
      NegationScope scope{i, {}, clause_words};
      std::size_t j = i + 1;
      for (; j < tokens.size() && scope.words.size() < kScopeWords; ++j) {
        if (ends_scope(tokens[j]) || is_cue(tokens[j])) break;
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
      if (clause_words.size() == kClauseWordsBefore) clause_words.erase(clause_words.begin());
      clause_words.push_back(i);
    }
  }
  return out;
}

}  // namespace groundgate::filters::text
