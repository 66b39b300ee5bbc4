// Comparison operators and negation as the question asks for them.
//
// Rules:
// - comparison_direction: "more than 3" (greater), "under 30" (less), "at least 5", "at most
//   5" and the query compares that number the other way round (`< 3` for "more than 3") or
//   by equality;
// - comparison_inclusive: the same number compared the right way but with the boundary in
//   or out against the words ("more than 3" as `>= 3`, "at least 5" as `> 5`). The boundary
//   moved by one is the same condition on whole numbers (`> 2` for "at least 3"): no finding;
//   nor is a bound of BETWEEN ("more than 3000 and less than 4000" is often written so).
//   A comparison where the query turns a condition's truth round (inside NOT IN (...), NOT
//   EXISTS (...), after EXCEPT) may say the condition or its opposite: "not more than 1000"
//   is `NOT IN (... > 1000)` as well as `<= 1000`, and "no museum opened after 2010" is
//   `NOT IN (... > 2010)`; either way fits there.
// - negation_unasked: a value the question names is negated (`!=`, NOT IN, NOT LIKE) and no
//   negation word is in the question;
// - negation_missing: the question negates ("not", "without", "kein", "ohne") and the query
//   has no negation at all: no NOT, `!=`, EXCEPT, IS NULL, and no value that says no ('N',
//   'F', 'no', 0, false).
#include <algorithm>
#include <array>
#include <cmath>

#include "filters/sql/intent_rules.h"
#include "filters/sql/name_distance.h"

namespace groundgate::filters::sql {
namespace {

// A number of the query and the comparison it is in, read as `column <op> number`.
struct NumberUse {
  double value = 0;
  std::string op;        // > >= < <= = !=
  bool between = false;  // a bound of BETWEEN: "between", "from ... to" leave the bounds vague
  bool turned = false;   // in a scope where the query negates (negated_scopes())
  std::size_t begin = 0;
  std::size_t end = 0;  // the comparison's operator and number
};

std::string mirrored(std::string_view op) {
  if (op == ">") return "<";
  if (op == "<") return ">";
  if (op == ">=") return "<=";
  if (op == "<=") return ">=";
  return std::string(op);
}

std::string normalized(std::string_view op) {
  if (op == "==") return "=";
  if (op == "<>") return "!=";
  return std::string(op);
}

// The comparison that holds where `op` does not (`>` and `<=`).
std::string opposite(std::string_view op) {
  if (op == ">") return "<=";
  if (op == "<=") return ">";
  if (op == "<") return ">=";
  if (op == ">=") return "<";
  if (op == "=") return "!=";
  if (op == "!=") return "=";
  return std::string(op);
}

// Per token: whether the query turns the truth of a condition there round, an odd number of
// times: inside the parentheses of NOT IN (...) or NOT EXISTS (...), or after EXCEPT up to
// the end of the parentheses it is in.
std::vector<bool> negated_scopes(const IntentInput& in) {
  const auto& t = in.tokens;
  struct Scope {
    bool negates = false;  // the parentheses of NOT IN / NOT EXISTS
    bool except = false;   // an EXCEPT seen in them
  };
  std::vector<Scope> open{Scope{}};
  bool odd = false;  // kept as the parity of every open scope's negates != except
  std::vector<bool> out(t.size(), false);
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i].kind == TokenKind::kPunctuation && t[i].text(in.sql) == "(") {
      const bool after_not = i >= 2 && t[i - 2].is(in.sql, "not") &&
                             (t[i - 1].is(in.sql, "in") || t[i - 1].is(in.sql, "exists"));
      open.push_back(Scope{after_not, false});
      odd = odd != after_not;
    } else if (t[i].kind == TokenKind::kPunctuation && t[i].text(in.sql) == ")" &&
               open.size() > 1) {
      odd = odd != (open.back().negates != open.back().except);
      open.pop_back();
    } else if (t[i].kind == TokenKind::kWord && t[i].is(in.sql, "except") && !open.back().except) {
      open.back().except = true;
      odd = !odd;
    }
    out[i] = odd;
  }
  return out;
}

bool comparison(std::string_view op) {
  static constexpr std::array<std::string_view, 8> kOps{"=", "==", "!=", "<>",
                                                        "<", "<=", ">",  ">="};
  return std::find(kOps.begin(), kOps.end(), op) != kOps.end();
}

std::vector<NumberUse> number_uses(const IntentInput& in) {
  std::vector<NumberUse> out;
  const auto& t = in.tokens;
  const std::vector<bool> turned = negated_scopes(in);
  const auto op_at = [&](std::size_t i) {
    return i < t.size() && t[i].kind == TokenKind::kOperator && comparison(t[i].text(in.sql));
  };
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i].kind != TokenKind::kNumber) continue;
    double value = 0;
    if (!parse_number(t[i].text(in.sql), value)) continue;
    std::size_t before = i;  // a sign belongs to the number
    if (i > 0 && t[i - 1].kind == TokenKind::kOperator &&
        (t[i - 1].text(in.sql) == "-" || t[i - 1].text(in.sql) == "+") && op_at(i - 2)) {
      if (t[i - 1].text(in.sql) == "-") value = -value;
      before = i - 1;
    }
    NumberUse use;
    use.value = value;
    use.begin = t[i].begin;
    use.end = t[i].end;
    if (before > 0 && op_at(before - 1)) {
      use.op = normalized(t[before - 1].text(in.sql));
      use.begin = t[before - 1].begin;
    } else if (op_at(i + 1)) {
      use.op = mirrored(normalized(t[i + 1].text(in.sql)));
      use.end = t[i + 1].end;
    } else if (before > 0 && t[before - 1].is(in.sql, "between") &&
               !(before > 1 && t[before - 2].is(in.sql, "not"))) {
      use.op = ">=";
      use.between = true;
    } else if (before > 2 && t[before - 1].is(in.sql, "and") &&
               t[before - 3].is(in.sql, "between")) {
      use.op = "<=";
      use.between = true;
    } else {
      continue;
    }
    use.turned = turned[i];
    out.push_back(std::move(use));
  }
  return out;
}

bool same(double a, double b) {
  return std::fabs(a - b) < 1e-9;
}

// The use says what the cue asks for `n`, the boundary moved by one for whole numbers.
bool consistent_op(CueKind kind, const NumberUse& u, double n) {
  switch (kind) {
    case CueKind::kGreater:
      return (u.op == ">" && same(u.value, n)) || (u.op == ">=" && same(u.value, n + 1));
    case CueKind::kAtLeast:
      return (u.op == ">=" && same(u.value, n)) || (u.op == ">" && same(u.value, n - 1));
    case CueKind::kLess:
      return (u.op == "<" && same(u.value, n)) || (u.op == "<=" && same(u.value, n - 1));
    case CueKind::kAtMost:
      return (u.op == "<=" && same(u.value, n)) || (u.op == "<" && same(u.value, n + 1));
    default:
      return true;
  }
}

// consistent_op(), or, where the query negates, its opposite.
bool consistent(CueKind kind, const NumberUse& u, double n) {
  if (consistent_op(kind, u, n)) return true;
  if (!u.turned) return false;
  NumberUse opposed = u;
  opposed.op = opposite(u.op);
  return consistent_op(kind, opposed, n);
}

bool upward(CueKind kind) {
  return kind == CueKind::kGreater || kind == CueKind::kAtLeast;
}

std::string_view wanted_op(CueKind kind) {
  switch (kind) {
    case CueKind::kGreater:
      return ">";
    case CueKind::kAtLeast:
      return ">=";
    case CueKind::kLess:
      return "<";
    case CueKind::kAtMost:
      return "<=";
    default:
      return "";
  }
}

void comparisons(const IntentInput& in, SqlVerdict& verdict) {
  const std::vector<NumberUse> uses = number_uses(in);
  for (const Cue& cue : in.intent->cues()) {
    if (!is_comparison(cue.kind) || !cue.number) continue;
    const double n = *cue.number;
    const auto near = [&](const NumberUse& u) {
      return same(u.value, n) || same(u.value, n + 1) || same(u.value, n - 1);
    };
    if (std::any_of(uses.begin(), uses.end(),
                    [&](const NumberUse& u) { return near(u) && consistent(cue.kind, u, n); })) {
      continue;
    }
    const auto wrong = std::find_if(uses.begin(), uses.end(),
                                    [&](const NumberUse& u) { return same(u.value, n); });
    if (wrong == uses.end()) continue;
    const bool right_way = (upward(cue.kind) && (wrong->op == ">" || wrong->op == ">=")) ||
                           (!upward(cue.kind) && (wrong->op == "<" || wrong->op == "<="));
    if (right_way && wrong->between) continue;
    add_intent_finding(verdict, right_way ? "comparison_inclusive" : "comparison_direction",
                       quoted_phrase(cue.phrase) + " asks for `" +
                           std::string(wanted_op(cue.kind)) + "`; the query compares " +
                           query_text(in, wrong->begin, wrong->end),
                       wrong->begin, wrong->end);
  }
}

// A value that says "no" by itself: a flag column's negative.
bool negative_value(std::string_view value) {
  static constexpr std::array<std::string_view, 8> kNo{"n",     "f", "no",   "nein",
                                                       "false", "0", "none", "keine"};
  const std::string v = fold_name(value);
  return std::find(kNo.begin(), kNo.end(), v) != kNo.end();
}

bool query_negates(const IntentInput& in) {
  const auto& t = in.tokens;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i].kind == TokenKind::kWord && (t[i].is(in.sql, "not") || t[i].is(in.sql, "except"))) {
      return true;
    }
    if (t[i].kind == TokenKind::kOperator &&
        (t[i].text(in.sql) == "!=" || t[i].text(in.sql) == "<>")) {
      return true;
    }
    if (t[i].is(in.sql, "is") && i + 1 < t.size() && t[i + 1].is(in.sql, "null")) return true;
  }
  return std::any_of(in.literals.begin(), in.literals.end(),
                     [](const Literal& l) { return negative_value(l.value); });
}

bool negated(const Predicate& p) {
  return p.op == "!=" || p.op.starts_with("not ");
}

void negation(const IntentInput& in, SqlVerdict& verdict) {
  const Cue* cue = in.intent->first(CueKind::kNegation);
  if (cue == nullptr) {
    for (const Predicate& p : in.predicates) {
      if (!negated(p)) continue;
      const bool named = std::any_of(p.values.begin(), p.values.end(), [&](const Literal& l) {
        double n = 0;
        if (l.number && parse_number(l.value, n)) return in.terms->mentions_number(n);
        return !l.number && in.terms->mentions_value(l.value);
      });
      if (!named) continue;
      add_intent_finding(verdict, "negation_unasked",
                         "the question asks for " +
                             std::string(p.values.size() == 1 ? "" : "one of ") +
                             p.values.front().sql + " without negating it; the query has " +
                             query_text(in, p.begin, p.end),
                         p.begin, p.end);
      return;
    }
    return;
  }
  if (query_negates(in)) return;
  const SelectCore* top = in.shape->top();
  const Span where = top != nullptr && !top->where.empty()
                         ? top->where
                         : Span{in.statement_begin, in.statement_end};
  add_intent_finding(verdict, "negation_missing",
                     quoted_phrase(cue->phrase) +
                         " negates; the query has no NOT, `!=`, EXCEPT "
                         "or IS NULL",
                     where.begin, where.end);
}

}  // namespace

void check_comparisons(const IntentInput& in, SqlVerdict& verdict) {
  if (!has_question(in)) return;
  comparisons(in, verdict);
  negation(in, verdict);
}

}  // namespace groundgate::filters::sql
