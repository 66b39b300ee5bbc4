#include "filters/text/stopwords.h"

#include <algorithm>
#include <array>

namespace groundgate::filters::text {

namespace {

// Sorted for binary search; checked by a test.
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

}  // namespace

bool is_stopword(std::string_view lower_word) {
  return std::binary_search(kStopwords.begin(), kStopwords.end(), lower_word);
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
