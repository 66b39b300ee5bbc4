#include "filters/sql/schema_check.h"

#include <algorithm>
#include <optional>

#include "filters/sql/edited_text.h"
#include "filters/sql/meaning_suggestion.h"
#include "filters/sql/name_distance.h"
#include "filters/sql/query_names.h"

namespace groundgate::filters::sql {
namespace {

constexpr int kMaxRounds = 8;

enum class ErrorKind : std::uint8_t {
  kUnknownTable,
  kUnknownColumn,
  kUnknownFunction,
  kAmbiguousColumn,
  kFunctionArguments,
  kSyntax,
  kInvalid,
};

struct ParsedError {
  ErrorKind kind = ErrorKind::kInvalid;
  std::string name;  // the name SQLite quotes, qualifier included ("e.salry")
};

std::optional<std::string_view> after_prefix(std::string_view message, std::string_view prefix) {
  if (!message.starts_with(prefix)) return std::nullopt;
  return message.substr(prefix.size());
}

ParsedError parse_error(std::string_view message) {
  if (auto rest = after_prefix(message, "no such table: ")) {
    std::string_view name = *rest;
    if (name.starts_with("main.")) name.remove_prefix(5);
    return {ErrorKind::kUnknownTable, std::string(name)};
  }
  if (auto rest = after_prefix(message, "no such column: ")) {
    return {ErrorKind::kUnknownColumn, std::string(*rest)};
  }
  if (auto rest = after_prefix(message, "no such function: ")) {
    return {ErrorKind::kUnknownFunction, std::string(*rest)};
  }
  if (auto rest = after_prefix(message, "ambiguous column name: ")) {
    return {ErrorKind::kAmbiguousColumn, std::string(*rest)};
  }
  if (auto rest = after_prefix(message, "wrong number of arguments to function ")) {
    std::string_view name = *rest;
    if (name.ends_with("()")) name.remove_suffix(2);
    return {ErrorKind::kFunctionArguments, std::string(name)};
  }
  if (message.find("syntax error") != std::string_view::npos || message == "incomplete input" ||
      message.starts_with("unrecognized token")) {
    return {ErrorKind::kSyntax, {}};
  }
  return {ErrorKind::kInvalid, {}};
}

std::string_view code_of(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kUnknownTable:
      return "unknown_table";
    case ErrorKind::kUnknownColumn:
      return "unknown_column";
    case ErrorKind::kUnknownFunction:
      return "unknown_function";
    case ErrorKind::kAmbiguousColumn:
      return "ambiguous_column";
    case ErrorKind::kFunctionArguments:
      return "function_arguments";
    case ErrorKind::kSyntax:
      return "syntax_error";
    case ErrorKind::kInvalid:
      return "invalid_query";
  }
  return "invalid_query";
}

// Names that depend on the schema: without one, they cannot be judged.
bool needs_schema(ErrorKind kind) {
  return kind == ErrorKind::kUnknownTable || kind == ErrorKind::kUnknownColumn ||
         kind == ErrorKind::kAmbiguousColumn;
}

std::string backticked(std::string_view name) {
  return "`" + std::string(name) + "`";
}

// The span of the name an error is about, in `sql`: from SQLite's offset when it gives one,
// else the first token (or qualified pair) spelling the name within the statement.
struct Span {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t name_begin = 0;  // the last part of a qualified name
};

std::optional<Span> find_span(std::string_view sql, std::span<const Token> tokens,
                              const PreparedStatement& s, const ParsedError& e) {
  const std::string_view name = e.name;
  const std::size_t dot = e.kind == ErrorKind::kUnknownColumn ? name.find('.') : name.npos;
  const std::string qualifier(dot == name.npos ? "" : name.substr(0, dot));
  const std::string last(dot == name.npos ? name : name.substr(dot + 1));
  const auto matches_at = [&](std::size_t i) -> std::optional<Span> {
    const Token& t = tokens[i];
    if (t.kind != TokenKind::kWord && t.kind != TokenKind::kQuoted) return std::nullopt;
    if (qualifier.empty()) {
      if (!same_name(identifier_of(t, sql), last)) return std::nullopt;
      return Span{t.begin, t.end, t.begin};
    }
    if (i + 2 >= tokens.size() || !same_name(identifier_of(t, sql), qualifier) ||
        tokens[i + 1].text(sql) != "." || !same_name(identifier_of(tokens[i + 2], sql), last)) {
      return std::nullopt;
    }
    return Span{t.begin, tokens[i + 2].end, tokens[i + 2].begin};
  };
  if (s.error_offset >= 0) {
    const auto at = static_cast<std::size_t>(s.error_offset);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      if (tokens[i].begin != at) continue;
      if (name.empty()) return Span{tokens[i].begin, tokens[i].end, tokens[i].begin};
      if (auto span = matches_at(i)) return span;
      break;
    }
  }
  if (name.empty()) return std::nullopt;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].begin < s.begin || tokens[i].end > s.end) continue;
    if (auto span = matches_at(i)) return span;
  }
  return std::nullopt;
}

std::vector<std::string> column_names(std::span<const Table* const> tables) {
  std::vector<std::string> out;
  for (const Table* t : tables) {
    for (const Column& c : t->columns)
      out.push_back(c.name);
  }
  return out;
}

// The tables of the schema that have `column`, by name.
std::string tables_having(const SchemaDatabase& schema, std::string_view column) {
  std::string out;
  for (const Table& t : schema.tables()) {
    if (t.find_column(column) == nullptr) continue;
    if (!out.empty()) out += ", ";
    out += backticked(t.name);
  }
  return out;
}

// The tables whose columns may be meant: those the qualifier names, else all the query names.
std::vector<const Table*> scope_of(const QueryNames& names, std::string_view qualifier,
                                   const SchemaDatabase& schema) {
  if (!qualifier.empty()) return names.resolve(qualifier);
  std::vector<const Table*> tables;
  for (const TableRef& ref : names.tables()) {
    if (std::find(tables.begin(), tables.end(), ref.table) == tables.end()) {
      tables.push_back(ref.table);
    }
  }
  if (tables.empty()) {
    for (const Table& t : schema.tables())
      tables.push_back(&t);
  }
  return tables;
}

std::string table_list(std::span<const Table* const> tables) {
  std::string out;
  for (const Table* t : tables) {
    if (!out.empty()) out += ", ";
    out += backticked(t->name);
  }
  return out;
}

// One error of one round as a finding (its span in the text that round prepared).
Finding describe(const SchemaCheckInput& input, std::string_view sql, std::span<const Token> tokens,
                 const PreparedStatement& s) {
  const SchemaDatabase& schema = *input.schema;
  const ParsedError e = parse_error(s.message);
  const QueryNames names(sql, tokens, schema);
  Finding f;
  f.check = Check::kSchema;
  f.type = FindingType::kSchema;
  f.label = Label::kContradicted;
  f.code = code_of(e.kind);
  std::optional<Span> span = find_span(sql, tokens, s, e);
  f.begin = span ? span->begin : s.begin;
  f.end = span ? span->end : s.end;
  std::optional<NameSuggestion> suggestion;
  std::size_t replace_from = span ? span->name_begin : f.begin;
  switch (e.kind) {
    case ErrorKind::kUnknownTable: {
      f.reason = "no table " + backticked(e.name);
      suggestion = closest_name(e.name, schema.table_names());
      if (!suggestion) {
        std::vector<NamedThing> tables;
        for (const Table& t : schema.tables())
          tables.push_back({t.name, {}});
        suggestion = closest_by_meaning(e.name, tables, input.lexicon);
      }
      break;
    }
    case ErrorKind::kUnknownColumn: {
      const std::size_t dot = e.name.find('.');
      const std::string qualifier = dot == std::string::npos ? "" : e.name.substr(0, dot);
      const std::string column = dot == std::string::npos ? e.name : e.name.substr(dot + 1);
      const std::vector<const Table*> scope = scope_of(names, qualifier, schema);
      if (!qualifier.empty() && scope.empty()) {
        f.reason = "no table or alias " + backticked(qualifier) + " for " + backticked(e.name);
        break;
      }
      f.reason = "no column " + backticked(column) + " in " + table_list(scope);
      suggestion = closest_name(column, column_names(scope));
      if (!suggestion) {
        std::vector<NamedThing> columns;
        for (const Table* t : scope) {
          for (const Column& c : t->columns)
            columns.push_back({c.name, c.comment});
        }
        suggestion = closest_by_meaning(column, columns, input.lexicon);
      }
      if (!suggestion) {
        const std::string elsewhere = tables_having(schema, column);
        if (!elsewhere.empty()) f.reason += " (it is a column of " + elsewhere + ")";
      }
      break;
    }
    case ErrorKind::kUnknownFunction:
      f.reason = "no function " + backticked(e.name);
      suggestion = closest_name(e.name, schema.function_names());
      break;
    case ErrorKind::kAmbiguousColumn:
      f.reason = "column " + backticked(e.name) + " is in " +
                 table_list(names.tables_with(e.name)) + ": name its table";
      break;
    case ErrorKind::kFunctionArguments:
    case ErrorKind::kSyntax:
    case ErrorKind::kInvalid:
      f.reason = s.message;
      break;
  }
  if (suggestion) {
    f.reason += "; did you mean " + backticked(suggestion->name) + "?";
    if (suggestion->unique && span) {
      f.replacement = quote_identifier(suggestion->name);
      // Only the last part of a qualified name is replaced.
      f.begin = replace_from;
    }
  }
  return f;
}

bool judged(const SchemaCheckInput& input, const PreparedStatement& s) {
  return input.has_schema || !needs_schema(parse_error(s.message).kind);
}

}  // namespace

void check_schema(const SchemaCheckInput& input, const std::vector<PreparedStatement>& statements,
                  SqlVerdict& verdict) {
  EditedText edited(input.sql);
  std::vector<PreparedStatement> round = statements;
  std::vector<Token> round_tokens(input.tokens.begin(), input.tokens.end());
  std::string round_sql(input.sql);
  std::size_t found = 0;
  for (int r = 0; r < kMaxRounds; ++r) {
    bool fixed_any = false;
    for (const PreparedStatement& s : round) {
      if (s.ok() || !judged(input, s)) continue;
      Finding f = describe(input, round_sql, round_tokens, s);
      // Back to the query as written.
      const std::size_t begin = edited.to_original(f.begin);
      const std::size_t end = std::max(begin, edited.to_original(f.end));
      const bool seen =
          std::any_of(verdict.findings.begin(), verdict.findings.end(), [&](const Finding& g) {
            return g.check == Check::kSchema && g.begin == begin && g.code == f.code;
          });
      if (seen) continue;
      f.begin = begin;
      f.end = end;
      if (f.replacement && edited.replace(f.begin, f.end, *f.replacement)) fixed_any = true;
      add_finding(verdict, std::move(f));
      ++found;
    }
    if (!fixed_any) break;
    round_sql = edited.text();
    round_tokens = lex_sql(round_sql);
    round = input.schema->prepare(round_sql, input.prepare);
  }
  CheckReport& report = verdict.report(Check::kSchema);
  report.state = found > 0 ? CheckState::kFailed : CheckState::kPassed;
  if (!input.has_schema) report.note = "no_schema";
}

void check_quoted_strings(const SchemaCheckInput& input, SqlVerdict& verdict) {
  if (!input.has_schema || !input.prepare.double_quoted_strings) return;
  const QueryNames names(input.sql, input.tokens, *input.schema);
  std::vector<const Table*> scope;
  for (const TableRef& ref : names.tables()) {
    if (std::find(scope.begin(), scope.end(), ref.table) == scope.end()) scope.push_back(ref.table);
  }
  if (scope.empty()) return;
  const std::vector<std::string> columns = column_names(scope);
  for (std::size_t i = 0; i < input.tokens.size(); ++i) {
    const Token& t = input.tokens[i];
    if (t.kind != TokenKind::kQuoted || t.quote != '"') continue;
    // A qualified name's part names something by its position.
    if (i > 0 && input.tokens[i - 1].text(input.sql) == ".") continue;
    if (i + 1 < input.tokens.size() && input.tokens[i + 1].text(input.sql) == ".") continue;
    const std::string word = unquote(t, input.sql);
    if (word.empty() || names.defines(word) || input.schema->find_table(word) != nullptr) continue;
    if (std::any_of(scope.begin(), scope.end(),
                    [&](const Table* table) { return table->find_column(word) != nullptr; })) {
      continue;  // SQLite read it as that column
    }
    const std::optional<NameSuggestion> s = closest_name(word, columns);
    if (!s) continue;
    Finding f;
    f.check = Check::kSchema;
    f.type = FindingType::kSchema;
    f.label = Label::kContradicted;
    f.code = "string_not_column";
    f.reason = "\"" + word + "\" names no column, so SQLite reads it as a string; did you mean " +
               backticked(s->name) + "?";
    f.begin = t.begin;
    f.end = t.end;
    if (s->unique) f.replacement = quote_identifier(s->name);
    add_finding(verdict, std::move(f));
    verdict.report(Check::kSchema).state = CheckState::kFailed;
  }
}

}  // namespace groundgate::filters::sql
