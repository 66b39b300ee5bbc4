#include "filters/sql/meaning_suggestion.h"

#include <algorithm>
#include <vector>

#include "filters/text/lexicon.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::sql {
namespace {

constexpr double kSame = 1.0;
constexpr double kSynonym = 0.8;
constexpr double kDerivation = 0.7;
constexpr double kCommentWeight = 0.6;
constexpr double kMinScore = 0.5;
constexpr double kClearMargin = 0.25;
constexpr std::size_t kMaxCommentWords = 24;
constexpr std::size_t kMaxCandidates = 512;

std::vector<std::string> content_parts(std::string_view name) {
  std::vector<std::string> out;
  for (std::string& p : name_parts(name)) {
    if (p.size() >= 2 && !name_function_word(p)) out.push_back(std::move(p));
  }
  return out;
}

std::vector<std::string> comment_words(std::string_view comment) {
  std::vector<std::string> out;
  for (const text::Token& t : text::tokenize(comment)) {
    if (out.size() >= kMaxCommentWords) break;
    if (t.kind == text::TokenKind::kWord && t.norm.size() >= 3 && !text::is_stopword(t.norm)) {
      out.push_back(fold_name(t.norm));
    }
  }
  return out;
}

// How close two words are in meaning (0: unrelated).
double relatedness(const std::string& a, const std::string& b, const text::Lexicon* lexicon) {
  if (a == b) return kSame;
  if (std::min(a.size(), b.size()) >= 4 && (a.starts_with(b) || b.starts_with(a))) return kSame;
  if (a.size() >= 3 && b.size() >= 3 && text::stem(a) == text::stem(b)) return kSame;
  if (lexicon == nullptr) return 0;
  if (lexicon->are_synonyms(a, b)) return kSynonym;
  if (lexicon->are_derivationally_related(a, b)) return kDerivation;
  return 0;
}

double score(const std::vector<std::string>& wanted, const NamedThing& candidate,
             const text::Lexicon* lexicon) {
  const std::vector<std::string> parts = content_parts(candidate.name);
  const std::vector<std::string> words = comment_words(candidate.comment);
  double total = 0;
  for (const std::string& w : wanted) {
    double best = 0;
    for (const std::string& p : parts)
      best = std::max(best, relatedness(w, p, lexicon));
    for (const std::string& c : words)
      best = std::max(best, kCommentWeight * relatedness(w, c, lexicon));
    total += best;
  }
  return total / static_cast<double>(wanted.size());
}

}  // namespace

std::optional<NameSuggestion> closest_by_meaning(std::string_view word,
                                                 std::span<const NamedThing> candidates,
                                                 const text::Lexicon* lexicon) {
  const std::vector<std::string> wanted = content_parts(word);
  if (wanted.empty()) return std::nullopt;
  double best = 0, second = 0;
  const NamedThing* winner = nullptr;
  for (const NamedThing& c : candidates.first(std::min(candidates.size(), kMaxCandidates))) {
    if (same_name(c.name, word)) continue;
    const double s = score(wanted, c, lexicon);
    if (winner != nullptr && same_name(winner->name, c.name)) continue;
    if (s > best) {
      second = best;
      best = s;
      winner = &c;
    } else if (s > second) {
      second = s;
    }
  }
  if (winner == nullptr || best < kMinScore) return std::nullopt;
  NameSuggestion out;
  out.name = std::string(winner->name);
  out.unique = best - second >= kClearMargin;
  return out;
}

}  // namespace groundgate::filters::sql
