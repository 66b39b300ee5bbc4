#pragma once
// SPL tokens with their byte spans. Two modes: search arguments (`process_name=*.exe`,
// `C:\\Windows\\*`, `-7d@d` are single words) and expressions of eval and where (`a+b`,
// `'field name'`, `x.y` stay words, operators split them). Strings take `\"` and `\\` escapes,
// ```triple-backtick``` comments are skipped, `macro(args)` in backticks is one token. Never
// fails: an unclosed string, macro or comment runs to the end and is reported.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::spl {

enum class TokenKind : std::uint8_t {
  kWord,          // a bare term: a field, a value, a command, an option name
  kString,        // "double quoted"
  kSingleQuoted,  // 'quoted' (a field name in expressions)
  kMacro,         // `name` or `name(arg, ...)`
  kPipe,          // |
  kLBracket,      // [ (a subsearch)
  kRBracket,      // ]
  kLParen,        // (
  kRParen,        // )
  kComma,         // ,
  kCompare,       // = == != < <= > >=
  kOperator,      // + - * / % . (expressions only)
  kSubsearch,     // parser output: a bracketed subsearch replaced by one token
};

enum class LexMode : std::uint8_t { kSearch, kExpression };

struct Token {
  TokenKind kind = TokenKind::kWord;
  std::uint32_t begin = 0;  // byte span in the text lexed
  std::uint32_t end = 0;
  std::uint32_t aux = 0;  // kSubsearch: the subsearch's index in its command

  std::string_view text(std::string_view source) const { return source.substr(begin, end - begin); }
  // ASCII case-insensitive comparison of a word's text.
  bool is(std::string_view source, std::string_view word) const;
};

enum class LexError : std::uint8_t { kNone, kUnclosedString, kUnclosedMacro, kUnclosedComment };

struct LexResult {
  std::vector<Token> tokens;
  LexError error = LexError::kNone;
  std::uint32_t error_begin = 0;  // where the unclosed string, macro or comment starts
};

// Tokens of text[begin, end) (spans stay those of `text`). At most `max_tokens`: the caller
// bounds the text already.
LexResult lex(std::string_view text, LexMode mode, std::size_t begin = 0,
              std::size_t end = std::string_view::npos, std::size_t max_tokens = 1u << 16);

// A kString's or kSingleQuoted's value: quotes removed, `\"` and `\\` undone. Other tokens:
// their text.
std::string unquote(const Token& token, std::string_view source);

std::string_view to_string(LexError error);

// ASCII case-insensitive equality.
bool iequals(std::string_view a, std::string_view b);

}  // namespace groundgate::filters::spl
