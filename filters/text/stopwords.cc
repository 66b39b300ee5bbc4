#include "filters/text/stopwords.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace groundgate::filters::text {

namespace {

// Sorted, so the words sharing a first byte form one run (checked at compile time below).
constexpr std::array<std::string_view, 175> kStopwords = {
    "'d",         "'ll",     "'m",        "'re",     "'s",        "'ve",      "a",
    "about",      "above",   "after",     "again",   "against",   "all",      "also",
    "am",         "an",      "and",       "any",     "are",       "as",       "at",
    "be",         "because", "been",      "before",  "being",     "below",    "between",
    "both",       "but",     "by",        "can",     "could",     "did",      "do",
    "does",       "doing",   "down",      "during",  "each",      "either",   "else",
    "etc",        "even",    "ever",      "every",   "for",       "from",     "further",
    "had",        "has",     "have",      "having",  "he",        "her",      "here",
    "hers",       "herself", "him",       "himself", "his",       "how",      "however",
    "i",          "if",      "in",        "into",    "is",        "it",       "it's",
    "its",        "itself",  "just",      "least",   "less",      "let",      "many",
    "may",        "me",      "might",     "more",    "most",      "much",     "must",
    "my",         "myself",  "n't",       "neither", "nor",       "now",      "of",
    "off",        "often",   "on",        "once",    "only",      "onto",     "or",
    "other",      "others",  "otherwise", "ought",   "our",       "ours",     "ourselves",
    "out",        "over",    "own",       "per",     "quite",     "rather",   "same",
    "shall",      "she",     "should",    "since",   "so",        "some",     "such",
    "than",       "that",    "that's",    "the",     "their",     "theirs",   "them",
    "themselves", "then",    "there",     "there's", "therefore", "these",    "they",
    "this",       "those",   "though",    "through", "thus",      "to",       "too",
    "toward",     "towards", "under",     "until",   "up",        "upon",     "us",
    "very",       "via",     "was",       "we",      "were",      "what",     "whatever",
    "when",       "whence",  "where",     "whereas", "whether",   "which",    "while",
    "who",        "whom",    "whose",     "why",     "will",      "with",     "within",
    "would",      "yet",     "you",       "your",    "yours",     "yourself", "yourselves",
};

constexpr std::array<std::string_view, 22> kNegations = {
    "ain't",  "aren't", "can't",   "cannot", "couldn't", "didn't",  "doesn't", "don't",
    "hadn't", "hasn't", "haven't", "isn't",  "n't",      "neither", "never",   "no",
    "nobody", "none",   "nor",     "not",    "nothing",  "without",
};

static_assert(std::is_sorted(kStopwords.begin(), kStopwords.end()));

constexpr std::size_t kLongestStopword = 10;  // "themselves", "yourselves"
static_assert(std::all_of(kStopwords.begin(), kStopwords.end(), [](std::string_view w) {
  return !w.empty() && w.size() <= kLongestStopword;
}));

// Run of kStopwords starting with each byte: is_stopword runs once per token of every
// context, and most words are rejected by their first byte or their length alone.
struct FirstByteRuns {
  std::array<std::uint8_t, 256> begin{};
  std::array<std::uint8_t, 256> end{};
};

constexpr FirstByteRuns make_first_byte_runs() {
  static_assert(kStopwords.size() < 256);
  FirstByteRuns runs;
  for (std::size_t i = kStopwords.size(); i-- > 0;) {
    const auto first = static_cast<unsigned char>(kStopwords[i][0]);
    if (runs.end[first] == 0) runs.end[first] = static_cast<std::uint8_t>(i + 1);
    runs.begin[first] = static_cast<std::uint8_t>(i);
  }
  return runs;
}

constexpr FirstByteRuns kRuns = make_first_byte_runs();

}  // namespace

bool is_stopword(std::string_view lower_word) {
  if (lower_word.empty() || lower_word.size() > kLongestStopword) return false;
  const auto first = static_cast<unsigned char>(lower_word[0]);
  for (std::size_t i = kRuns.begin[first]; i < kRuns.end[first]; ++i) {
    if (kStopwords[i].size() == lower_word.size() && kStopwords[i] == lower_word) return true;
  }
  return false;
}

bool is_content_word(const Token& token) {
  if (token.kind == TokenKind::kNumber) return true;
  if (token.kind != TokenKind::kWord || token.has(kClitic)) return false;
  return !is_stopword(token.norm);
}

bool is_negation(std::string_view lower_word) {
  if (std::find(kNegations.begin(), kNegations.end(), lower_word) != kNegations.end()) {
    return true;
  }
  return lower_word.size() > 3 && lower_word.ends_with("n't");
}

}  // namespace groundgate::filters::text
