#pragma once
// A cursor over a command's argument tokens, with the small readers every grammar shares:
// keywords (ASCII case ignored), `name=value` options, field names.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "filters/spl/command_facts.h"
#include "filters/spl/spl_lexer.h"

namespace groundgate::filters::spl {

class ArgCursor {
 public:
  ArgCursor(std::span<const Token> tokens, std::string_view text) : tokens_(tokens), text_(text) {}

  bool done() const { return at_ >= tokens_.size(); }
  std::size_t position() const { return at_; }
  void seek(std::size_t at) { at_ = at; }
  // The token `ahead` places on, or null past the end.
  const Token* peek(std::size_t ahead = 0) const;
  const Token& next() { return tokens_[at_++]; }
  // The token read last, or null before the first.
  const Token* previous() const { return at_ > 0 ? &tokens_[at_ - 1] : nullptr; }
  std::string_view text(const Token& t) const { return t.text(text_); }
  std::string_view source() const { return text_; }
  std::span<const Token> rest() const { return tokens_.subspan(at_); }

  bool is_word(std::string_view word, std::size_t ahead = 0) const;
  bool is_kind(TokenKind kind, std::size_t ahead = 0) const;
  // At `name=value` (value a word, string or macro)?
  bool at_option() const;
  // Reads `name=value`; the value unquoted.
  void option(std::string& name, std::string& value, Token& value_token);
  // Skips commas.
  void skip_commas();

  // A field name token (word, string or single-quoted) as a FieldRef.
  FieldRef field(const Token& t) const;

 private:
  std::span<const Token> tokens_;
  std::string_view text_;
  std::size_t at_ = 0;
};

// The first index at or after `from` whose token is the word `word` at parenthesis depth 0;
// tokens.size() when there is none.
std::size_t find_word(std::span<const Token> tokens, std::string_view text, std::string_view word,
                      std::size_t from = 0);

// Parentheses nest at most this deep in what the grammars read (they recurse on them); deeper
// arguments are reported and not read.
inline constexpr int kMaxNesting = 64;

// Whether `tokens` nest parentheses (or brackets) deeper than kMaxNesting; if so, reports it
// in `facts`.
bool too_deep(std::span<const Token> tokens, CommandFacts& facts);

// Adds a syntax issue at token `t`.
void add_issue(CommandFacts& facts, std::string_view code, const Token& t, std::string reason);

}  // namespace groundgate::filters::spl
