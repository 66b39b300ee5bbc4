#include "filters/text/stopwords.h"

#include "filters/text/word_table.h"

namespace groundgate::filters::text {

namespace {

// is_stopword runs once per token of every context: most words are rejected by their first
// byte, the rest compare with the few listed words of that byte.
constexpr auto kStopwords = word_table(
    "'d", "'ll", "'m", "'re", "'s", "'ve", "a", "about", "above", "after", "again", "against",
    "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "because", "been", "before",
    "being", "below", "between", "both", "but", "by", "can", "could", "did", "do", "does", "doing",
    "down", "during", "each", "either", "else", "etc", "even", "ever", "every", "for", "from",
    "further", "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him",
    "himself", "his", "how", "however", "i", "if", "in", "into", "is", "it", "it's", "its",
    "itself", "just", "least", "less", "let", "many", "may", "me", "might", "more", "most", "much",
    "must", "my", "myself", "n't", "neither", "nor", "now", "of", "off", "often", "on", "once",
    "only", "onto", "or", "other", "others", "otherwise", "ought", "our", "ours", "ourselves",
    "out", "over", "own", "per", "quite", "rather", "same", "shall", "she", "should", "since", "so",
    "some", "such", "than", "that", "that's", "the", "their", "theirs", "them", "themselves",
    "then", "there", "there's", "therefore", "these", "they", "this", "those", "though", "through",
    "thus", "to", "too", "toward", "towards", "under", "until", "up", "upon", "us", "very", "via",
    "was", "we", "were", "what", "whatever", "when", "whence", "where", "whereas", "whether",
    "which", "while", "who", "whom", "whose", "why", "will", "with", "within", "would", "yet",
    "you", "your", "yours", "yourself", "yourselves");

constexpr auto kNegations =
    word_table("ain't", "aren't", "can't", "cannot", "couldn't", "didn't", "doesn't", "don't",
               "hadn't", "hasn't", "haven't", "isn't", "n't", "neither", "never", "no", "nobody",
               "none", "nor", "not", "nothing", "without");

}  // namespace

bool is_stopword(std::string_view lower_word) {
  return kStopwords.contains(lower_word);
}

bool is_content_word(const Token& token) {
  if (token.kind == TokenKind::kNumber) return true;
  if (token.kind != TokenKind::kWord || token.has(kClitic)) return false;
  return !is_stopword(token.norm);
}

bool is_negation(std::string_view lower_word) {
  return kNegations.contains(lower_word) || (lower_word.size() > 3 && lower_word.ends_with("n't"));
}

}  // namespace groundgate::filters::text
