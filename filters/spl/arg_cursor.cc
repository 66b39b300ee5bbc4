#include "filters/spl/arg_cursor.h"

namespace groundgate::filters::spl {

const Token* ArgCursor::peek(std::size_t ahead) const {
  return at_ + ahead < tokens_.size() ? &tokens_[at_ + ahead] : nullptr;
}

bool ArgCursor::is_word(std::string_view word, std::size_t ahead) const {
  const Token* t = peek(ahead);
  return t != nullptr && t->is(text_, word);
}

bool ArgCursor::is_kind(TokenKind kind, std::size_t ahead) const {
  const Token* t = peek(ahead);
  return t != nullptr && t->kind == kind;
}

bool ArgCursor::at_option() const {
  const Token* key = peek(0);
  const Token* eq = peek(1);
  const Token* value = peek(2);
  return key != nullptr && key->kind == TokenKind::kWord && eq != nullptr &&
         eq->kind == TokenKind::kCompare && text(*eq) == "=" && value != nullptr &&
         (value->kind == TokenKind::kWord || value->kind == TokenKind::kString ||
          value->kind == TokenKind::kMacro);
}

void ArgCursor::option(std::string& name, std::string& value, Token& value_token) {
  name = text(next());
  next();
  value_token = next();
  value = unquote(value_token, text_);
}

void ArgCursor::skip_commas() {
  while (is_kind(TokenKind::kComma))
    ++at_;
}

FieldRef ArgCursor::field(const Token& t) const {
  return {unquote(t, text_), t.begin, t.end, false};
}

std::size_t find_word(std::span<const Token> tokens, std::string_view text, std::string_view word,
                      std::size_t from) {
  int depth = 0;
  for (std::size_t i = from; i < tokens.size(); ++i) {
    if (tokens[i].kind == TokenKind::kLParen) ++depth;
    if (tokens[i].kind == TokenKind::kRParen) --depth;
    if (depth == 0 && tokens[i].is(text, word)) return i;
  }
  return tokens.size();
}

bool too_deep(std::span<const Token> tokens, CommandFacts& facts) {
  int depth = 0;
  for (const Token& t : tokens) {
    depth += t.kind == TokenKind::kLParen || t.kind == TokenKind::kLBracket   ? 1
             : t.kind == TokenKind::kRParen || t.kind == TokenKind::kRBracket ? -1
                                                                              : 0;
    if (depth > kMaxNesting) {
      facts.issues.push_back({"too_deep", t.begin, t.end, "parentheses nested too deeply to read"});
      return true;
    }
  }
  return false;
}

void add_issue(CommandFacts& facts, std::string_view code, const Token& t, std::string reason) {
  facts.issues.push_back({code, t.begin, t.end, std::move(reason)});
}

}  // namespace groundgate::filters::spl
