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

// Stopwords grouped by (first byte, length): is_stopword runs once per token of every
// context, and most words are rejected by an empty group; the rest compare with the few
// words of their group (at most a handful) instead of a binary search over all 175.
struct Groups {
  std::array<std::string_view, kStopwords.size()> words{};  // ordered by (first, length)
  // [begin, end) into `words` for each first byte and length.
  std::array<std::array<std::uint8_t, kLongestStopword + 1>, 256> begin{};
  std::array<std::array<std::uint8_t, kLongestStopword + 1>, 256> end{};
};

constexpr Groups make_groups() {
  static_assert(kStopwords.size() < 256);
  Groups g;
  g.words = kStopwords;
  std::sort(g.words.begin(), g.words.end(), [](std::string_view a, std::string_view b) {
    if (a[0] != b[0]) return static_cast<unsigned char>(a[0]) < static_cast<unsigned char>(b[0]);
    if (a.size() != b.size()) return a.size() < b.size();
    return a < b;
  });
  for (std::size_t i = g.words.size(); i-- > 0;) {
    const auto first = static_cast<unsigned char>(g.words[i][0]);
    const std::size_t size = g.words[i].size();
    if (g.end[first][size] == 0) g.end[first][size] = static_cast<std::uint8_t>(i + 1);
    g.begin[first][size] = static_cast<std::uint8_t>(i);
  }
  return g;
}

constexpr Groups kGroups = make_groups();

}  // namespace

bool is_stopword(std::string_view lower_word) {
  const std::size_t size = lower_word.size();
  if (size == 0 || size > kLongestStopword) return false;
  const auto first = static_cast<unsigned char>(lower_word[0]);
  for (std::size_t i = kGroups.begin[first][size]; i < kGroups.end[first][size]; ++i) {
    if (kGroups.words[i] == lower_word) return true;
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
