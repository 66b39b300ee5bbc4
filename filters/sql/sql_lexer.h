#pragma once
// SQL tokens with their byte spans, as SQLite reads them: the checks need to point at a name or
// a value in the query, which SQLite's own parser does not hand out. Never fails: a byte that
// starts no token becomes a one-byte kOther token, an unterminated string or comment runs to
// the end.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::sql {

enum class TokenKind : std::uint8_t {
  kWord,         // a bare identifier or keyword: select, sänger, t1
  kQuoted,       // "name", `name` or [name]: an identifier (SQLite may read "x" as a string)
  kString,       // 'text'
  kNumber,       // 42, 3.5, 1e3, 0x1F
  kParameter,    // ?, ?1, :name, @name, $name
  kOperator,     // = == != <> < <= > >= || + - * / % & | << >> ~ -> ->>
  kPunctuation,  // ( ) , . ;
  kOther,        // anything else
};

struct Token {
  TokenKind kind = TokenKind::kOther;
  std::size_t begin = 0;  // byte span in the SQL text
  std::size_t end = 0;
  char quote = 0;  // kQuoted and kString: the opening quote character

  std::string_view text(std::string_view sql) const { return sql.substr(begin, end - begin); }
  bool is(std::string_view sql, std::string_view word) const;  // ASCII case-insensitive
};

// Reads tokens one at a time, comments and whitespace skipped.
class SqlLexer {
 public:
  explicit SqlLexer(std::string_view sql) : sql_(sql) {}
  // The next token; false at the end of the text.
  bool next(Token& token);

 private:
  std::string_view sql_;
  std::size_t at_ = 0;
};

// Tokens of `sql`, comments and whitespace skipped. At most `max_tokens` (the rest is dropped:
// the caller bounds the SQL's length already).
std::vector<Token> lex_sql(std::string_view sql, std::size_t max_tokens = 1u << 16);

// The value a kQuoted or kString token stands for: quotes removed, doubled quotes undone.
// Other tokens: their text.
std::string unquote(const Token& token, std::string_view sql);

// Whether a bare word is an SQL keyword to SQLite (sqlite3_keyword_check).
bool is_keyword(std::string_view word);

// `name` quoted as an SQLite identifier ("my ""table""").
std::string quote_identifier(std::string_view name);
// `text` as an SQLite string literal ('it''s').
std::string quote_string(std::string_view text);

}  // namespace groundgate::filters::sql
