// Commands whose arguments are field lists: table, fields, rename, dedup, sort, head, bin,
// fillnull, makemv, mvexpand, convert.
#include <cstdlib>

#include "filters/spl/eval_expression.h"
#include "filters/spl/grammars.h"

namespace groundgate::filters::spl {
namespace {

bool is_name(const Token& t) {
  return t.kind == TokenKind::kWord || t.kind == TokenKind::kString;
}

bool is_count(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

bool wildcard(const FieldRef& f) {
  return f.name.find('*') != std::string::npos;
}

// Field names up to the end (commas skipped); anything else is an issue.
std::vector<FieldRef> field_list(ArgCursor& args, CommandFacts& facts) {
  std::vector<FieldRef> out;
  while (!args.done()) {
    const Token& t = args.next();
    if (t.kind == TokenKind::kComma) continue;
    if (!is_name(t)) {
      add_issue(facts, "unexpected_token", t,
                "`" + std::string(args.text(t)) + "` in a field list");
      continue;
    }
    out.push_back(args.field(t));
  }
  return out;
}

void read_all(CommandFacts& facts, const std::vector<FieldRef>& fields, bool shown = false) {
  for (FieldRef f : fields) {
    f.shown = shown;
    if (!wildcard(f)) facts.reads.push_back(std::move(f));
  }
}

void missing(CommandFacts& facts, std::string reason) {
  facts.issues.push_back({"missing_argument", 0, 0, std::move(reason)});
}

}  // namespace

void read_table(ArgCursor& args, CommandFacts& facts) {
  std::vector<FieldRef> fields = field_list(args, facts);
  if (fields.empty()) missing(facts, "table needs fields");
  read_all(facts, fields, true);
  facts.keeps = true;
  facts.kept = std::move(fields);
}

void read_fields(ArgCursor& args, CommandFacts& facts) {
  bool remove = false;
  if (args.is_word("-") || args.is_word("+")) remove = args.text(args.next()) == "-";
  std::vector<FieldRef> fields = field_list(args, facts);
  if (fields.empty()) missing(facts, "fields needs fields");
  if (remove) {
    facts.removes = std::move(fields);
    return;
  }
  read_all(facts, fields, true);
  facts.keeps = true;
  facts.kept = std::move(fields);
}

void read_rename(ArgCursor& args, CommandFacts& facts) {
  bool any = false;
  while (!args.done()) {
    const Token& from = args.next();
    if (from.kind == TokenKind::kComma) continue;
    if (!is_name(from)) {
      add_issue(facts, "unexpected_token", from,
                "`" + std::string(args.text(from)) + "` in rename");
      continue;
    }
    if (!args.is_word("as") || args.peek(1) == nullptr || !is_name(*args.peek(1))) {
      add_issue(facts, "missing_as", from, "rename wants `field AS new_name`");
      continue;
    }
    args.next();
    const Token& to = args.next();
    any = true;
    FieldRef source = args.field(from);
    facts.renames.push_back({source.name, unquote(to, args.source()), from.begin, from.end});
    if (!wildcard(source)) facts.reads.push_back(std::move(source));
  }
  if (!any && facts.issues.empty()) missing(facts, "rename needs `field AS new_name`");
}

void read_dedup(ArgCursor& args, CommandFacts& facts) {
  if (args.peek() != nullptr && is_count(args.text(*args.peek()))) args.next();
  std::vector<FieldRef> fields;
  while (!args.done()) {
    if (args.at_option()) {
      read_options(args, facts, {"keepevents", "keepempty", "consecutive"});
      continue;
    }
    if (args.is_word("sortby")) {
      args.next();
      while (!args.done()) {
        const Token& t = args.next();
        if (!is_name(t)) continue;
        FieldRef f = args.field(t);
        const std::size_t sign = f.name.find_first_not_of("+-");
        if (sign == std::string::npos) continue;
        f.name = f.name.substr(sign);
        if (!wildcard(f)) facts.reads.push_back(std::move(f));
      }
      break;
    }
    const Token& t = args.next();
    if (t.kind == TokenKind::kComma) continue;
    if (!is_name(t)) {
      add_issue(facts, "unexpected_token", t, "`" + std::string(args.text(t)) + "` in dedup");
      continue;
    }
    fields.push_back(args.field(t));
  }
  if (fields.empty()) missing(facts, "dedup needs fields");
  read_all(facts, fields);
}

void read_sort(ArgCursor& args, CommandFacts& facts) {
  if (args.peek() != nullptr && is_count(args.text(*args.peek()))) args.next();
  read_options(args, facts, {"limit"});
  bool any = false;
  while (!args.done()) {
    const Token& t = args.next();
    if (t.kind == TokenKind::kComma || t.kind == TokenKind::kRParen) continue;
    if (!is_name(t)) {
      add_issue(facts, "unexpected_token", t, "`" + std::string(args.text(t)) + "` in sort");
      continue;
    }
    std::string_view w = args.text(t);
    if (iequals(w, "desc") || iequals(w, "d")) continue;
    if (w == "+" || w == "-") continue;
    if (args.is_kind(TokenKind::kLParen)) {  // num(x), str(x), ip(x), auto(x)
      if (!iequals(w, "num") && !iequals(w, "str") && !iequals(w, "ip") && !iequals(w, "auto") &&
          !iequals(w, "-num") && !iequals(w, "-str") && !iequals(w, "-ip") &&
          !iequals(w, "-auto") && !iequals(w, "+num") && !iequals(w, "+str") &&
          !iequals(w, "+ip") && !iequals(w, "+auto")) {
        add_issue(facts, "unknown_function", t, "sort takes num(), str(), ip() or auto()");
      }
      args.next();
      continue;
    }
    FieldRef f = args.field(t);
    const std::size_t sign = f.name.find_first_not_of("+-");
    if (sign == std::string::npos) continue;
    f.begin += static_cast<std::uint32_t>(sign);
    f.name = f.name.substr(sign);
    any = true;
    if (!wildcard(f)) facts.reads.push_back(std::move(f));
  }
  if (!any && facts.issues.empty()) missing(facts, "sort needs fields");
}

void read_head(ArgCursor& args, CommandFacts& facts) {
  while (!args.done()) {
    if (args.at_option()) {
      const Token key = *args.peek();
      std::string name, value;
      Token value_token;
      args.option(name, value, value_token);
      if (iequals(name, "limit") && is_count(value)) {
        facts.limit =
            ResultLimit{std::strtoull(value.c_str(), nullptr, 10), key.begin, value_token.end};
      } else if (!iequals(name, "null") && !iequals(name, "keeplast") && !iequals(name, "limit")) {
        add_issue(facts, "unknown_option", key, "no option `" + name + "` for head");
      }
      continue;
    }
    const Token& t = *args.peek();
    if (t.kind == TokenKind::kWord && is_count(args.text(t))) {
      args.next();
      facts.limit = ResultLimit{std::strtoull(std::string(args.text(t)).c_str(), nullptr, 10),
                                t.begin, t.end};
      continue;
    }
    if (t.kind == TokenKind::kLParen) {  // head (expression)
      const std::vector<Token> tokens = rest_as_expression(args);
      read_expression(tokens, args.source(), facts);
      return;
    }
    add_issue(facts, "bad_argument", t,
              "head takes a count, limit=, null=, keeplast= or (expression)");
    args.next();
  }
}

void read_bin(ArgCursor& args, CommandFacts& facts) {
  read_options(args, facts, {"span", "bins", "minspan", "start", "end", "aligntime"});
  if (args.done() || !is_name(*args.peek())) {
    missing(facts, "bin needs a field");
    return;
  }
  FieldRef f = args.field(args.next());
  facts.reads.push_back(f);
  if (args.is_word("as") && args.peek(1) != nullptr && is_name(*args.peek(1))) {
    args.next();
    facts.creates.push_back(args.field(args.next()));
  }
  read_options(args, facts, {"span", "bins", "minspan", "start", "end", "aligntime"});
  while (!args.done()) {
    const Token& t = args.next();
    add_issue(facts, "unexpected_token", t,
              "`" + std::string(args.text(t)) + "` after bin's field");
  }
}

void read_fillnull(ArgCursor& args, CommandFacts& facts) {
  read_options(args, facts, {"value"});
  // fillnull creates the fields it names when they are missing.
  for (FieldRef& f : field_list(args, facts)) {
    if (!wildcard(f)) facts.creates.push_back(std::move(f));
  }
}

void read_makemv(ArgCursor& args, CommandFacts& facts) {
  read_options(args, facts, {"delim", "tokenizer", "allowempty", "setsv"});
  std::vector<FieldRef> fields = field_list(args, facts);
  if (fields.size() != 1) {
    missing(facts, "makemv takes one field");
  }
  read_all(facts, fields);
}

void read_mvexpand(ArgCursor& args, CommandFacts& facts) {
  if (args.done() || !is_name(*args.peek())) {
    missing(facts, "mvexpand needs a field");
    return;
  }
  facts.reads.push_back(args.field(args.next()));
  read_options(args, facts, {"limit"});
  while (!args.done()) {
    const Token& t = args.next();
    add_issue(facts, "unexpected_token", t,
              "`" + std::string(args.text(t)) + "` after mvexpand's field");
  }
}

// convert only reformats the values of fields that exist (a missing field stays missing, the
// results do not change): its fields are not references the search depends on. `AS` names
// are created.
void read_convert(ArgCursor& args, CommandFacts& facts) {
  read_options(args, facts, {"timeformat"});
  while (!args.done()) {
    const Token& t = args.next();
    if (t.kind != TokenKind::kWord || !args.is_kind(TokenKind::kLParen)) continue;
    while (!args.done() && args.next().kind != TokenKind::kRParen) {
    }
    if (args.is_word("as") && args.peek(1) != nullptr && is_name(*args.peek(1))) {
      args.next();
      facts.creates.push_back(args.field(args.next()));
    }
  }
}

}  // namespace groundgate::filters::spl
