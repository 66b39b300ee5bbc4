#include "filters/spl/eval_expression.h"

#include "filters/spl/arg_cursor.h"
#include "filters/spl/function_table.h"

namespace groundgate::filters::spl {
namespace {

bool is_number(std::string_view w) {
  if (w.empty() || !(w[0] >= '0' && w[0] <= '9')) return false;
  return w.find_first_not_of("0123456789abcdefABCDEFxX.") == std::string_view::npos;
}

// Operators, and the literals eval reads bare (`if(x, y, null)`).
bool is_keyword(std::string_view w) {
  return iequals(w, "AND") || iequals(w, "OR") || iequals(w, "XOR") || iequals(w, "NOT") ||
         iequals(w, "LIKE") || iequals(w, "IN") || iequals(w, "null") || iequals(w, "true") ||
         iequals(w, "false");
}

class ExpressionReader {
 public:
  ExpressionReader(std::span<const Token> tokens, std::string_view text, CommandFacts& facts)
      : tokens_(tokens), text_(text), facts_(facts) {}

  std::size_t position() const { return at_; }
  void seek(std::size_t at) { at_ = at; }
  bool done() const { return at_ >= tokens_.size(); }
  const Token* peek(std::size_t ahead = 0) const {
    return at_ + ahead < tokens_.size() ? &tokens_[at_ + ahead] : nullptr;
  }

  // One expression; stops before a top-level comma or closing parenthesis.
  void expression() { binary(0); }

 private:
  // Binding strength of the binary operator at the cursor; 0 when there is none.
  int precedence() const {
    const Token* t = peek();
    if (t == nullptr) return 0;
    const std::string_view s = t->text(text_);
    switch (t->kind) {
      case TokenKind::kWord:
        if (iequals(s, "OR")) return 1;
        if (iequals(s, "XOR")) return 2;
        if (iequals(s, "AND")) return 3;
        if (iequals(s, "LIKE") || iequals(s, "IN")) return 5;
        return 0;
      case TokenKind::kCompare:
        return 5;
      case TokenKind::kOperator:
        if (s == "+" || s == "-" || s == ".") return 6;
        return 7;  // * / %
      default:
        return 0;
    }
  }

  void binary(int min_precedence) {
    unary();
    while (true) {
      const int p = precedence();
      if (p == 0 || p <= min_precedence) return;
      const Token op = tokens_[at_++];
      if (op.is(text_, "IN") && peek() != nullptr && peek()->kind == TokenKind::kLParen) {
        ++at_;
        arguments();
        continue;
      }
      if (peek() == nullptr || peek()->kind == TokenKind::kComma ||
          peek()->kind == TokenKind::kRParen) {
        facts_.issues.push_back({"missing_operand", op.begin, op.end,
                                 "`" + std::string(op.text(text_)) + "` with nothing after it"});
        return;
      }
      binary(p);
    }
  }

  void unary() {
    const Token* t = peek();
    if (t == nullptr) return;
    if (t->is(text_, "NOT") ||
        (t->kind == TokenKind::kOperator && (t->text(text_) == "-" || t->text(text_) == "+"))) {
      ++at_;
      unary();
      return;
    }
    primary();
  }

  void primary() {
    const Token& t = tokens_[at_];
    switch (t.kind) {
      case TokenKind::kLParen:
        ++at_;
        expression();
        if (peek() != nullptr && peek()->kind == TokenKind::kRParen) ++at_;
        return;
      case TokenKind::kSingleQuoted:
        ++at_;
        facts_.reads.push_back({unquote(t, text_), t.begin, t.end, false});
        return;
      case TokenKind::kString:
      case TokenKind::kMacro:
        ++at_;
        return;
      case TokenKind::kLBracket: {  // a subsearch: its own pipeline, not this expression's
        int depth = 0;
        do {
          depth += tokens_[at_].kind == TokenKind::kLBracket   ? 1
                   : tokens_[at_].kind == TokenKind::kRBracket ? -1
                                                               : 0;
          ++at_;
        } while (at_ < tokens_.size() && depth > 0);
        return;
      }
      case TokenKind::kWord:
        word();
        return;
      default:
        facts_.issues.push_back({"unexpected_token", t.begin, t.end,
                                 "`" + std::string(t.text(text_)) + "` where a value belongs"});
        ++at_;
        return;
    }
  }

  void word() {
    const Token& t = tokens_[at_++];
    const std::string_view w = t.text(text_);
    if (peek() != nullptr && peek()->kind == TokenKind::kLParen) {
      if (!FunctionTable::get().is_eval(w)) {
        facts_.unknown_functions.push_back({std::string(w), t.begin, t.end, false});
      }
      ++at_;
      const std::size_t first_read = facts_.reads.size();
      arguments();
      if (iequals(w, "coalesce")) {
        for (std::size_t i = first_read; i < facts_.reads.size(); ++i)
          facts_.reads[i].optional = true;
      }
      return;
    }
    if (is_number(w) || is_keyword(w) || (w.size() > 1 && w.front() == '$' && w.back() == '$')) {
      return;
    }
    facts_.reads.push_back({std::string(w), t.begin, t.end, w.find('.') != std::string_view::npos});
  }

  // After '(': expressions separated by commas, up to and including ')'.
  void arguments() {
    while (const Token* t = peek()) {
      if (t->kind == TokenKind::kRParen) {
        ++at_;
        return;
      }
      if (t->kind == TokenKind::kComma) {
        ++at_;
        continue;
      }
      const std::size_t before = at_;
      expression();
      if (at_ == before) ++at_;  // a token no rule takes: never loop on it
    }
  }

  std::span<const Token> tokens_;
  std::string_view text_;
  CommandFacts& facts_;
  std::size_t at_ = 0;
};

}  // namespace

std::vector<Token> expression_tokens(std::string_view text, std::uint32_t begin,
                                     std::uint32_t end) {
  return lex(text, LexMode::kExpression, begin, end).tokens;
}

void read_expression(std::span<const Token> tokens, std::string_view text, CommandFacts& facts) {
  if (too_deep(tokens, facts)) return;
  ExpressionReader reader(tokens, text, facts);
  while (!reader.done()) {
    const std::size_t before = reader.position();
    reader.expression();
    if (!reader.done()) {
      const Token& t = *reader.peek();
      facts.issues.push_back({"unexpected_token", t.begin, t.end,
                              "`" + std::string(t.text(text)) + "` after a complete expression"});
      reader.seek(reader.position() + 1);
    }
    if (reader.position() == before) reader.seek(before + 1);
  }
}

void read_assignments(std::span<const Token> tokens, std::string_view text, CommandFacts& facts) {
  if (tokens.empty() || too_deep(tokens, facts)) {
    return;  // an eval with nothing to compute is the caller's to report
  }
  ExpressionReader reader(tokens, text, facts);
  while (!reader.done()) {
    const Token& target = *reader.peek();
    const Token* eq = reader.peek(1);
    const bool named = target.kind == TokenKind::kWord || target.kind == TokenKind::kSingleQuoted ||
                       target.kind == TokenKind::kString;
    if (!named || eq == nullptr || eq->kind != TokenKind::kCompare || eq->text(text) != "=") {
      facts.issues.push_back(
          {"missing_assignment", target.begin, target.end, "eval wants `name=expression`"});
      // Skip to the next top-level comma.
      int depth = 0;
      while (!reader.done()) {
        const Token& t = *reader.peek();
        if (t.kind == TokenKind::kLParen) ++depth;
        if (t.kind == TokenKind::kRParen) --depth;
        reader.seek(reader.position() + 1);
        if (depth <= 0 && t.kind == TokenKind::kComma) break;
      }
      continue;
    }
    facts.creates.push_back({unquote(target, text), target.begin, target.end, false});
    reader.seek(reader.position() + 2);
    if (reader.done() || reader.peek()->kind == TokenKind::kComma) {
      facts.issues.push_back({"missing_operand", target.begin, eq->end,
                              "`" + std::string(target.text(text)) + "=` with no expression"});
    } else {
      reader.expression();
    }
    if (!reader.done() && reader.peek()->kind != TokenKind::kComma) {
      const Token& t = *reader.peek();
      facts.issues.push_back({"unexpected_token", t.begin, t.end,
                              "`" + std::string(t.text(text)) + "` after a complete expression"});
      while (!reader.done() && reader.peek()->kind != TokenKind::kComma)
        reader.seek(reader.position() + 1);
    }
    if (!reader.done()) reader.seek(reader.position() + 1);  // the comma
  }
}

}  // namespace groundgate::filters::spl
