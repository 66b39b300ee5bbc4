#pragma once
// Expressions of eval, where and the eval(...) of statistical functions: literals, fields
// (bare words, 'single quoted'), function calls (names checked against SPL's eval functions),
// NOT/AND/OR/XOR, LIKE, IN (...), comparisons and arithmetic. The tokens are lexed in
// expression mode (spl_lexer.h). Fields become reads; unknown functions and broken
// expressions become findings.

#include <span>
#include <string_view>

#include "filters/spl/command_facts.h"
#include "filters/spl/spl_lexer.h"

namespace groundgate::filters::spl {

// One expression over all of `tokens` (where, head's (expr), eval(...)).
void read_expression(std::span<const Token> tokens, std::string_view text, CommandFacts& facts);

// `name = expression, name = expression, ...` (eval): names become created fields.
void read_assignments(std::span<const Token> tokens, std::string_view text, CommandFacts& facts);

// Expression-mode tokens of text[begin, end).
std::vector<Token> expression_tokens(std::string_view text, std::uint32_t begin, std::uint32_t end);

}  // namespace groundgate::filters::spl
