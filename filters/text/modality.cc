#include "filters/text/modality.h"

#include "filters/text/function_words.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::text {
namespace {

constexpr auto kPossibleModals = word_table("may", "might", "could");
constexpr auto kRequiredModals = word_table("must", "shall");
constexpr auto kPermittedModals = word_table("can");
constexpr auto kHedgingAdverbs =
    word_table("possibly", "perhaps", "maybe", "probably", "likely", "potentially", "reportedly",
               "allegedly", "apparently", "presumably", "supposedly");
// A finding put as a suggestion: "the study suggests that ...".
constexpr auto kSuggests = word_table("suggest", "suggests", "suggested", "suggesting");
// Before "to": a plan or an expectation ("plans to open", "is expected to reach").
constexpr auto kPlannedBeforeTo =
    word_table("plan", "plans", "planned", "planning", "intend", "intends", "intended", "aim",
               "aims", "aimed", "hope", "hopes", "hoped", "expected", "projected", "forecast",
               "anticipated", "proposed", "proposes", "scheduled", "set", "poised");
// Before "to", after a form of "be" (a report, a belief) or alone (an appearance): "is said to
// have resigned", "is rumored to be", "appears to reduce".
constexpr auto kReportedBeforeTo = word_table("said", "rumored", "rumoured", "believed", "thought",
                                              "alleged", "reported", "understood");
constexpr auto kAppearsBeforeTo =
    word_table("appear", "appears", "appeared", "seem", "seems", "seemed");
// Before "to": an obligation ("is required to file", "needs to renew").
constexpr auto kRequiredBeforeTo =
    word_table("required", "obliged", "obligated", "need", "needs", "mandated", "have", "has");

bool before_to(std::span<const Token> tokens, std::size_t i) {
  return i + 1 < tokens.size() && tokens[i + 1].norm == "to";
}

// "May" the month: capitalised inside the sentence, or before a number ("May 5").
bool is_month(std::span<const Token> tokens, std::size_t i) {
  if (tokens[i].norm != "may") return false;
  const bool inside = i > 0 && tokens[i].has(kCapitalized);
  const bool dated = i + 1 < tokens.size() && tokens[i + 1].kind == TokenKind::kNumber;
  return inside || dated;
}

bool negated_after(std::span<const Token> tokens, std::size_t i) {
  static constexpr auto kNegations = word_table("not", "n't", "never");
  return i + 1 < tokens.size() && kNegations.contains(tokens[i + 1].norm);
}

}  // namespace

bool hedges_what_follows(std::string_view word) {
  return kHedgingAdverbs.contains(word) || kSuggests.contains(word);
}

Modality modality_at(std::span<const Token> tokens, std::size_t i) {
  const Token& t = tokens[i];
  if (t.kind != TokenKind::kWord) return Modality::kFact;
  const std::string_view w = t.norm;
  if (negated_after(tokens, i)) {
    if (w == "could") return Modality::kFact;
    if (kRequiredModals.contains(w) || kPermittedModals.contains(w)) return Modality::kProhibited;
  }
  if (w == "cannot") return Modality::kProhibited;
  const bool reported = kReportedBeforeTo.contains(w) && i > 0 &&
                        kBeForms.contains(tokens[i - 1].norm) && before_to(tokens, i);
  if ((kPossibleModals.contains(w) && !is_month(tokens, i)) || kHedgingAdverbs.contains(w) ||
      kSuggests.contains(w) || reported ||
      ((kPlannedBeforeTo.contains(w) || kAppearsBeforeTo.contains(w)) && before_to(tokens, i)))
    return Modality::kPossible;
  if (kRequiredModals.contains(w) || (kRequiredBeforeTo.contains(w) && before_to(tokens, i)))
    return Modality::kRequired;
  if (kPermittedModals.contains(w)) return Modality::kPermitted;
  return Modality::kFact;
}

std::optional<std::size_t> planned_verb(std::span<const Token> tokens, std::size_t i) {
  static constexpr auto kBetween = word_table("be", "also", "then", "soon", "now", "still");
  const std::string_view w = tokens[i].norm;
  const bool future = w == "will" || w == "shall" || (w.size() > 3 && w.ends_with("'ll"));
  if (!future || negated_after(tokens, i)) return std::nullopt;
  for (std::size_t j = i + 1; j < tokens.size() && j <= i + 3; ++j) {
    // "will have opened" states it done by then: no plan.
    if (tokens[j].kind != TokenKind::kWord || tokens[j].norm == "have") return std::nullopt;
    if (!kBetween.contains(tokens[j].norm)) return j;
  }
  return std::nullopt;
}

bool is_modality_word(std::span<const Token> tokens, std::size_t i) {
  if (modality_at(tokens, i) != Modality::kFact) return true;
  const std::string_view w = tokens[i].norm;
  return (w == "to" || w == "that") && i > 0 && modality_at(tokens, i - 1) != Modality::kFact;
}

Modality clause_modality(std::span<const Token> tokens) {
  Modality out = Modality::kFact;
  for (std::size_t i = 0; i < tokens.size(); ++i)
    out = together(out, modality_at(tokens, i));
  return out;
}

Modality together(Modality a, Modality b) {
  auto rank = [](Modality m) {
    switch (m) {
      case Modality::kPossible:
        return 4;
      case Modality::kProhibited:
        return 3;
      case Modality::kRequired:
        return 2;
      case Modality::kPermitted:
        return 1;
      case Modality::kFact:
        break;
    }
    return 0;
  };
  return rank(b) > rank(a) ? b : a;
}

bool overstates(Modality evidence, Modality answer) {
  switch (evidence) {
    case Modality::kPossible:
      return answer == Modality::kFact || answer == Modality::kRequired;
    case Modality::kRequired:
      return answer == Modality::kPossible || answer == Modality::kPermitted;
    case Modality::kPermitted:
      return answer == Modality::kRequired;
    case Modality::kProhibited:
    case Modality::kFact:
      break;
  }
  return false;
}

}  // namespace groundgate::filters::text
