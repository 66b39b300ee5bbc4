#include "filters/sql/execution_check.h"

#include <sqlite3.h>

#include <algorithm>

#include "filters/sql/intent_kinds.h"

namespace groundgate::filters::sql {
namespace {

// A table the statement reads holds no row: its empty result says nothing about the query.
bool reads_an_empty_table(const ExecutionInput& in, const PreparedStatement& s) {
  std::vector<std::string_view> seen;
  for (const Access& a : s.accesses) {
    if (a.action != SQLITE_READ || !a.inside.empty() || a.first.empty()) continue;
    if (std::find(seen.begin(), seen.end(), a.first) != seen.end()) continue;
    seen.push_back(a.first);
    const std::optional<bool> rows = in.database->has_rows(a.first, in.limits);
    if (rows && !*rows) return true;
  }
  return false;
}

// One row of nothing but NULLs: what sum(), avg() or max() return when no row matched.
bool only_nulls(const RunResult& r) {
  if (r.rows.size() != 1) return false;
  for (const std::string& value : r.rows.front()) {
    if (value != "NULL") return false;
  }
  return !r.rows.front().empty();
}

}  // namespace

std::optional<RunResult> check_execution(const ExecutionInput& in, SqlVerdict& verdict) {
  CheckReport& report = verdict.report(Check::kExecution);
  const std::size_t before = verdict.findings.size();
  std::optional<RunResult> last;
  for (const PreparedStatement& s : in.statements) {
    RunResult r =
        in.database->run(in.sql.substr(s.begin, s.end - s.begin), in.limits, in.allowed_functions);
    if (r.cut() || r.outcome == RunResult::Outcome::kBusy) {
      report.state = CheckState::kIncomplete;
      report.note = r.outcome == RunResult::Outcome::kTimeout     ? "timeout"
                    : r.outcome == RunResult::Outcome::kMemoryCap ? "memory_cap"
                                                                  : "busy";
      return last;
    }
    Finding f;
    f.check = Check::kExecution;
    f.type = FindingType::kExecution;
    f.begin = s.begin;
    f.end = s.end;
    if (r.outcome == RunResult::Outcome::kError) {
      f.label = Label::kContradicted;
      f.code = "runtime_error";
      f.reason = "fails on the database: " + r.error;
      add_finding(verdict, std::move(f));
      continue;
    }
    if (in.has_question && in.empty_result_is_finding && (r.rows.empty() || only_nulls(r)) &&
        !reads_an_empty_table(in, s)) {
      f.label = Label::kUnsupported;
      f.code = "empty_result";
      f.annotate_only = intent_kind(f.code)->annotate_only;
      f.reason = r.rows.empty() ? "returns no rows on the database"
                                : "returns only NULL on the database: no row matched";
      add_finding(verdict, std::move(f));
    }
    last = std::move(r);
  }
  report.state = verdict.findings.size() > before ? CheckState::kFailed : CheckState::kPassed;
  return last;
}

}  // namespace groundgate::filters::sql
