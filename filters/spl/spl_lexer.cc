#include "filters/spl/spl_lexer.h"

#include <algorithm>
#include <optional>

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

// One lex() call's state: the position, the tokens so far, the first error.
class Lexer {
 public:
  Lexer(std::string_view text, LexMode mode, std::size_t begin, std::size_t end,
        std::size_t max_tokens)
      : text_(text), mode_(mode), begin_(begin), end_(end), max_tokens_(max_tokens), i_(begin) {}

  LexResult run() {
    while (i_ < end_ && out_.tokens.size() < max_tokens_) {
      if (is_space(text_[i_])) {
        ++i_;
        continue;
      }
      if (!next_token()) break;
    }
    return std::move(out_);
  }

 private:
  // The token (or comment) at i_; false when it runs to the end unclosed.
  bool next_token() {
    const char c = text_[i_];
    if (text_.substr(i_, 3) == "```") return comment();
    if (c == '`') return macro();
    if (c == '"' || (c == '\'' && mode_ == LexMode::kExpression)) return quoted(c);
    if (const std::optional<TokenKind> kind = punctuation(c)) {
      push(*kind, i_, i_ + 1);
      ++i_;
      return true;
    }
    const bool two = i_ + 1 < end_ && text_[i_ + 1] == '=';
    if (c == '=' || c == '<' || c == '>' || (c == '!' && two)) {
      const std::size_t n = two ? 2 : 1;
      push(TokenKind::kCompare, i_, i_ + n);
      i_ += n;
      return true;
    }
    if (mode_ == LexMode::kSearch) {
      search_word();
    } else {
      expression_token();
    }
    return true;
  }

  static std::optional<TokenKind> punctuation(char c) {
    switch (c) {
      case '|':
        return TokenKind::kPipe;
      case '[':
        return TokenKind::kLBracket;
      case ']':
        return TokenKind::kRBracket;
      case '(':
        return TokenKind::kLParen;
      case ')':
        return TokenKind::kRParen;
      case ',':
        return TokenKind::kComma;
      default:
        return std::nullopt;
    }
  }

  // A ```triple-backtick``` comment: skipped.
  bool comment() {
    const std::size_t close = text_.substr(0, end_).find("```", i_ + 3);
    if (close == std::string_view::npos) {
      fail(LexError::kUnclosedComment);
      return false;
    }
    i_ = close + 3;
    return true;
  }

  bool macro() {
    const std::size_t close = text_.substr(0, end_).find('`', i_ + 1);
    if (close == std::string_view::npos) {
      fail(LexError::kUnclosedMacro);
      push(TokenKind::kMacro, i_, end_);
      return false;
    }
    push(TokenKind::kMacro, i_, close + 1);
    i_ = close + 1;
    return true;
  }

  bool quoted(char quote) {
    const std::size_t close = quoted_end(text_, i_, end_, quote);
    const TokenKind kind = quote == '"' ? TokenKind::kString : TokenKind::kSingleQuoted;
    if (close == std::string_view::npos) {
      fail(LexError::kUnclosedString);
      push(kind, i_, end_);
      return false;
    }
    push(kind, i_, close);
    i_ = close;
    return true;
  }

  void search_word() {
    std::size_t j = i_;
    while (j < end_ && search_word_char(text_, j))
      ++j;
    if (j == i_) ++j;  // a lone '!' before '=' is taken above; anything else is one byte
    push(TokenKind::kWord, i_, j);
    i_ = j;
  }

  // Expression mode: words keep inner dots between word characters (`Processes.dest`,
  // `1.5`); any other dot, and + - * / %, is an operator.
  void expression_token() {
    const char c = text_[i_];
    const bool fraction = c == '.' && i_ + 1 < end_ && text_[i_ + 1] >= '0' &&
                          text_[i_ + 1] <= '9' &&
                          (i_ == begin_ || !expression_word_char(text_[i_ - 1]));
    if (!expression_word_char(c) && !fraction) {
      push(TokenKind::kOperator, i_, i_ + 1);
      ++i_;
      return;
    }
    std::size_t j = fraction ? i_ + 1 : i_;
    while (j < end_) {
      if (expression_word_char(text_[j])) {
        ++j;
      } else if (text_[j] == '.' && j + 1 < end_ && expression_word_char(text_[j + 1])) {
        ++j;
      } else {
        break;
      }
    }
    push(TokenKind::kWord, i_, j);
    i_ = j;
  }

  void push(TokenKind kind, std::size_t from, std::size_t to) {
    out_.tokens.push_back(
        {kind, static_cast<std::uint32_t>(from), static_cast<std::uint32_t>(to), 0});
  }
  void fail(LexError error) {
    out_.error = error;
    out_.error_begin = static_cast<std::uint32_t>(i_);
  }

  std::string_view text_;
  LexMode mode_;
  std::size_t begin_;
  std::size_t end_;
  std::size_t max_tokens_;
  std::size_t i_;
  LexResult out_;
};

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
  return Lexer(text, mode, begin, std::min(end, text.size()), max_tokens).run();
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
