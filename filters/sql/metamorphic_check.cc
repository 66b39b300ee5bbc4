#include "filters/sql/metamorphic_check.h"

#include <algorithm>
#include <set>

#include "filters/sql/sql_lexer.h"

namespace groundgate::filters::sql {
namespace {

using Rows = std::vector<std::vector<std::string>>;

Rows sorted(Rows rows) {
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::set<std::vector<std::string>> as_set(const Rows& rows) {
  return {rows.begin(), rows.end()};
}

bool equal(const RunResult& a, const RunResult& b, bool ordered) {
  if (a.result_columns != b.result_columns) return false;
  return ordered ? a.rows == b.rows : sorted(a.rows) == sorted(b.rows);
}

bool contains(const Rows& outer, const Rows& inner) {
  const auto big = as_set(outer);
  return std::all_of(inner.begin(), inner.end(),
                     [&](const std::vector<std::string>& row) { return big.contains(row); });
}

std::string describe(const PairOutcome& p) {
  return std::string(to_string(p.family)) + " (" + std::string(to_string(p.expected)) + ")";
}

}  // namespace

bool orders_rows(std::string_view query) {
  const std::vector<Token> tokens = lex_sql(query);
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
    if (tokens[i].is(query, "order") && tokens[i + 1].is(query, "by")) return true;
  }
  return false;
}

bool relation_holds(Relation relation, const RunResult& original, const RunResult& variant,
                    bool ordered) {
  switch (relation) {
    case Relation::kEqual:
      return equal(original, variant, ordered);
    case Relation::kDifferent:
      return !equal(original, variant, false);
    case Relation::kSubset:
      return original.result_columns == variant.result_columns &&
             contains(original.rows, variant.rows);
    case Relation::kSuperset:
      return original.result_columns == variant.result_columns &&
             contains(variant.rows, original.rows);
  }
  return false;
}

std::vector<PairOutcome> check_metamorphic(const MetamorphicInput& in, SqlVerdict& verdict) {
  std::vector<PairOutcome> out;
  CheckReport& report = verdict.report(Check::kMetamorphic);
  if (in.original == nullptr || in.original->outcome != RunResult::Outcome::kDone) {
    report = CheckReport{CheckState::kSkipped, "no_original_result"};
    return out;
  }
  std::size_t effective = 0, broken = 0;
  std::string broken_list;
  for (const VariantAnswer& a : in.answers) {
    PairOutcome p{a.variant.family, a.variant.expected, false, false, {}, false};
    if (!a.sql) {
      p.note = a.error.empty() ? "no query" : a.error;
      out.push_back(std::move(p));
      continue;
    }
    const RunResult r = in.database->run(*a.sql, in.limits, in.allowed_functions);
    if (r.outcome != RunResult::Outcome::kDone) {
      p.cut = r.cut();
      p.note = r.outcome == RunResult::Outcome::kError ? "variant query fails: " + r.error
                                                       : "variant query did not finish";
      out.push_back(std::move(p));
      continue;
    }
    p.effective = true;
    p.holds = relation_holds(a.variant.expected, *in.original, r, in.ordered);
    ++effective;
    if (!p.holds) {
      ++broken;
      if (!broken_list.empty()) broken_list += ", ";
      broken_list += describe(p);
    }
    out.push_back(std::move(p));
  }
  if (effective < in.min_effective) {
    report = CheckReport{CheckState::kIncomplete, "too_few_effective_variants"};
    return out;
  }
  if (static_cast<double>(broken) > in.max_broken_share * static_cast<double>(effective)) {
    Finding f;
    f.check = Check::kMetamorphic;
    f.type = FindingType::kLogic;
    f.label = Label::kUnsupported;
    f.code = "metamorphic_relations_broken";
    f.reason = std::to_string(broken) + " of " + std::to_string(effective) +
               " rewritten questions got answers that break their relation: " + broken_list;
    f.begin = 0;
    f.end = 0;
    add_finding(verdict, std::move(f));
    report.state = CheckState::kFailed;
  } else {
    report.state = CheckState::kPassed;
  }
  return out;
}

}  // namespace groundgate::filters::sql
