#include "filters/spl/spl_lexer.h"

#include <algorithm>

#include "filters/text/utf8.h"

namespace groundgate::filters::spl {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// A character that may go on a bare search term.
bool search_word_char(std::string_view text, std::size_t i) {
  const char c = text[i];
  if (is_space(c)) return false;
  switch (c) {
    case '|':
    case '[':
    case ']':
    case '(':
    case ')':
    case '"':
    case ',':
    case '=':
    case '<':
    case '>':
    case '`':
      return false;
    case '!':
      return i + 1 >= text.size() || text[i + 1] != '=';
    default:
      return true;
  }
}

// A character of an expression word (a field name, a function name, a number).
bool expression_word_char(char c) {
  return is_alnum(c) || c == '_' || c == '@' || c == '$' || c == ':' || c == '{' || c == '}' ||
         c == '#' || c == '\\' || static_cast<unsigned char>(c) >= 0x80;
}

// The end of a quoted run starting at `at` (the opening quote), escapes skipped; npos when it
// never closes before `end`.
std::size_t quoted_end(std::string_view text, std::size_t at, std::size_t end, char quote) {
  for (std::size_t i = at + 1; i < end; ++i) {
    if (text[i] == '\\') {
      ++i;
    } else if (text[i] == quote) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

}  // namespace

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (text::ascii_lower(a[i]) != text::ascii_lower(b[i])) return false;
  }
  return true;
}

bool Token::is(std::string_view source, std::string_view word) const {
  return kind == TokenKind::kWord && iequals(text(source), word);
}

LexResult lex(std::string_view text, LexMode mode, std::size_t begin, std::size_t end,
              std::size_t max_tokens) {
  LexResult out;
  end = std::min(end, text.size());
  std::size_t i = begin;
  const auto push = [&](TokenKind kind, std::size_t from, std::size_t to) {
    out.tokens.push_back(
        {kind, static_cast<std::uint32_t>(from), static_cast<std::uint32_t>(to), 0});
  };
  const auto fail = [&](LexError error, std::size_t at) {
    out.error = error;
    out.error_begin = static_cast<std::uint32_t>(at);
  };
  while (i < end && out.tokens.size() < max_tokens) {
    const char c = text[i];
    if (is_space(c)) {
      ++i;
      continue;
    }
    if (text.substr(i, 3) == "```") {
      const std::size_t close = text.substr(0, end).find("```", i + 3);
      if (close == std::string_view::npos) {
        fail(LexError::kUnclosedComment, i);
        break;
      }
      i = close + 3;
      continue;
    }
    if (c == '`') {
      const std::size_t close = text.substr(0, end).find('`', i + 1);
      if (close == std::string_view::npos) {
        fail(LexError::kUnclosedMacro, i);
        push(TokenKind::kMacro, i, end);
        break;
      }
      push(TokenKind::kMacro, i, close + 1);
      i = close + 1;
      continue;
    }
    if (c == '"' || (c == '\'' && mode == LexMode::kExpression)) {
      const std::size_t close = quoted_end(text, i, end, c);
      const TokenKind kind = c == '"' ? TokenKind::kString : TokenKind::kSingleQuoted;
      if (close == std::string_view::npos) {
        fail(LexError::kUnclosedString, i);
        push(kind, i, end);
        break;
      }
      push(kind, i, close);
      i = close;
      continue;
    }
    switch (c) {
      case '|':
        push(TokenKind::kPipe, i, i + 1);
        ++i;
        continue;
      case '[':
        push(TokenKind::kLBracket, i, i + 1);
        ++i;
        continue;
      case ']':
        push(TokenKind::kRBracket, i, i + 1);
        ++i;
        continue;
      case '(':
        push(TokenKind::kLParen, i, i + 1);
        ++i;
        continue;
      case ')':
        push(TokenKind::kRParen, i, i + 1);
        ++i;
        continue;
      case ',':
        push(TokenKind::kComma, i, i + 1);
        ++i;
        continue;
      default:
        break;
    }
    const bool two = i + 1 < end && text[i + 1] == '=';
    if (c == '=' || c == '<' || c == '>' || (c == '!' && two)) {
      const std::size_t n = two ? 2 : 1;
      push(TokenKind::kCompare, i, i + n);
      i += n;
      continue;
    }
    if (mode == LexMode::kSearch) {
      std::size_t j = i;
      while (j < end && search_word_char(text, j))
        ++j;
      if (j == i) ++j;  // a lone '!' before '=' is taken above; anything else is one byte
      push(TokenKind::kWord, i, j);
      i = j;
      continue;
    }
    // Expression mode: words keep inner dots between word characters (`Processes.dest`,
    // `1.5`); any other dot, and + - * / %, is an operator.
    const bool fraction = c == '.' && i + 1 < end && text[i + 1] >= '0' && text[i + 1] <= '9' &&
                          (i == begin || !expression_word_char(text[i - 1]));
    if (expression_word_char(c) || fraction) {
      std::size_t j = fraction ? i + 1 : i;
      while (j < end) {
        if (expression_word_char(text[j])) {
          ++j;
        } else if (text[j] == '.' && j + 1 < end && expression_word_char(text[j + 1])) {
          ++j;
        } else {
          break;
        }
      }
      push(TokenKind::kWord, i, j);
      i = j;
      continue;
    }
    push(TokenKind::kOperator, i, i + 1);
    ++i;
  }
  return out;
}

std::string unquote(const Token& token, std::string_view source) {
  const std::string_view t = token.text(source);
  if ((token.kind != TokenKind::kString && token.kind != TokenKind::kSingleQuoted) ||
      t.size() < 2) {
    return std::string(t);
  }
  const bool closed = quoted_end(t, 0, t.size(), t.front()) == t.size();
  const std::string_view inner = t.substr(1, t.size() - (closed ? 2 : 1));
  std::string out;
  out.reserve(inner.size());
  for (std::size_t i = 0; i < inner.size(); ++i) {
    if (inner[i] == '\\' && i + 1 < inner.size() &&
        (inner[i + 1] == '"' || inner[i + 1] == '\\' || inner[i + 1] == '\'')) {
      ++i;
    }
    out += inner[i];
  }
  return out;
}

std::string_view to_string(LexError error) {
  switch (error) {
    case LexError::kNone:
      return "none";
    case LexError::kUnclosedString:
      return "unclosed_quote";
    case LexError::kUnclosedMacro:
      return "unclosed_macro";
    case LexError::kUnclosedComment:
      return "unclosed_comment";
  }
  return "none";
}

}  // namespace groundgate::filters::spl
