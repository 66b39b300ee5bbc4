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
      for (std::size_t j = i + 1; j < tokens.size() && scope.words.size() < kScopeWords; ++j) {
        if (ends_scope(tokens[j]) || is_cue(tokens[j])) break;
        if (is_content_word(tokens[j])) scope.words.push_back(j);
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
