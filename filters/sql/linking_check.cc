#include "filters/sql/linking_check.h"

#include <algorithm>
#include <cmath>

#include "filters/sql/name_distance.h"

namespace groundgate::filters::sql {
namespace {

// The question's value is in the query: among its literals, as a number or inside a string
// ('2014-05-01' holds 2014; LIKE '%West%' holds West).
bool used(const QuestionValue& v, std::span<const Literal> literals) {
  for (const Literal& l : literals) {
    double n = 0;
    if (v.number && l.number && parse_number(l.value, n) &&
        std::fabs(std::fabs(n) - std::fabs(v.numeric)) < 1e-9) {
      return true;
    }
    if (l.number) continue;
    const std::string text = fold_name(l.value);
    const std::string pattern = pattern_text(l.value);
    if (text.find(v.text) != std::string::npos) return true;
    if (!pattern.empty() && v.text.find(pattern) != std::string::npos) return true;
  }
  return false;
}

bool linked(const Predicate& p, const QuestionTerms& q) {
  if (q.mentions_name(p.column)) return true;
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
    if (used(v, in.literals)) continue;
    Finding f;
    f.check = Check::kLinking;
    f.type = FindingType::kLinking;
    f.label = Label::kUnsupported;
    f.code = "question_value_ignored";
    f.reason = "the question names " + (v.number ? v.text : "\"" + v.text + "\"") +
               "; the query never uses it";
    f.begin = in.statement_begin;
    f.end = in.statement_end;
    add_finding(verdict, std::move(f));
  }
  for (const Predicate& p : in.predicates) {
    if (linked(p, *in.question)) continue;
    Finding f;
    f.check = Check::kLinking;
    f.type = FindingType::kLinking;
    f.label = Label::kUnsupported;
    f.code = "unasked_filter";
    f.reason = "filters on `" + p.column + "` " + p.op + " " + quoted_values(p) +
               ", which the question does not mention";
    f.begin = p.begin;
    f.end = p.end;
    add_finding(verdict, std::move(f));
  }
  report.state = verdict.findings.size() > before ? CheckState::kFailed : CheckState::kPassed;
}

}  // namespace groundgate::filters::sql
