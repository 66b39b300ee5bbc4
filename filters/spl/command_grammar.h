#pragma once
// The argument grammars of the common commands: search, tstats, stats / eventstats /
// streamstats, timechart, eval, where, table, fields, rename, rex, lookup, inputlookup, dedup,
// sort, head, bin (bucket), join, append, fillnull, makemv, mvexpand, convert. Each reads a
// command's arguments into CommandFacts; other commands get the effect their table row names
// (command_table.h).

#include <string_view>

#include "filters/spl/command_facts.h"
#include "filters/spl/command_table.h"
#include "filters/spl/spl_parser.h"

namespace groundgate::filters::spl {

// `info` null: a command Splunk does not know (reported by the checker; nothing read here).
// `command.name` empty: the implicit search.
CommandFacts read_command(const Command& command, std::string_view text, const CommandInfo* info);

}  // namespace groundgate::filters::spl
