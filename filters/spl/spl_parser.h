#pragma once
// The pipeline structure of an (expanded) SPL search: commands split at top-level pipes, each
// with its name and argument tokens, subsearches in brackets parsed recursively and left in
// their command's arguments as one kSubsearch token. A search that does not start with a pipe
// starts with the implicit `search` command. What cannot be read (an unclosed quote, bracket or
// parenthesis, an empty command) is reported as a syntax issue; parsing goes on around it.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "filters/spl/spl_lexer.h"

namespace groundgate::filters::spl {

struct Command {
  std::string_view name;  // as written (a view of the text); empty: the implicit search
  std::uint32_t name_begin = 0;
  std::uint32_t name_end = 0;
  bool piped = false;          // written after a pipe
  bool macro_command = false;  // the name is a macro left unexpanded (an unknown macro)
  bool balanced = true;        // its parentheses pair up (else its arguments cannot be read)
  std::vector<Token> args;     // search-mode tokens; subsearches as kSubsearch
};

struct Pipeline {
  std::vector<Command> commands;
  std::vector<Pipeline> subsearches;  // kSubsearch tokens index into this
};

struct SyntaxIssue {
  std::string_view code;  // "unclosed_quote", "unbalanced_bracket", "empty_command", ...
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::string reason;
};

struct ParsedSearch {
  Pipeline pipeline;
  std::vector<SyntaxIssue> issues;
};

struct ParseLimits {
  std::size_t max_tokens = 1u << 15;
  std::size_t max_depth = 16;  // subsearches within subsearches
};

ParsedSearch parse_search(std::string_view text, const ParseLimits& limits = {});

}  // namespace groundgate::filters::spl
