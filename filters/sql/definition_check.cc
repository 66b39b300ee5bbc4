// Definitions the question uses (glossary.h), applied as defined.
//
// A definition applies when the question uses its phrase. Its expression says what the query
// must do:
// - conditions (`population > 150000`, `gender = 'F'`): the query filters the same column
//   the same way with the same values; a filter on the column with another operator or value
//   is definition_mismatch, no filter on a column the query never reads is
//   definition_ignored;
// - an extremum (`MAX(salary)`): the query takes it (max(), or ORDER BY ... DESC LIMIT); the
//   other end (min(), ORDER BY ... ASC LIMIT) is definition_mismatch; the column unread is
//   definition_ignored;
// - columns alone (`first_name, last_name` for "full name"): the query reads one of them, or
//   it is definition_ignored.
#include <algorithm>
#include <cmath>

#include "filters/sql/glossary.h"
#include "filters/sql/intent_rules.h"
#include "filters/sql/name_distance.h"

namespace groundgate::filters::sql {
namespace {

struct Extremum {
  Aggregate aggregate = Aggregate::kNone;
  std::string column;
};

struct ParsedDefinition {
  std::vector<Predicate> conditions;
  std::vector<Extremum> extrema;
  std::vector<std::string> columns;  // schema columns the expression names
  bool other_calls = false;          // arithmetic or functions beyond MIN/MAX
};

ParsedDefinition parse(const Definition& d, const SchemaDatabase& schema) {
  ParsedDefinition out;
  const std::vector<Token> tokens = lex_sql(d.expression, 512);
  const NamesSomething names = [&](std::string_view w) {
    return names_a_column_or_table(w, schema);
  };
  out.conditions = find_predicates(d.expression, tokens, names);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind != TokenKind::kWord && t.kind != TokenKind::kQuoted) continue;
    const bool call = i + 1 < tokens.size() && tokens[i + 1].text(d.expression) == "(";
    if (call) {
      const bool max = t.is(d.expression, "max");
      if ((max || t.is(d.expression, "min")) && i + 2 < tokens.size()) {
        std::size_t arg = i + 2;
        if (arg + 2 < tokens.size() && tokens[arg + 1].text(d.expression) == ".") arg += 2;
        out.extrema.push_back(
            {max ? Aggregate::kMax : Aggregate::kMin, unquote(tokens[arg], d.expression)});
      } else {
        out.other_calls = true;
      }
      continue;
    }
    const std::string name = unquote(t, d.expression);
    if (!names_a_column_or_table(name, schema) || schema.find_table(name) != nullptr) continue;
    if (std::none_of(out.columns.begin(), out.columns.end(),
                     [&](const std::string& c) { return same_name(c, name); })) {
      out.columns.push_back(name);
    }
  }
  return out;
}

bool same_value(const Literal& a, const Literal& b) {
  double x = 0, y = 0;
  if (a.number && b.number && parse_number(a.value, x) && parse_number(b.value, y)) {
    return std::fabs(x - y) < 1e-9;
  }
  return fold_name(a.value) == fold_name(b.value);
}

bool same_condition(const Predicate& want, const Predicate& got) {
  const auto equality = [](const Predicate& p) { return p.op == "=" || p.op == "in"; };
  if (want.op != got.op && !(equality(want) && equality(got))) return false;
  if (equality(want)) {  // `x = 'a'` and `x IN ('a', 'b')`: every wanted value is there
    return std::all_of(want.values.begin(), want.values.end(), [&](const Literal& w) {
      return std::any_of(got.values.begin(), got.values.end(),
                         [&](const Literal& g) { return same_value(w, g); });
    });
  }
  return want.values.size() == got.values.size() &&
         std::equal(want.values.begin(), want.values.end(), got.values.begin(), same_value);
}

bool reads_column(const IntentInput& in, std::string_view column) {
  for (const Token& t : in.tokens) {
    if ((t.kind == TokenKind::kWord || t.kind == TokenKind::kQuoted) &&
        same_name(unquote(t, in.sql), column)) {
      return true;
    }
  }
  return false;
}

std::string defined_as(const Definition& d) {
  return quoted_phrase(d.phrase) + " is defined as `" + d.expression + "`";
}

Span statement_span(const IntentInput& in) {
  const SelectCore* top = in.shape->top();
  if (top != nullptr && !top->where.empty()) return top->where;
  return {in.statement_begin, in.statement_end};
}

// False when a finding was made.
bool conditions_applied(const IntentInput& in, const Definition& d, const ParsedDefinition& p,
                        SqlVerdict& verdict) {
  for (const Predicate& want : p.conditions) {
    const Predicate* other = nullptr;
    bool applied = false;
    for (const Predicate& got : in.predicates) {
      if (!same_name(got.column, want.column)) continue;
      if (same_condition(want, got)) {
        applied = true;
        break;
      }
      if (other == nullptr) other = &got;
    }
    if (applied) continue;
    if (other != nullptr) {
      add_intent_finding(
          verdict, "definition_mismatch",
          defined_as(d) + "; the query has " + query_text(in, other->begin, other->end),
          other->begin, other->end);
      return false;
    }
    if (!reads_column(in, want.column)) {
      const Span s = statement_span(in);
      add_intent_finding(verdict, "definition_ignored",
                         defined_as(d) + "; the query never filters on `" + want.column + "`",
                         s.begin, s.end);
      return false;
    }
  }
  return true;
}

void extremum_applied(const IntentInput& in, const Definition& d, const Extremum& want,
                      SqlVerdict& verdict) {
  const Aggregate other = want.aggregate == Aggregate::kMax ? Aggregate::kMin : Aggregate::kMax;
  const auto& cores = in.shape->cores();
  const ValueExpr* wrong = nullptr;
  for (std::size_t i = 0; i < cores.size(); ++i) {
    const SelectCore& c = cores[i];
    const auto on_column = [&](const ValueExpr& v) {
      return std::any_of(v.columns.begin(), v.columns.end(),
                         [&](const ColumnRef& r) { return same_name(r.column, want.column); });
    };
    for (const ValueExpr& v : c.items) {
      if (!on_column(v)) continue;
      if (std::find(v.aggregates.begin(), v.aggregates.end(), want.aggregate) !=
          v.aggregates.end()) {
        return;
      }
      if (std::find(v.aggregates.begin(), v.aggregates.end(), other) != v.aggregates.end()) {
        wrong = &v;
      }
    }
    if (!c.order_by.empty() && c.limit && on_column(c.order_by.front().value)) {
      const bool descending = c.order_by.front().descending;
      if (descending == (want.aggregate == Aggregate::kMax)) return;
      if (wrong == nullptr) wrong = &c.order_by.front().value;
    }
  }
  // `salary = (SELECT max(salary) ...)`: the call is there, in a subquery.
  if (in.shape->calls(want.aggregate) && wrong == nullptr) return;
  if (wrong != nullptr) {
    add_intent_finding(verdict, "definition_mismatch",
                       defined_as(d) + "; the query takes " +
                           query_text(in, wrong->begin, wrong->end) + " the other way",
                       wrong->begin, wrong->end);
    return;
  }
  if (!reads_column(in, want.column)) {
    const Span s = statement_span(in);
    add_intent_finding(verdict, "definition_ignored",
                       defined_as(d) + "; the query never reads `" + want.column + "`", s.begin,
                       s.end);
  }
}

}  // namespace

void check_definitions(const IntentInput& in, SqlVerdict& verdict) {
  if (in.glossary == nullptr || in.glossary->empty() || !has_question(in)) return;
  for (const Definition& d : in.glossary->definitions()) {
    if (d.phrase.empty() || !in.terms->mentions_value(d.phrase)) continue;
    const ParsedDefinition p = parse(d, *in.schema);
    if (!p.conditions.empty()) {
      if (!conditions_applied(in, d, p, verdict)) return;
      continue;
    }
    if (!p.extrema.empty() && !p.other_calls) {
      extremum_applied(in, d, p.extrema.front(), verdict);
      continue;
    }
    if (p.other_calls || p.columns.empty()) continue;
    if (std::any_of(p.columns.begin(), p.columns.end(),
                    [&](const std::string& c) { return reads_column(in, c); })) {
      continue;
    }
    const Span s{in.statement_begin, in.statement_end};
    add_intent_finding(verdict, "definition_ignored",
                       defined_as(d) + "; the query reads none of its columns", s.begin, s.end);
  }
}

}  // namespace groundgate::filters::sql
