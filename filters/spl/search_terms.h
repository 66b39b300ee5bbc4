#pragma once
// Search terms, as the `search` command and the WHERE clauses of tstats and inputlookup take
// them: `field=value`, `field IN (a, b)`, comparisons, bare terms, NOT / OR / AND (upper case;
// AND implied between terms; OR binds tighter than AND), parentheses, subsearches. Fields compared
// become reads; index, sourcetype and source become components, and the whole condition a tree the
// combination check evaluates per stream; earliest/latest become time bounds.

#include <span>
#include <string_view>

#include "filters/spl/command_facts.h"
#include "filters/spl/spl_lexer.h"

namespace groundgate::filters::spl {

// Adds what `tokens` say to `facts`; the condition's root becomes facts.condition_root (an AND
// with any condition already there).
void read_search_terms(std::span<const Token> tokens, std::string_view text, CommandFacts& facts);

// Whether `key` is a time modifier of the search language (earliest, latest, ...).
bool is_time_modifier(std::string_view key);

}  // namespace groundgate::filters::spl
