// stats, eventstats, streamstats, timechart and tstats:
//   [options] function[(argument)] [AS name] ... [FROM datamodel=M.D] [WHERE terms]
//   [BY field ... [span=...]]
// An argument is a field, a wildcard, or eval(expression). Functions are checked against SPL's
// statistical functions; the results are the named (or `function(argument)`) fields.
#include <optional>

#include "filters/spl/eval_expression.h"
#include "filters/spl/function_table.h"
#include "filters/spl/grammars.h"
#include "filters/spl/search_terms.h"

namespace groundgate::filters::spl {
namespace {

constexpr std::string_view kStatsOptions[] = {"allnum", "delim", "partitions", "dedup_splitvals"};
constexpr std::string_view kEventstatsOptions[] = {"allnum"};
constexpr std::string_view kStreamstatsOptions[] = {
    "current",         "window",       "time_window", "global",
    "reset_on_change", "reset_before", "reset_after", "allnum"};
constexpr std::string_view kTimechartOptions[] = {
    "span",     "bins",    "minspan", "limit",      "useother", "usenull",
    "otherstr", "nullstr", "cont",    "fixedrange", "partial",  "sep",
    "format",   "start",   "end",     "aligntime",  "agg"};
constexpr std::string_view kTstatsOptions[] = {"prestats",
                                               "local",
                                               "append",
                                               "summariesonly",
                                               "include_reduced_buckets",
                                               "allow_old_summaries",
                                               "chunk_size",
                                               "fillnull_value"};

std::span<const std::string_view> options_of(StatsCommand which) {
  switch (which) {
    case StatsCommand::kStats:
      return kStatsOptions;
    case StatsCommand::kEventstats:
      return kEventstatsOptions;
    case StatsCommand::kStreamstats:
      return kStreamstatsOptions;
    case StatsCommand::kTimechart:
      return kTimechartOptions;
    case StatsCommand::kTstats:
      return kTstatsOptions;
  }
  return {};
}

bool ends_aggregates(const ArgCursor& args, StatsCommand which) {
  if (args.is_word("by")) return true;
  if (which == StatsCommand::kTstats && (args.is_word("from") || args.is_word("where"))) {
    return true;
  }
  return which == StatsCommand::kTimechart && args.is_word("where");
}

void note_append(std::string_view name, const Token& value, ArgCursor& args, CommandFacts& facts) {
  if (iequals(name, "append")) {
    const std::string v = unquote(value, args.source());
    facts.generating_appends = iequals(v, "t") || iequals(v, "true") || v == "1";
  }
}

// The argument of a function at the cursor (after its '('), through the matching ')'.
void read_function_argument(ArgCursor& args, CommandFacts& facts) {
  while (!args.done()) {
    const Token& t = args.next();
    if (t.kind == TokenKind::kRParen) return;
    if (t.is(args.source(), "eval") && args.is_kind(TokenKind::kLParen)) {
      const Token open = args.next();
      int depth = 1;
      std::uint32_t end = open.end;
      while (!args.done() && depth > 0) {
        const Token& inner = args.next();
        depth += inner.kind == TokenKind::kLParen ? 1 : inner.kind == TokenKind::kRParen ? -1 : 0;
        end = depth > 0 ? inner.end : inner.begin;
      }
      const std::vector<Token> tokens = expression_tokens(args.source(), open.end, end);
      read_expression(tokens, args.source(), facts);
      continue;
    }
    if (t.kind == TokenKind::kLParen) {  // sparkline(count(x), 1h): a nested function
      read_function_argument(args, facts);
      continue;
    }
    if (t.kind == TokenKind::kWord || t.kind == TokenKind::kString) {
      const std::string name = unquote(t, args.source());
      const Token* after = args.peek();
      if (after != nullptr && after->kind == TokenKind::kLParen) {
        if (!FunctionTable::get().is_stats(name)) {
          facts.unknown_functions.push_back({name, t.begin, t.end, true});
        }
        continue;
      }
      if (name.find('*') == std::string::npos && !name.empty() &&
          !(name[0] >= '0' && name[0] <= '9')) {
        facts.reads.push_back({name, t.begin, t.end, false});
      }
    }
  }
}

void read_aggregates(ArgCursor& args, CommandFacts& facts, StatsCommand which,
                     std::vector<FieldRef>& outputs) {
  while (!args.done() && !ends_aggregates(args, which)) {
    const Token& t = args.next();
    if (t.kind == TokenKind::kComma) continue;
    if (t.kind != TokenKind::kWord) {
      add_issue(facts, "unexpected_token", t,
                "`" + std::string(args.text(t)) + "` where a statistical function belongs");
      continue;
    }
    const std::string_view name = args.text(t);
    std::uint32_t end = t.end;
    if (args.is_kind(TokenKind::kLParen)) {
      args.next();
      read_function_argument(args, facts);
      end = args.previous()->end;
    }
    if (!FunctionTable::get().is_stats(name)) {
      facts.unknown_functions.push_back({std::string(name), t.begin, t.end, true});
    }
    if (args.is_word("as") && args.peek(1) != nullptr &&
        (args.peek(1)->kind == TokenKind::kWord || args.peek(1)->kind == TokenKind::kString)) {
      args.next();
      const Token& alias = args.next();
      outputs.push_back(args.field(alias));
      // `values(x) as x(y)`: an output name may be followed by a parenthesised suffix.
      if (args.is_kind(TokenKind::kLParen)) {
        while (!args.done() && args.next().kind != TokenKind::kRParen) {
        }
      }
      continue;
    }
    // Unnamed, a result is called as written: `count`, `values(Processes.dest)`.
    outputs.push_back(
        {std::string(args.source().substr(t.begin, end - t.begin)), t.begin, end, false});
  }
}

void read_datamodel(ArgCursor& args, CommandFacts& facts) {
  // FROM datamodel=M.D | FROM datamodel:M.D | FROM datamodel "M.D" | FROM namespace
  args.next();  // from
  const Token* t = args.peek();
  if (t == nullptr) return;
  std::string value;
  Token value_token = *t;
  const std::string_view word = args.text(*t);
  if (args.is_word("datamodel") && args.is_kind(TokenKind::kCompare, 1) &&
      args.peek(2) != nullptr) {
    args.next();
    args.next();
    value_token = args.next();
    value = unquote(value_token, args.source());
  } else if (t->kind == TokenKind::kWord && word.size() > 10 &&
             iequals(word.substr(0, 10), "datamodel:")) {
    args.next();
    value = std::string(word.substr(10));
    value_token.begin += 10;
  } else {
    args.next();  // a tscollect namespace: nothing the guard knows about
    return;
  }
  if (!value.empty() && value.front() == '"') value = value.substr(1, value.size() - 2);
  DataModelUse use;
  const std::size_t dot = value.find('.');
  use.model = value.substr(0, dot);
  use.dataset = dot == std::string::npos ? "" : value.substr(dot + 1);
  use.begin = value_token.begin;
  use.end = value_token.end;
  use.dataset_begin = dot == std::string::npos
                          ? value_token.end
                          : value_token.begin + static_cast<std::uint32_t>(dot) + 1 +
                                (value_token.kind == TokenKind::kString ? 1 : 0);
  facts.datamodel = use;
  facts.datamodel_fields = true;
}

void read_by(ArgCursor& args, CommandFacts& facts, std::vector<FieldRef>& outputs) {
  args.next();  // by
  bool any = false;
  while (!args.done()) {
    if (args.at_option()) {  // span=1h, limit=10 ...
      std::string name, value;
      Token value_token;
      args.option(name, value, value_token);
      continue;
    }
    if (args.is_word("where")) break;
    const Token& t = args.next();
    if (t.kind == TokenKind::kComma) continue;
    if (t.kind != TokenKind::kWord && t.kind != TokenKind::kString) {
      add_issue(facts, "unexpected_token", t, "`" + std::string(args.text(t)) + "` in a BY list");
      continue;
    }
    FieldRef f = args.field(t);
    any = true;
    if (f.name.find('*') == std::string::npos) facts.reads.push_back(f);
    outputs.push_back(std::move(f));
  }
  if (!any) {
    facts.issues.push_back({"missing_argument", 0, 0, "BY with no field"});
  }
}

}  // namespace

void read_stats(ArgCursor& args, CommandFacts& facts, StatsCommand which) {
  read_options(args, facts, options_of(which),
               which == StatsCommand::kTstats ? note_append : nullptr);
  std::vector<FieldRef> outputs;
  const std::size_t before = outputs.size();
  read_aggregates(args, facts, which, outputs);
  if (outputs.size() == before) {
    facts.issues.push_back({"missing_function", 0, 0, "no statistical function"});
  }
  bool split = false;
  while (!args.done()) {
    if (which == StatsCommand::kTstats && args.is_word("from")) {
      read_datamodel(args, facts);
    } else if (args.is_word("where")) {
      args.next();
      const std::size_t end = args.position();
      const std::span<const Token> rest = args.rest();
      const std::size_t by = find_word(rest, args.source(), "by");
      read_search_terms(rest.subspan(0, by), args.source(), facts);
      args.seek(end + by);
    } else if (args.is_word("by")) {
      read_by(args, facts, outputs);
      split = true;
    } else {
      const Token& t = args.next();
      add_issue(facts, "unexpected_token", t, "`" + std::string(args.text(t)) + "` out of place");
    }
  }
  if (which == StatsCommand::kTimechart) {
    outputs.push_back({"_time", 0, 0, false});
    facts.open = facts.open || split;  // a column per value of the BY field
  }
  facts.creates.insert(facts.creates.end(), outputs.begin(), outputs.end());
  facts.output = which == StatsCommand::kStats || which == StatsCommand::kTimechart ||
                         which == StatsCommand::kTstats
                     ? Output::kReplace
                     : Output::kKeep;
}

}  // namespace groundgate::filters::spl
