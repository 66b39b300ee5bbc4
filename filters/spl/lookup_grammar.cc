// lookup, inputlookup and rex: commands that name a lookup or extract fields.
//   lookup [local=b] [update=b] [event_time_field=f] NAME (field [AS event_field])...
//          [OUTPUT|OUTPUTNEW (field [AS event_field])...]
//   inputlookup [append=b] [start=n] [max=n] [strict=b] NAME [WHERE terms]
//   rex [field=f] [max_match=n] [offset_field=f] [mode=sed] "regex with (?<name>...)"
#include "filters/spl/grammars.h"
#include "filters/spl/search_terms.h"

namespace groundgate::filters::spl {
namespace {

bool is_name(const Token& t) {
  return t.kind == TokenKind::kWord || t.kind == TokenKind::kString;
}

// `lookup_field [AS event_field]` pairs up to `stop` (a word) or the end.
void field_pairs(ArgCursor& args, CommandFacts& facts, LookupUse& use, bool output,
                 std::string_view stop) {
  while (!args.done() && (stop.empty() || !args.is_word(stop)) && !args.is_word("OUTPUTNEW")) {
    const Token& t = args.next();
    if (t.kind == TokenKind::kComma) continue;
    if (!is_name(t)) {
      add_issue(facts, "unexpected_token", t, "`" + std::string(args.text(t)) + "` in lookup");
      continue;
    }
    FieldRef lookup_side = args.field(t);
    FieldRef event_side = lookup_side;
    if (args.is_word("as") && args.peek(1) != nullptr && is_name(*args.peek(1))) {
      args.next();
      event_side = args.field(args.next());
    }
    use.lookup_fields.push_back(lookup_side);
    if (output) {
      facts.creates.push_back(std::move(event_side));
    } else {
      facts.reads.push_back(std::move(event_side));
    }
  }
}

std::string_view rex_group_name(std::string_view regex, std::size_t& at) {
  // (?<name> or (?P<name>
  while ((at = regex.find("(?", at)) != std::string_view::npos) {
    std::size_t p = at + 2;
    at = p;
    if (p < regex.size() && regex[p] == 'P') ++p;
    if (p >= regex.size() || regex[p] != '<') continue;
    const std::size_t close = regex.find('>', p + 1);
    if (close == std::string_view::npos) return {};
    const std::string_view name = regex.substr(p + 1, close - p - 1);
    if (name.empty() || name.front() == '=' || name.front() == '!') continue;  // lookbehind
    at = close;
    return name;
  }
  return {};
}

}  // namespace

void read_lookup(ArgCursor& args, CommandFacts& facts) {
  read_options(args, facts, {"local", "update", "event_time_field"});
  if (args.done() || !is_name(*args.peek())) {
    facts.issues.push_back({"missing_argument", 0, 0, "lookup needs a lookup name"});
    return;
  }
  const Token& name = args.next();
  LookupUse use{unquote(name, args.source()), name.begin, name.end, {}, true};
  field_pairs(args, facts, use, false, "OUTPUT");
  if (use.lookup_fields.empty()) {
    facts.issues.push_back(
        {"missing_argument", name.begin, name.end, "lookup needs the field to match on"});
  }
  if (args.is_word("OUTPUT") || args.is_word("OUTPUTNEW")) {
    args.next();
    use.all_outputs = false;
    const std::size_t inputs = use.lookup_fields.size();
    field_pairs(args, facts, use, true, "");
    if (use.lookup_fields.size() == inputs) {
      facts.issues.push_back({"missing_argument", name.begin, name.end, "OUTPUT with no field"});
    }
  }
  facts.lookups.push_back(std::move(use));
}

void read_inputlookup(ArgCursor& args, CommandFacts& facts) {
  read_options(args, facts, {"append", "start", "max", "strict"},
               [](std::string_view n, const Token& value, ArgCursor& a, CommandFacts& f) {
                 if (!iequals(n, "append")) return;
                 const std::string v = unquote(value, a.source());
                 f.generating_appends = iequals(v, "t") || iequals(v, "true") || v == "1";
               });
  if (args.done() || !is_name(*args.peek())) {
    facts.issues.push_back({"missing_argument", 0, 0, "inputlookup needs a lookup name"});
    return;
  }
  const Token& name = args.next();
  facts.lookups.push_back({unquote(name, args.source()), name.begin, name.end, {}, true});
  if (args.is_word("where")) {
    args.next();
    read_search_terms(args.rest(), args.source(), facts);
  } else if (!args.done()) {
    add_issue(facts, "unexpected_token", *args.peek(),
              "`" + std::string(args.text(*args.peek())) + "` after the lookup name");
  }
  facts.output = Output::kReplace;
}

void read_rex(ArgCursor& args, CommandFacts& facts) {
  bool sed = false;
  std::string field = "_raw";
  Token field_token{};
  while (args.at_option()) {
    const Token key = *args.peek();
    std::string name, value;
    Token value_token;
    args.option(name, value, value_token);
    if (iequals(name, "field")) {
      field = value;
      field_token = value_token;
    } else if (iequals(name, "mode")) {
      sed = iequals(value, "sed");
    } else if (iequals(name, "offset_field")) {
      facts.creates.push_back({value, value_token.begin, value_token.end, false});
    } else if (!iequals(name, "max_match")) {
      add_issue(facts, "unknown_option", key, "no option `" + name + "` for rex");
    }
  }
  if (args.done() || args.peek()->kind != TokenKind::kString) {
    facts.issues.push_back({"missing_argument", 0, 0, "rex needs a quoted regular expression"});
    return;
  }
  const Token& regex_token = args.next();
  if (field_token.end > 0)
    facts.reads.push_back({field, field_token.begin, field_token.end, false});
  if (!sed) {
    const std::string regex = unquote(regex_token, args.source());
    std::size_t at = 0;
    bool any = false;
    while (true) {
      const std::string_view name = rex_group_name(regex, at);
      if (name.empty()) break;
      any = true;
      facts.creates.push_back({std::string(name), regex_token.begin, regex_token.end, false});
    }
    if (!any) {
      add_issue(facts, "no_named_group", regex_token,
                "rex extracts nothing without a named group (?<name>...)");
    }
  }
  while (!args.done()) {
    const Token& t = args.next();
    add_issue(facts, "unexpected_token", t,
              "`" + std::string(args.text(t)) + "` after rex's regex");
  }
}

}  // namespace groundgate::filters::spl
