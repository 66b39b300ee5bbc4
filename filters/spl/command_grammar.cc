#include "filters/spl/command_grammar.h"

#include <algorithm>

#include "filters/spl/eval_expression.h"
#include "filters/spl/grammars.h"
#include "filters/spl/search_terms.h"

namespace groundgate::filters::spl {

void read_options(ArgCursor& args, CommandFacts& facts, std::span<const std::string_view> known,
                  OptionUse use) {
  while (args.at_option()) {
    const Token key = *args.peek();
    std::string name, value;
    Token value_token;
    args.option(name, value, value_token);
    bool found = false;
    for (std::string_view k : known) {
      if (iequals(k, name)) found = true;
    }
    if (!found) {
      add_issue(facts, "unknown_option", key, "no option `" + name + "` for this command");
    } else if (use != nullptr) {
      use(name, value_token, args, facts);
    }
    args.skip_commas();
  }
}

std::vector<Token> rest_as_expression(const ArgCursor& args) {
  const std::span<const Token> rest = args.rest();
  if (rest.empty()) return {};
  return expression_tokens(args.source(), rest.front().begin, rest.back().end);
}

namespace {

void read_search(ArgCursor& args, CommandFacts& facts) {
  read_search_terms(args.rest(), args.source(), facts);
}

void read_where(ArgCursor& args, CommandFacts& facts, const Command& command) {
  if (args.done()) {
    facts.issues.push_back(
        {"missing_argument", command.name_begin, command.name_end, "where needs an expression"});
    return;
  }
  const std::vector<Token> tokens = rest_as_expression(args);
  read_expression(tokens, args.source(), facts);
}

void read_eval(ArgCursor& args, CommandFacts& facts, const Command& command) {
  facts.reads_follow_creates = true;
  if (args.done()) {
    facts.issues.push_back(
        {"missing_argument", command.name_begin, command.name_end, "eval needs `name=expression`"});
    return;
  }
  const std::vector<Token> tokens = rest_as_expression(args);
  read_assignments(tokens, args.source(), facts);
}

// join [options] [field, ...] [subsearch]; append [options] [subsearch]: the subsearch's results
// join the pipeline's.
void read_joined_subsearch(ArgCursor& args, CommandFacts& facts, const Command& command,
                           bool fields) {
  if (fields) {
    read_options(args, facts, {"type", "usetime", "earlier", "overwrite", "max"});
  } else {
    read_options(args, facts, {"extendtimerange", "maxtime", "maxout", "timeout"});
  }
  bool subsearch = false;
  while (!args.done()) {
    if (args.at_option()) {  // options after the fields are taken too
      if (fields) {
        read_options(args, facts, {"type", "usetime", "earlier", "overwrite", "max"});
      } else {
        read_options(args, facts, {"extendtimerange", "maxtime", "maxout", "timeout"});
      }
      continue;
    }
    const Token& t = args.next();
    if (t.kind == TokenKind::kSubsearch) {
      subsearch = true;
      if (t.aux != UINT32_MAX) facts.joined.push_back(t.aux);
    } else if (fields && (t.kind == TokenKind::kWord || t.kind == TokenKind::kString) &&
               !subsearch) {
      facts.reads.push_back(args.field(t));
    } else if (t.kind != TokenKind::kComma) {
      add_issue(facts, "unexpected_token", t, "`" + std::string(args.text(t)) + "` out of place");
    }
  }
  if (!subsearch) {
    facts.issues.push_back({"missing_subsearch", command.name_begin, command.name_end,
                            std::string(command.name) + " needs a [subsearch]"});
  }
}

// The commands with a grammar, by the name the command table gives (aliases resolved).
using Grammar = void (*)(ArgCursor&, CommandFacts&, const Command&);
template <void (*Read)(ArgCursor&, CommandFacts&)>
void plain(ArgCursor& args, CommandFacts& facts, const Command&) {
  Read(args, facts);
}
template <StatsCommand Which>
void statistics(ArgCursor& args, CommandFacts& facts, const Command&) {
  read_stats(args, facts, Which);
}
void join(ArgCursor& args, CommandFacts& facts, const Command& command) {
  read_joined_subsearch(args, facts, command, true);
}
void append(ArgCursor& args, CommandFacts& facts, const Command& command) {
  read_joined_subsearch(args, facts, command, false);
}

constexpr std::pair<std::string_view, Grammar> kGrammars[] = {
    {"search", plain<read_search>},
    {"where", read_where},
    {"eval", read_eval},
    {"stats", statistics<StatsCommand::kStats>},
    {"eventstats", statistics<StatsCommand::kEventstats>},
    {"streamstats", statistics<StatsCommand::kStreamstats>},
    {"timechart", statistics<StatsCommand::kTimechart>},
    {"tstats", statistics<StatsCommand::kTstats>},
    {"table", plain<read_table>},
    {"fields", plain<read_fields>},
    {"rename", plain<read_rename>},
    {"dedup", plain<read_dedup>},
    {"sort", plain<read_sort>},
    {"head", plain<read_head>},
    {"bin", plain<read_bin>},
    {"fillnull", plain<read_fillnull>},
    {"makemv", plain<read_makemv>},
    {"mvexpand", plain<read_mvexpand>},
    {"convert", plain<read_convert>},
    {"lookup", plain<read_lookup>},
    {"inputlookup", plain<read_inputlookup>},
    {"rex", plain<read_rex>},
    {"join", join},
    {"append", append},
};

}  // namespace

CommandFacts read_command(const Command& command, std::string_view text, const CommandInfo* info) {
  CommandFacts facts;
  ArgCursor args(command.args, text);
  if (command.name.empty()) {
    read_search(args, facts);
    return facts;
  }
  if (info == nullptr) return facts;
  for (std::string_view added : info->adds)
    facts.creates.push_back({std::string(added), command.name_begin, command.name_end, false});
  if (info->effect == FieldEffect::kOpen) facts.open = true;
  if (info->effect != FieldEffect::kGrammar) {
    // Subsearches of commands read without a grammar still join the results they feed.
    for (const Token& t : command.args) {
      if (t.kind == TokenKind::kSubsearch && t.aux != UINT32_MAX) facts.joined.push_back(t.aux);
    }
    return facts;
  }
  const std::string_view n = info->name;
  if (too_deep(command.args, facts)) {  // every grammar recurses on parentheses
    facts.open = true;
    return facts;
  }
  // A macro the prompt gave no definition of, left in the arguments, could stand for anything:
  // the grammar reads around it (search terms take it as a term), and fields after it are
  // open.
  std::vector<Token> without_macros;
  if (n != "search" && std::any_of(command.args.begin(), command.args.end(),
                                   [](const Token& t) { return t.kind == TokenKind::kMacro; })) {
    for (const Token& t : command.args) {
      if (t.kind != TokenKind::kMacro) without_macros.push_back(t);
    }
    facts.open = true;
    args = ArgCursor(without_macros, text);
  }
  for (const auto& [name, grammar] : kGrammars) {
    if (name == n) grammar(args, facts, command);
  }
  // Issues of grammars that saw no token to point at (a missing argument) point at the name.
  for (SyntaxIssue& issue : facts.issues) {
    if (issue.begin == 0 && issue.end == 0) {
      issue.begin = command.name_begin;
      issue.end = command.name_end;
    }
  }
  return facts;
}

}  // namespace groundgate::filters::spl
