#include "filters/sql/sql_checker.h"

#include <algorithm>

#include "filters/sql/content_check.h"
#include "filters/sql/edited_text.h"
#include "filters/sql/execution_check.h"
#include "filters/sql/intent_check.h"
#include "filters/sql/intent_kinds.h"
#include "filters/sql/linking_check.h"
#include "filters/sql/predicates.h"
#include "filters/sql/query_names.h"
#include "filters/sql/safety_check.h"
#include "filters/sql/schema_check.h"

namespace groundgate::filters::sql {
namespace {

using Clock = std::chrono::steady_clock;

bool has_type(const SqlVerdict& v, FindingType type) {
  return std::any_of(v.findings.begin(), v.findings.end(),
                     [&](const Finding& f) { return f.type == type; });
}

void skip(SqlVerdict& v, Check check, std::string_view note) {
  v.report(check) = CheckReport{CheckState::kSkipped, note};
}

// SQLite's grammar and functions are not another dialect's: what only SQLite refuses there
// may be valid, so it is reported as unsupported rather than contradicted.
void soften_for_dialect(Dialect dialect, SqlVerdict& v) {
  if (dialect == Dialect::kSqlite) return;
  Label worst = Label::kSupported;
  for (Finding& f : v.findings) {
    if (f.type == FindingType::kSchema &&
        (f.code == "syntax_error" || f.code == "unknown_function" ||
         f.code == "function_arguments" || f.code == "invalid_query")) {
      f.label = Label::kUnsupported;
      f.replacement.reset();
      f.reason += " (by SQLite's grammar; may be valid " + std::string(to_string(dialect)) + ")";
    }
    if (verdict::severity(f.label) > verdict::severity(worst)) worst = f.label;
  }
  v.label = worst;
}

// The query with every contradicted finding's replacement applied, when each has one and the
// result prepares cleanly and safely.
std::optional<std::string> corrected_query(std::string_view sql, const SqlVerdict& v,
                                           const SchemaDatabase& schema,
                                           const PrepareOptions& prepare) {
  if (v.unsafe) return std::nullopt;
  EditedText edited(sql);
  bool any = false;
  for (const Finding& f : v.findings) {
    if (f.label != Label::kContradicted) continue;
    if (!f.replacement || !edited.replace(f.begin, f.end, *f.replacement)) return std::nullopt;
    any = true;
  }
  if (!any) return std::nullopt;
  std::string text = edited.text();
  for (const PreparedStatement& s : schema.prepare(text, prepare)) {
    if (!s.ok() || !s.read_only) return std::nullopt;
  }
  return text;
}

// A policy's `sql.intent` lists: kinds it trusts although annotate-only by default, and
// kinds it wants annotated only.
void apply_intent_overrides(const SqlCheckerConfig& config, SqlVerdict& v) {
  if (config.intent_enforce.empty() && config.intent_annotate_only.empty()) return;
  const auto listed = [](const std::vector<std::string>& codes, std::string_view code) {
    return std::find(codes.begin(), codes.end(), code) != codes.end();
  };
  for (Finding& f : v.findings) {
    if (intent_kind(f.code) == nullptr) continue;
    if (listed(config.intent_enforce, f.code)) f.annotate_only = false;
    if (listed(config.intent_annotate_only, f.code)) f.annotate_only = true;
  }
}

}  // namespace

std::string_view to_string(Dialect dialect) {
  switch (dialect) {
    case Dialect::kSqlite:
      return "sqlite";
    case Dialect::kPostgresql:
      return "postgresql";
    case Dialect::kMysql:
      return "mysql";
  }
  return "sqlite";
}

std::string_view to_string(SqlError error) {
  switch (error) {
    case SqlError::kNone:
      return "none";
    case SqlError::kTooLong:
      return "too_long";
    case SqlError::kEmpty:
      return "empty";
  }
  return "unknown";
}

std::shared_ptr<const SqlCheckerConfig> default_checker_config() {
  static const std::shared_ptr<const SqlCheckerConfig> config = [] {
    auto c = std::make_shared<SqlCheckerConfig>();
    c->allowed_functions = allowed_functions({});
    return c;
  }();
  return config;
}

std::shared_ptr<const SchemaDatabase> no_schema() {
  static const std::shared_ptr<const SchemaDatabase> empty = SchemaDatabase::build({});
  return empty;
}

SqlChecker::SqlChecker(std::shared_ptr<const SqlCheckerConfig> config,
                       std::shared_ptr<const SchemaDatabase> schema, std::string_view question,
                       std::string_view knowledge)
    : config_(std::move(config)),
      schema_(schema ? std::move(schema) : no_schema()),
      question_text_(question.substr(0, 8192)),
      question_(question),
      intent_(question),
      glossary_(knowledge) {
  glossary_.add(question);
}

bool SqlChecker::uses_database() const {
  return config_->database != nullptr &&
         (config_->linking || config_->intent || config_->execution);
}

struct SqlChecker::Query {
  std::string_view sql;
  const std::vector<Token>& tokens;
  const std::vector<PreparedStatement>& statements;
  const QueryNames& names;
  const NamesSomething& names_something;
  const std::vector<Predicate>& predicates;
  const std::vector<Literal>& literals;
  bool prepared = false;       // every statement prepared
  bool schema_errors = false;  // check 1 found some
  const std::atomic<bool>* cancelled = nullptr;
};

SqlCheck SqlChecker::check(std::string_view sql, const std::atomic<bool>* cancelled) const {
  const Clock::time_point start = Clock::now();
  SqlCheck out;
  SqlVerdict& v = out.verdict;
  if (sql.size() > config_->max_sql_bytes) {
    out.error = SqlError::kTooLong;
    return out;
  }
  const std::vector<Token> tokens = lex_sql(sql);
  PrepareOptions prepare;
  prepare.double_quoted_strings = config_->dialect != Dialect::kPostgresql;
  prepare.max_statements = config_->max_statements;
  const std::vector<PreparedStatement> statements =
      tokens.empty() ? std::vector<PreparedStatement>{} : schema_->prepare(sql, prepare);
  if (statements.empty()) {
    out.error = SqlError::kEmpty;
    return out;
  }
  v.statements = statements.size();
  v.has_schema = !schema_->empty();

  // 1. Syntax and schema.
  const SchemaCheckInput schema_input{schema_.get(), v.has_schema, sql,
                                      tokens,        prepare,      config_->lexicon.get()};
  check_schema(schema_input, statements, v);
  const bool prepared = std::all_of(statements.begin(), statements.end(),
                                    [](const PreparedStatement& s) { return s.ok(); });
  if (prepared) check_quoted_strings(schema_input, v);
  const bool schema_errors = has_type(v, FindingType::kSchema);

  // 2. Safety.
  check_safety(SafetyInput{sql, tokens, statements, config_->allowed_functions}, v);

  // The names the query defines or the schema has, and what the query filters on.
  const QueryNames names(sql, tokens, *schema_);
  const NamesSomething names_something = [&](std::string_view word) {
    if (!v.has_schema) return false;  // no schema: SQLite can only read it as a string
    return names.defines(word) || schema_->find_table(word) != nullptr ||
           !names.tables_with(word).empty();
  };
  const std::vector<Predicate> predicates = find_predicates(sql, tokens, names_something);
  const std::vector<Literal> literals = find_literals(sql, tokens, names_something);
  const Query q{sql,        tokens,   statements, names,         names_something,
                predicates, literals, prepared,   schema_errors, cancelled};
  if (config_->linking) check_question_links(q, v);
  if (config_->intent) check_question_intent(q, v);
  apply_intent_overrides(*config_, v);
  if (config_->execution) check_run(q, out);

  soften_for_dialect(config_->dialect, v);
  v.corrected = corrected_query(sql, v, *schema_, prepare);
  v.check_ns = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
  return out;
}

void SqlChecker::check_question_links(const Query& q, SqlVerdict& v) const {
  check_linking(LinkingInput{q.sql, q.tokens, &question_, &glossary_, q.predicates, q.literals,
                             q.statements.front().begin, q.statements.front().end},
                v);
  if (!config_->database || !v.has_schema || q.schema_errors) return;
  const std::size_t before = v.findings.size();
  RunLimits probe_limits = config_->probe_limits;
  probe_limits.cancelled = q.cancelled;
  const bool complete = check_content(
      ContentInput{config_->database.get(), &q.names, &question_, q.predicates, probe_limits}, v);
  CheckReport& report = v.report(Check::kLinking);
  if (v.findings.size() > before) report.state = CheckState::kFailed;
  if (!complete && report.state == CheckState::kPassed) {
    report = CheckReport{CheckState::kIncomplete, "content_timeout"};
  }
}

void SqlChecker::check_question_intent(const Query& q, SqlVerdict& v) const {
  if (q.schema_errors || !q.prepared) return skip(v, Check::kIntent, "schema_errors");
  if (v.unsafe) return skip(v, Check::kIntent, "unsafe");
  const QueryShape shape(q.sql, q.tokens, *schema_, q.names_something);
  IntentInput intent{q.sql, q.tokens, schema_.get(), &shape};
  intent.intent = &intent_;
  intent.terms = &question_;
  intent.question = question_text_;
  intent.glossary = &glossary_;
  intent.database = v.has_schema ? config_->database.get() : nullptr;
  intent.predicates = q.predicates;
  intent.literals = q.literals;
  intent.statement_begin = q.statements.front().begin;
  intent.statement_end = q.statements.front().end;
  intent.probe_limits = config_->probe_limits;
  intent.probe_limits.cancelled = q.cancelled;
  check_intent(intent, v);
}

void SqlChecker::check_run(const Query& q, SqlCheck& out) const {
  SqlVerdict& v = out.verdict;
  if (!config_->database) return skip(v, Check::kExecution, "no_database");
  if (q.schema_errors || !q.prepared) return skip(v, Check::kExecution, "schema_errors");
  if (v.unsafe) return skip(v, Check::kExecution, "unsafe");
  RunLimits execution_limits = config_->execution_limits;
  execution_limits.cancelled = q.cancelled;
  out.result = check_execution(
      ExecutionInput{config_->database.get(), q.sql, q.statements, config_->allowed_functions,
                     execution_limits, !question_.empty(), config_->empty_result_is_finding},
      v);
}

}  // namespace groundgate::filters::sql
