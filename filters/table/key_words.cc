#include "filters/table/key_words.h"

#include <algorithm>
#include <span>

#include "filters/text/stemmer.h"
#include "filters/text/tokenizer.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::table {
namespace {

constexpr auto kFunctionWords = text::word_table(
    "a", "an", "the", "of", "in", "for", "to", "from", "and", "or", "on", "at", "as", "by", "with",
    "is", "was", "were", "are", "be", "been", "being", "what", "which", "how", "much", "many",
    "does", "did", "do", "its", "it", "their", "this", "that", "these", "those", "we", "our", "us",
    "you", "your", "they", "them", "there", "between", "both", "each", "during", "into", "than",
    "then", "when", "where", "who", "whom", "whose", "why", "will", "would", "can", "could",
    "should", "may", "might", "has", "have", "had", "all", "any", "respectively", "i", "me", "my",
    "if", "so", "such", "also", "while", "s");

// A parenthetical that is a footnote mark or reference: "(1)", "(a)", "(see Note 16)".
bool footnote(std::span<const text::Token> inside) {
  if (inside.empty()) return true;
  if (inside.front().norm == "see" || inside.front().norm == "note" ||
      inside.front().norm == "notes") {
    return true;
  }
  return inside.size() == 1 &&
         (inside[0].kind == text::TokenKind::kNumber || inside[0].norm.size() == 1);
}

}  // namespace

bool is_function_word(std::string_view lower_word) {
  return kFunctionWords.contains(lower_word);
}

std::vector<std::string> key_stems(std::string_view text) {
  const std::vector<text::Token> tokens = text::tokenize(text);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].norm == "(") {
      std::size_t close = i + 1;
      while (close < tokens.size() && close < i + 6 && tokens[close].norm != ")")
        ++close;
      if (close < tokens.size() && tokens[close].norm == ")" &&
          footnote(std::span<const text::Token>(tokens).subspan(i + 1, close - i - 1))) {
        i = close;
        continue;
      }
    }
    const text::Token& t = tokens[i];
    if (t.kind != text::TokenKind::kWord || is_function_word(t.norm)) continue;
    out.push_back(text::stem(t.norm));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace groundgate::filters::table
