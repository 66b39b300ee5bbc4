#include "filters/sql/glossary.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "filters/sql/name_distance.h"
#include "filters/sql/question_terms.h"
#include "filters/sql/sql_lexer.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::size_t kMaxClauseBytes = 400;
constexpr std::size_t kMaxPhraseWords = 8;

// Connectives between a phrase and its SQL, English and German; " = " and ": " last, so that
// "female refers to gender = 'F'" splits at "refers to".
constexpr std::array<std::string_view, 22> kConnectives{" refers to ",
                                                        " refer to ",
                                                        " means ",
                                                        " mean ",
                                                        " stands for ",
                                                        " is defined as ",
                                                        " defined as ",
                                                        " is calculated as ",
                                                        " calculated as ",
                                                        " corresponds to ",
                                                        " is computed as ",
                                                        " bedeutet ",
                                                        " entspricht ",
                                                        " steht für ",
                                                        " heißt ",
                                                        " ist definiert als ",
                                                        " meint ",
                                                        " bezeichnet ",
                                                        " := ",
                                                        " = ",
                                                        " == ",
                                                        ": "};

// Labels a clause may start with.
constexpr std::array<std::string_view, 8> kLabels{
    "evidence:", "hint:",       "external knowledge:", "knowledge:",
    "hinweis:",  "definition:", "glossary:",           "glossar:"};

constexpr std::array<std::string_view, 16> kSqlWords{
    "MAX", "MIN", "SUM", "COUNT", "AVG",  "DIVIDE", "LIKE", "BETWEEN",
    "AND", "OR",  "IN",  "NOT",   "NULL", "CAST",   "IIF",  "STRFTIME"};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.front())) || s.front() == '-' ||
                        s.front() == '*'))
    s.remove_prefix(1);
  while (!s.empty() &&
         (std::isspace(static_cast<unsigned char>(s.back())) || s.back() == '.' || s.back() == ','))
    s.remove_suffix(1);
  return s;
}

// Clauses: split at line ends and `;` outside quotes, backticks and parentheses.
std::vector<std::string_view> clauses(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  char quote = 0;
  int depth = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : '\n';
    if (quote != 0) {
      if (c == quote) quote = 0;
      if (c != '\n') continue;
      quote = 0;  // an unclosed quote ends with its line
    }
    if (c == '\'' || c == '"' || c == '`') {
      // An apostrophe inside a word ("company's") opens nothing.
      const bool inside_word = c == '\'' && i > 0 && i + 1 < text.size() &&
                               std::isalpha(static_cast<unsigned char>(text[i - 1])) &&
                               std::isalpha(static_cast<unsigned char>(text[i + 1]));
      if (!inside_word) quote = c;
      continue;
    }
    if (c == '(') ++depth;
    if (c == ')' && depth > 0) --depth;
    if (c == '\n' || (c == ';' && depth == 0)) {
      out.push_back(text.substr(start, i - start));
      start = i + 1;
      depth = 0;
    }
  }
  return out;
}

bool is_upper_word(std::string_view s, std::size_t at, std::string_view word) {
  if (s.substr(at, word.size()) != word) return false;
  const auto letter = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  if (at > 0 && letter(s[at - 1])) return false;
  const std::size_t after = at + word.size();
  return after >= s.size() || !letter(s[after]);
}

// How much of `s` is SQL: operators, quotes, calls, underscored names, SQL words in capitals.
std::size_t sqlness(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '=' || c == '<' || c == '>' || c == '(' || c == '`' || c == '\'' || c == '_' ||
        c == '%' || c == '/' || c == '*' || c == '.') {
      ++n;
    }
    for (std::string_view w : kSqlWords) {
      if (is_upper_word(s, i, w)) ++n;
    }
  }
  return n;
}

// The first connective outside quotes: its position and length.
std::pair<std::size_t, std::size_t> connective(std::string_view clause) {
  std::string lower(clause);
  for (char& c : lower)
    c = text::ascii_lower(c);
  for (std::string_view word : kConnectives) {
    char quote = 0;
    for (std::size_t i = 0; i + word.size() <= lower.size(); ++i) {
      const char c = lower[i];
      if (quote != 0) {
        if (c == quote) quote = 0;
        continue;
      }
      if (c == '\'' || c == '"' || c == '`') {
        quote = c;
        continue;
      }
      if (lower.compare(i, word.size(), word) == 0) return {i, word.size()};
    }
  }
  return {std::string_view::npos, 0};
}

std::string_view without_label(std::string_view clause) {
  for (std::string_view label : kLabels) {
    if (clause.size() >= label.size() &&
        text::ascii_lower(clause.substr(0, label.size())) == label) {
      return trim(clause.substr(label.size()));
    }
  }
  return clause;
}

std::string_view unquoted(std::string_view s) {
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'' || s.front() == '`') &&
      s.back() == s.front()) {
    return s.substr(1, s.size() - 2);
  }
  return s;
}

std::size_t word_count(std::string_view s) {
  std::size_t n = 0;
  bool in_word = false;
  for (char c : s) {
    const bool space = std::isspace(static_cast<unsigned char>(c));
    if (!space && !in_word) ++n;
    in_word = !space;
  }
  return n;
}

// One literal or one name alone: the right side of "gender = 'F'".
bool single_operand(std::string_view s) {
  const std::vector<Token> tokens = lex_sql(s, 4);
  return tokens.size() == 1 &&
         (tokens[0].kind == TokenKind::kString || tokens[0].kind == TokenKind::kNumber ||
          tokens[0].kind == TokenKind::kQuoted || tokens[0].kind == TokenKind::kWord);
}

}  // namespace

void Glossary::add(std::string_view text) {
  if (bytes_ >= kMaxBytes) return;
  text = text.substr(0, text::align_to_char_start(text, std::min(text.size(), kMaxBytes - bytes_)));
  bytes_ += text.size();
  for (std::string_view raw : clauses(text)) {
    if (definitions_.size() >= kMaxDefinitions) return;
    const std::string_view clause = without_label(trim(raw));
    if (clause.empty() || clause.size() > kMaxClauseBytes) continue;
    const auto [at, length] = connective(clause);
    if (at == std::string_view::npos) continue;
    std::string_view left = trim(clause.substr(0, at));
    std::string_view right = trim(clause.substr(at + length));
    if (left.empty() || right.empty()) continue;
    const std::string_view op = trim(clause.substr(at, length));
    if ((op == "=" || op == "==" || op == ":") && single_operand(right) && sqlness(left) == 0) {
      if (op != ":") definitions_.push_back({"", std::string(clause)});  // a condition alone
      continue;
    }
    if (sqlness(left) > sqlness(right)) std::swap(left, right);
    if (sqlness(right) == 0) continue;  // prose: "X means Y" with no SQL
    left = unquoted(left);
    if (left.empty() || word_count(left) > kMaxPhraseWords) continue;
    definitions_.push_back({std::string(left), std::string(right)});
  }
}

}  // namespace groundgate::filters::sql

namespace groundgate::filters::sql {

bool Glossary::defines_column(std::string_view column, const QuestionTerms& question) const {
  for (const Definition& d : definitions_) {
    if (!d.phrase.empty() && !question.mentions_value(d.phrase)) continue;
    for (const Token& t : lex_sql(d.expression, 256)) {
      if ((t.kind == TokenKind::kWord || t.kind == TokenKind::kQuoted) &&
          same_name(unquote(t, d.expression), column)) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace groundgate::filters::sql
