#include "filters/sql/safety_check.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>

#include "filters/text/utf8.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::string_view kAllowed[] = {"->",
                                         "->>",
                                         "abs",
                                         "acos",
                                         "acosh",
                                         "asin",
                                         "asinh",
                                         "atan",
                                         "atan2",
                                         "atanh",
                                         "avg",
                                         "ceil",
                                         "ceiling",
                                         "char",
                                         "coalesce",
                                         "cos",
                                         "cosh",
                                         "count",
                                         "cume_dist",
                                         "current_date",
                                         "current_time",
                                         "current_timestamp",
                                         "date",
                                         "datetime",
                                         "degrees",
                                         "dense_rank",
                                         "exp",
                                         "first_value",
                                         "floor",
                                         "format",
                                         "glob",
                                         "group_concat",
                                         "hex",
                                         "ifnull",
                                         "iif",
                                         "instr",
                                         "json",
                                         "json_array",
                                         "json_array_length",
                                         "json_extract",
                                         "json_group_array",
                                         "json_group_object",
                                         "json_object",
                                         "json_quote",
                                         "json_type",
                                         "json_valid",
                                         "julianday",
                                         "lag",
                                         "last_value",
                                         "lead",
                                         "length",
                                         "like",
                                         "likelihood",
                                         "likely",
                                         "ln",
                                         "log",
                                         "log10",
                                         "log2",
                                         "lower",
                                         "ltrim",
                                         "max",
                                         "min",
                                         "mod",
                                         "nth_value",
                                         "ntile",
                                         "nullif",
                                         "percent_rank",
                                         "pi",
                                         "pow",
                                         "power",
                                         "printf",
                                         "quote",
                                         "radians",
                                         "random",
                                         "rank",
                                         "replace",
                                         "round",
                                         "row_number",
                                         "rtrim",
                                         "sign",
                                         "sin",
                                         "sinh",
                                         "soundex",
                                         "sqrt",
                                         "strftime",
                                         "string_agg",
                                         "substr",
                                         "substring",
                                         "sum",
                                         "tan",
                                         "tanh",
                                         "time",
                                         "total",
                                         "trim",
                                         "trunc",
                                         "typeof",
                                         "unhex",
                                         "unicode",
                                         "unixepoch",
                                         "unlikely",
                                         "upper"};

// Leading keywords of statements that are not queries, and the finding each makes.
struct UnsafeKeyword {
  std::string_view keyword;
  std::string_view code;
};
constexpr std::array<UnsafeKeyword, 19> kUnsafeKeywords{{{"insert", "write"},
                                                         {"update", "write"},
                                                         {"delete", "write"},
                                                         {"replace", "write"},
                                                         {"upsert", "write"},
                                                         {"create", "ddl"},
                                                         {"drop", "ddl"},
                                                         {"alter", "ddl"},
                                                         {"attach", "attach"},
                                                         {"detach", "attach"},
                                                         {"pragma", "pragma"},
                                                         {"vacuum", "maintenance"},
                                                         {"reindex", "maintenance"},
                                                         {"analyze", "maintenance"},
                                                         {"begin", "transaction"},
                                                         {"commit", "transaction"},
                                                         {"rollback", "transaction"},
                                                         {"savepoint", "transaction"},
                                                         {"release", "transaction"}}};

const UnsafeKeyword* unsafe_keyword(std::string_view word) {
  for (const UnsafeKeyword& k : kUnsafeKeywords) {
    if (k.keyword == word) return &k;
  }
  return nullptr;
}

std::string lower(std::string_view s) {
  return text::ascii_lower(s);
}

bool internal_table(std::string_view table) {
  return lower(table).starts_with("sqlite_") || lower(table).starts_with("pragma_");
}

struct Verdict {
  std::string_view code;
  std::string reason;
};

// What an authorizer action that is not a plain read means; empty code: allowed.
Verdict judge(const Access& a, std::span<const std::string> allowed) {
  switch (a.action) {
    case SQLITE_SELECT:
    case SQLITE_RECURSIVE:
      return {};
    case SQLITE_READ:
      if (internal_table(a.first)) {
        return {"internal_table", "reads SQLite's own table `" + a.first + "`"};
      }
      return {};
    case SQLITE_FUNCTION:
      if (std::binary_search(allowed.begin(), allowed.end(), lower(a.second))) return {};
      return {"function", "calls `" + a.second + "`, which is not on the allow-list"};
    case SQLITE_INSERT:
    case SQLITE_UPDATE:
    case SQLITE_DELETE:
      return {"write", "writes to `" + a.first + "`"};
    case SQLITE_ATTACH:
    case SQLITE_DETACH:
      return {"attach", "attaches or detaches a database"};
    case SQLITE_PRAGMA:
      return {"pragma", "runs PRAGMA " + a.first};
    case SQLITE_TRANSACTION:
    case SQLITE_SAVEPOINT:
      return {"transaction", "controls a transaction"};
    case SQLITE_ANALYZE:
    case SQLITE_REINDEX:
      return {"maintenance", "runs database maintenance"};
    default:
      return {"ddl", "changes the schema"};
  }
}

// The first keyword that says what the statement does: its first word, or after a WITH
// clause the first word outside parentheses that is not part of it.
std::string leading_keyword(std::string_view sql, std::span<const Token> tokens, std::size_t begin,
                            std::size_t end) {
  int depth = 0;
  bool with = false;
  for (const Token& t : tokens) {
    if (t.begin < begin || t.end > end) continue;
    const std::string_view text = t.text(sql);
    if (t.kind == TokenKind::kPunctuation) {
      depth += text == "(" ? 1 : text == ")" ? -1 : 0;
      continue;
    }
    if (depth > 0 || t.kind != TokenKind::kWord) continue;
    const std::string word = lower(text);
    if (!with && word == "with") {
      with = true;
      continue;
    }
    if (!with) return word;
    if (word == "select" || word == "values" || unsafe_keyword(word) != nullptr) return word;
  }
  return with ? "with" : "";
}

// The first token naming `name` in the statement, for a finding's span.
std::pair<std::size_t, std::size_t> name_span(const SafetyInput& in, const PreparedStatement& s,
                                              std::string_view name) {
  for (const Token& t : in.tokens) {
    if (t.begin >= s.begin && t.end <= s.end && t.is(in.sql, name)) return {t.begin, t.end};
  }
  return {s.begin, s.end};
}

void add_unsafe(SqlVerdict& verdict, std::string_view code, std::string reason, std::size_t begin,
                std::size_t end) {
  for (const Finding& f : verdict.findings) {
    if (f.type == FindingType::kUnsafe && f.code == code && f.begin == begin) return;
  }
  Finding f;
  f.check = Check::kSafety;
  f.type = FindingType::kUnsafe;
  f.label = Label::kContradicted;
  f.code = code;
  f.reason = std::move(reason);
  f.begin = begin;
  f.end = end;
  add_finding(verdict, std::move(f));
}

void record_read(SqlVerdict& verdict, const Access& a) {
  if (a.action != SQLITE_READ || internal_table(a.first)) return;
  ReadColumn read{a.first, a.second};
  if (std::find(verdict.reads.begin(), verdict.reads.end(), read) == verdict.reads.end()) {
    verdict.reads.push_back(std::move(read));
  }
}

}  // namespace

std::span<const std::string_view> default_allowed_functions() {
  return kAllowed;
}

std::vector<std::string> allowed_functions(std::span<const std::string> extra) {
  std::vector<std::string> out;
  for (std::string_view name : kAllowed)
    out.emplace_back(name);
  for (const std::string& name : extra)
    out.push_back(lower(name));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void check_safety(const SafetyInput& in, SqlVerdict& verdict) {
  const std::size_t before = verdict.findings.size();
  for (const PreparedStatement& s : in.statements) {
    const std::size_t statement_start = verdict.findings.size();
    for (const Access& a : s.accesses) {
      record_read(verdict, a);
      const Verdict v = judge(a, in.allowed_functions);
      if (v.code.empty()) continue;
      const auto [begin, end] =
          v.code == "function" ? name_span(in, s, a.second) : std::pair{s.begin, s.end};
      add_unsafe(verdict, v.code, v.reason, begin, end);
    }
    // What the authorizer may not have seen: a statement that stopped preparing before its
    // actions were resolved (no schema, a wrong name), or a change it is not told of (VACUUM).
    if (std::none_of(verdict.findings.begin() + static_cast<std::ptrdiff_t>(statement_start),
                     verdict.findings.end(),
                     [](const Finding& f) { return f.type == FindingType::kUnsafe; })) {
      const std::string keyword = leading_keyword(in.sql, in.tokens, s.begin, s.end);
      const UnsafeKeyword* k = unsafe_keyword(keyword);
      if (k != nullptr && (!s.ok() || !s.read_only)) {
        add_unsafe(verdict, k->code, "is not a query: " + keyword + " statement", s.begin, s.end);
      } else if (s.ok() && !s.read_only) {
        add_unsafe(verdict, "not_a_query", "is not a read-only query", s.begin, s.end);
      }
    }
  }
  CheckReport& report = verdict.report(Check::kSafety);
  report.state = verdict.findings.size() > before ? CheckState::kFailed : CheckState::kPassed;
}

}  // namespace groundgate::filters::sql
