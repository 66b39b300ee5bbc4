#include "filters/sql/linking_check.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "filters/sql/glossary.h"
#include "filters/sql/intent_kinds.h"
#include "filters/sql/name_distance.h"

namespace groundgate::filters::sql {
namespace {

bool same_number(double a, double b) {
  return std::fabs(std::fabs(a) - std::fabs(b)) < 1e-9;
}

// A number literal says the question's number: the same, or its strict form ("at least 3" is
// `> 2`, "at most 3" is `< 4`).
bool says_number(const Literal& l, double question) {
  double n = 0;
  if (!l.number || !parse_number(l.value, n)) return false;
  if (same_number(n, question)) return true;
  return (l.compared_by == ">" && same_number(n + 1, question)) ||
         (l.compared_by == "<" && same_number(n - 1, question));
}

// The number is a part of a name the query uses (`zeile_1` for "line 1").
bool in_a_name(std::string_view number, std::string_view sql, std::span<const Token> tokens) {
  for (const Token& t : tokens) {
    if (t.kind != TokenKind::kWord && t.kind != TokenKind::kQuoted) continue;
    const std::string_view name = t.text(sql);
    for (std::size_t at = name.find(number); at != std::string_view::npos;
         at = name.find(number, at + 1)) {
      const bool digit_before = at > 0 && std::isdigit(static_cast<unsigned char>(name[at - 1]));
      const std::size_t after = at + number.size();
      const bool digit_after =
          after < name.size() && std::isdigit(static_cast<unsigned char>(name[after]));
      if (!digit_before && !digit_after) return true;
    }
  }
  return false;
}

// The question's value is in the query: among its literals, as a number or inside a string
// ('2014-05-01' holds 2014; LIKE '%West%' holds West), or a number in a name it uses.
bool used(const QuestionValue& v, std::span<const Literal> literals, std::string_view sql,
          std::span<const Token> tokens) {
  if (v.number && in_a_name(v.text, sql, tokens)) return true;
  for (const Literal& l : literals) {
    if (v.number && says_number(l, v.numeric)) return true;
    if (l.number) continue;
    const std::string text = fold_name(l.value);
    const std::string pattern = pattern_text(l.value);
    if (text.find(v.text) != std::string::npos) return true;
    if (!pattern.empty() && v.text.find(pattern) != std::string::npos) return true;
  }
  return false;
}

// A number a column is compared with by <, <=, >, >= or BETWEEN: a threshold, which questions
// state by an adjective their data defines ("major city" is population > 150000 in GeoQuery);
// not judged here. Definitions in the request make it checkable (the intent check's
// definition_ignored and definition_mismatch).
bool threshold(const Predicate& p) {
  const bool range = p.op == "<" || p.op == "<=" || p.op == ">" || p.op == ">=" ||
                     p.op == "between" || p.op == "not between";
  return range &&
         std::all_of(p.values.begin(), p.values.end(), [](const Literal& l) { return l.number; });
}

bool linked(const Predicate& p, const QuestionTerms& q, const Glossary* glossary) {
  if (q.mentions_name(p.column)) return true;
  if (glossary != nullptr && glossary->defines_column(p.column, q)) return true;
  return std::all_of(p.values.begin(), p.values.end(), [&](const Literal& l) {
    double n = 0;
    if (l.number && parse_number(l.value, n)) return q.mentions_number(n);
    return q.mentions_value(l.value);
  });
}

std::string quoted_values(const Predicate& p) {
  std::string out;
  for (const Literal& l : p.values) {
    if (!out.empty()) out += ", ";
    out += l.sql;
  }
  return out;
}

}  // namespace

void check_linking(const LinkingInput& in, SqlVerdict& verdict) {
  CheckReport& report = verdict.report(Check::kLinking);
  if (in.question == nullptr || in.question->empty()) {
    report.state = CheckState::kSkipped;
    report.note = "no_question";
    return;
  }
  const std::size_t before = verdict.findings.size();
  for (const QuestionValue& v : in.question->values()) {
    if (used(v, in.literals, in.sql, in.tokens)) continue;
    Finding f;
    f.check = Check::kLinking;
    f.type = FindingType::kLinking;
    f.label = Label::kUnsupported;
    f.code = "question_value_ignored";
    f.annotate_only = intent_kind(f.code)->annotate_only;
    f.reason = "the question names " + (v.number ? v.text : "\"" + v.text + "\"") +
               "; the query never uses it";
    f.begin = in.statement_begin;
    f.end = in.statement_end;
    add_finding(verdict, std::move(f));
  }
  for (const Predicate& p : in.predicates) {
    if (threshold(p) || linked(p, *in.question, in.glossary)) continue;
    Finding f;
    f.check = Check::kLinking;
    f.type = FindingType::kLinking;
    f.label = Label::kUnsupported;
    f.code = "unasked_filter";
    f.annotate_only = intent_kind(f.code)->annotate_only;
    f.reason = "filters on `" + p.column + "` " + p.op + " " + quoted_values(p) +
               ", which the question does not mention";
    f.begin = p.begin;
    f.end = p.end;
    add_finding(verdict, std::move(f));
  }
  report.state = verdict.findings.size() > before ? CheckState::kFailed : CheckState::kPassed;
}

}  // namespace groundgate::filters::sql
