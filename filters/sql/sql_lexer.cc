#include "filters/sql/sql_lexer.h"

#include <sqlite3.h>

#include <limits>

#include "filters/text/utf8.h"

namespace groundgate::filters::sql {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// SQLite's identifier characters: ASCII letters, digits, '_', '$' and every non-ASCII byte.
bool is_word_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || is_digit(c) || c == '_' || c == '$' ||
         u >= 0x80;
}

bool is_word_start(char c) {
  return is_word_char(c) && !is_digit(c) && c != '$';
}

bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// The end of a quoted run starting at `i` (the opening quote), doubled closers included.
std::size_t quoted_end(std::string_view s, std::size_t i, char close) {
  std::size_t j = i + 1;
  while (j < s.size()) {
    if (s[j] == close) {
      if (close != ']' && j + 1 < s.size() && s[j + 1] == close) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    ++j;
  }
  return s.size();
}

std::size_t number_end(std::string_view s, std::size_t i) {
  std::size_t j = i;
  if (s[j] == '0' && j + 1 < s.size() && (s[j + 1] == 'x' || s[j + 1] == 'X')) {
    j += 2;
    while (j < s.size() && (is_hex(s[j]) || s[j] == '_'))
      ++j;
    return j;
  }
  while (j < s.size() && (is_digit(s[j]) || s[j] == '_'))
    ++j;
  if (j < s.size() && s[j] == '.') {
    ++j;
    while (j < s.size() && (is_digit(s[j]) || s[j] == '_'))
      ++j;
  }
  if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
    std::size_t k = j + 1;
    if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
    if (k < s.size() && is_digit(s[k])) {
      j = k;
      while (j < s.size() && is_digit(s[j]))
        ++j;
    }
  }
  return j;
}

std::size_t operator_end(std::string_view s, std::size_t i) {
  const std::string_view rest = s.substr(i);
  for (std::string_view op : {"->>", "==", "!=", "<>", "<=", ">=", "||", "<<", ">>", "->"}) {
    if (rest.starts_with(op)) return i + op.size();
  }
  return i + 1;
}

}  // namespace

bool Token::is(std::string_view sql, std::string_view word) const {
  const std::string_view t = text(sql);
  if (t.size() != word.size()) return false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (text::ascii_lower(t[i]) != text::ascii_lower(word[i])) return false;
  }
  return true;
}

bool SqlLexer::next(Token& t) {
  const std::string_view s = sql_;
  std::size_t i = at_;
  while (i < s.size()) {
    const char c = s[i];
    if (is_space(c)) {
      ++i;
    } else if (c == '-' && i + 1 < s.size() && s[i + 1] == '-') {
      const std::size_t eol = s.find('\n', i);
      i = eol == std::string_view::npos ? s.size() : eol + 1;
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      const std::size_t close = s.find("*/", i + 2);
      i = close == std::string_view::npos ? s.size() : close + 2;
    } else {
      break;
    }
  }
  if (i >= s.size()) {
    at_ = s.size();
    return false;
  }
  const char c = s[i];
  t = Token{};
  t.begin = i;
  if (c == '\'') {
    t.kind = TokenKind::kString;
    t.quote = c;
    t.end = quoted_end(s, i, '\'');
  } else if (c == '"' || c == '`' || c == '[') {
    t.kind = TokenKind::kQuoted;
    t.quote = c;
    t.end = quoted_end(s, i, c == '[' ? ']' : c);
  } else if (is_digit(c) || (c == '.' && i + 1 < s.size() && is_digit(s[i + 1]))) {
    t.kind = TokenKind::kNumber;
    t.end = number_end(s, i);
  } else if ((c == 'x' || c == 'X') && i + 1 < s.size() && s[i + 1] == '\'') {
    t.kind = TokenKind::kString;  // a blob literal
    t.quote = '\'';
    t.end = quoted_end(s, i + 1, '\'');
  } else if (is_word_start(c)) {
    t.kind = TokenKind::kWord;
    std::size_t j = i + 1;
    while (j < s.size() && is_word_char(s[j]))
      ++j;
    t.end = j;
  } else if (c == '?' || c == ':' || c == '@' || c == '$') {
    t.kind = TokenKind::kParameter;
    std::size_t j = i + 1;
    while (j < s.size() && is_word_char(s[j]))
      ++j;
    t.end = j;
  } else if (c == '(' || c == ')' || c == ',' || c == '.' || c == ';') {
    t.kind = TokenKind::kPunctuation;
    t.end = i + 1;
  } else if (std::string_view("=<>!|+-*/%&~").find(c) != std::string_view::npos) {
    t.kind = TokenKind::kOperator;
    t.end = operator_end(s, i);
  } else {
    t.kind = TokenKind::kOther;
    t.end = i + 1;
  }
  at_ = t.end;
  return true;
}

std::vector<Token> lex_sql(std::string_view sql, std::size_t max_tokens) {
  std::vector<Token> out;
  SqlLexer lexer(sql);
  Token t;
  while (out.size() < max_tokens && lexer.next(t))
    out.push_back(t);
  return out;
}

std::string unquote(const Token& token, std::string_view sql) {
  std::string_view t = token.text(sql);
  if (token.kind != TokenKind::kQuoted && token.kind != TokenKind::kString) return std::string(t);
  if (!t.empty() && (t.front() == 'x' || t.front() == 'X')) t.remove_prefix(1);  // blob
  const char close = token.quote == '[' ? ']' : token.quote;
  if (t.size() < 2) return std::string();
  const bool closed = t.back() == close;
  t = t.substr(1, t.size() - (closed ? 2 : 1));
  std::string out;
  out.reserve(t.size());
  for (std::size_t i = 0; i < t.size(); ++i) {
    out.push_back(t[i]);
    if (t[i] == close && close != ']' && i + 1 < t.size() && t[i + 1] == close) ++i;
  }
  return out;
}

bool is_keyword(std::string_view word) {
  if (word.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) return false;
  return sqlite3_keyword_check(word.data(), static_cast<int>(word.size())) != 0;
}

std::string quote_identifier(std::string_view name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

std::string quote_string(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out.push_back('\'');
    out.push_back(c);
  }
  out.push_back('\'');
  return out;
}

}  // namespace groundgate::filters::sql
