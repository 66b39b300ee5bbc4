#pragma once
// The per-command grammars behind read_command (command_grammar.cc); internal to filters/spl.

#include <initializer_list>
#include <span>
#include <string_view>

#include "filters/spl/arg_cursor.h"
#include "filters/spl/command_facts.h"
#include "filters/spl/spl_parser.h"

namespace groundgate::filters::spl {

enum class StatsCommand : std::uint8_t { kStats, kEventstats, kStreamstats, kTimechart, kTstats };

// stats_grammar.cc
void read_stats(ArgCursor& args, CommandFacts& facts, StatsCommand which);

// field_grammar.cc
void read_table(ArgCursor& args, CommandFacts& facts);
void read_fields(ArgCursor& args, CommandFacts& facts);
void read_rename(ArgCursor& args, CommandFacts& facts);
void read_dedup(ArgCursor& args, CommandFacts& facts);
void read_sort(ArgCursor& args, CommandFacts& facts);
void read_head(ArgCursor& args, CommandFacts& facts);
void read_bin(ArgCursor& args, CommandFacts& facts);
void read_fillnull(ArgCursor& args, CommandFacts& facts);
void read_makemv(ArgCursor& args, CommandFacts& facts);
void read_mvexpand(ArgCursor& args, CommandFacts& facts);
void read_convert(ArgCursor& args, CommandFacts& facts);

// lookup_grammar.cc
void read_lookup(ArgCursor& args, CommandFacts& facts);
void read_inputlookup(ArgCursor& args, CommandFacts& facts);
void read_rex(ArgCursor& args, CommandFacts& facts);

// Options `name=value` at the cursor: those in `known` are handed to `use` (may be null);
// any other is a syntax issue. Stops at the first token that is not an option.
using OptionUse = void (*)(std::string_view name, const Token& value, ArgCursor& args,
                           CommandFacts& facts);
void read_options(ArgCursor& args, CommandFacts& facts, std::span<const std::string_view> known,
                  OptionUse use = nullptr);
inline void read_options(ArgCursor& args, CommandFacts& facts,
                         std::initializer_list<std::string_view> known, OptionUse use = nullptr) {
  read_options(args, facts, std::span<const std::string_view>(known.begin(), known.size()), use);
}

// The tokens of `args` from the cursor on, re-lexed as an expression.
std::vector<Token> rest_as_expression(const ArgCursor& args);

}  // namespace groundgate::filters::spl
