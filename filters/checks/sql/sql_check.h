#pragma once
// The SQL guard as a check (issue 21): per stream, the schema the request carries (or the policy
// fixes), the user's question, and the checks of filters/sql on each query of the answer -- a
// fenced block, the whole answer (`sql.answer: whole`), or a tool call's argument
// (`sql.tool_arguments`) -- answered in the verdict vocabulary prose uses, so that decisions,
// actions, annotations, the audit record and metrics are the guard's own. Check 5
// (`sql.metamorphic`) asks the model again (sql_metamorphic.h): the query's verdict waits.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "config/config.h"
#include "filters/checks/check.h"
#include "filters/checks/sql/sql_metamorphic.h"
#include "filters/request/request_view.h"
#include "filters/sql/schema_cache.h"
#include "filters/sql/sql_checker.h"
#include "filters/stream/stream_filter.h"
#include "filters/text/code_block.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::checks {

// A policy's SQL settings, compiled once per config snapshot.
struct SqlCheckConfig {
  config::SqlConfig settings;
  std::shared_ptr<const sql::SqlCheckerConfig> checker;
  std::shared_ptr<const sql::SchemaDatabase> policy_schema;  // null: each request's
  std::shared_ptr<sql::SchemaCache> schema_cache;            // null: built per stream
  std::string error;  // the policy's schema file or database could not be loaded
};

// `settings` compiled (its schema file or database loaded); `schema_cache`: the snapshot's.
std::shared_ptr<const SqlCheckConfig> compile_sql_check(
    const config::SqlConfig& settings, std::shared_ptr<sql::SchemaCache> schema_cache);

// A finding of the SQL checks as the guard's (offsets moved by `offset` into the answer).
verify::Finding guard_finding(const sql::Finding& finding, std::size_t offset);
// The finding that says a check stopped short (`note`: why); it abstains.
verify::Finding incomplete_finding(sql::Check check, std::string_view note, std::size_t begin,
                                   std::size_t end);

// One query through checks 1-4 (sql::SqlChecker), as a side job: with the operator's
// database, its runs block for up to their time caps, so the proxy runs it on a worker.
class SqlQueryJob final : public stream::SideJob {
 public:
  SqlQueryJob(std::shared_ptr<const sql::SqlChecker> checker, std::string query)
      : checker_(std::move(checker)), query_(std::move(query)) {}
  void run() override { result_ = checker_->check(query_, &cancel_flag()); }
  // Read only after the job's answer came without an error (it ran to its end).
  const sql::SqlCheck& result() const { return result_; }

 private:
  std::shared_ptr<const sql::SqlChecker> checker_;
  std::string query_;
  sql::SqlCheck result_;
};

class SqlCheck final : public Check {
 public:
  // Reads the schema the request carries. `question`: the user's last message as the context
  // extraction read it.
  SqlCheck(std::shared_ptr<const SqlCheckConfig> config, const request::RequestView& request,
           std::string_view question);

  // A fenced block in SQL or a dialect (or unlabelled, starting like a statement), the whole
  // answer in `whole` mode, a call of a tool the policy names.
  bool takes(const Unit& unit, const UnitVerdict* verdict) const override;
  // The query's verdict (`query` set): label, findings of engine kSql (with the fixed query as
  // the decisive finding's correction), `no_context` when there was no schema and nothing was
  // found, an error when it could not be checked; pending while its query runs on the
  // operator's database (a side job, when the proxy serves them) and while check 5 asks the
  // model. A query a check of which stopped short (its time cap) and that nothing was found
  // against is unverified (check_incomplete), never supported; one no worker could take is
  // checked here without the database and is unverified too (overloaded).
  std::optional<Pending> check(const Unit& unit, std::optional<UnitVerdict>& verdict) override;

  // Bytes of DDL still to build into a schema database (0: cached, fixed or none).
  std::size_t prepare_cost() const override;
  void prepare() override;
  bool holds_text() const override { return true; }       // any answer may hold a query
  bool has_own_context() const override { return true; }  // the schema
  std::optional<std::size_t> whole_answer_bound() const override;
  bool checks_tool_calls() const override { return !config_->settings.tool_arguments.empty(); }
  // The `schema` member goes upstream only where the policy keeps it.
  void members_to_strip(std::vector<std::string>& names) const override;
  void serve(std::shared_ptr<const model::ModelCalls> calls) override {
    metamorphic_.serve(std::move(calls));
  }
  void serve_jobs() override { jobs_served_ = true; }
  std::optional<std::pair<std::string_view, std::string>> summary() const override;
  void report(stream::StreamReport& report) const override;

 private:
  // A query of a unit: its text, where it starts in the answer (`offset`), the unit's span;
  // `variants`: it may get check 5 (SqlMetamorphic::consider).
  struct Query {
    std::string text;
    std::size_t offset = 0;
    std::size_t unit_begin = 0;
    std::size_t unit_end = 0;
    bool variants = true;
  };
  // The unit's query, or the verdict of a unit whose query cannot be checked.
  using Found = std::variant<verify::SentenceVerdict, Query>;
  Found query_of(const Unit& unit);
  // A fenced SQL block, the unit [begin, end) of the answer. A block the segmenter cut at its
  // unit bound is longer than a query it can hold: unverified (too long). An unclosed fence
  // that ended the answer is checked as it is.
  Found block_query(const text::CodeBlock& block, std::size_t begin, std::size_t end);
  // The whole answer as one query.
  Found answer_query(std::string_view answer);
  // A call of a tool the policy names.
  Found tool_call_query(std::string_view tool, std::string_view arguments, bool truncated);
  // The verdict of checks 1-4 on `query` (`check`); `not_run`: why the database runs did not
  // happen (the job's answer's error), the reason of the checks that stopped short.
  verify::SentenceVerdict judged(const Query& query, const sql::SqlCheck& check,
                                 std::string_view not_run = {});
  // `query` checked here, on this thread, its database runs stopped at once: the checks that
  // need no database (syntax, schema, safety, linking) still decide what they find.
  verify::SentenceVerdict judged_without_database(const Query& query, std::string_view why);
  // Check 5's requests for the query just judged, if it asks the model.
  std::optional<Pending> metamorphic_pending();
  // The limits of a query job's batch: its runs' time caps, and time to wait for a worker.
  stream::SideRequestLimits job_limits() const;
  // A query that could not be checked, for `error`.
  verify::SentenceVerdict unchecked(std::size_t begin, std::size_t end, verify::VerifyError error);

  std::shared_ptr<const SqlCheckConfig> config_;
  std::vector<std::string> statements_;  // the request's DDL, until prepare() builds it
  std::shared_ptr<const sql::SchemaDatabase> schema_;
  std::shared_ptr<const sql::SqlChecker> checker_;  // shared with the jobs it runs in
  std::string question_;
  std::string knowledge_;  // the request's definitions (sql/glossary.h), for check 3b
  SqlMetamorphic metamorphic_;
  std::vector<std::string> warnings_;
  std::size_t queries_ = 0;
  std::size_t unsafe_ = 0;
  std::size_t incomplete_ = 0;  // of checks 1-4; check 5's are metamorphic_'s
  std::size_t not_run_ = 0;     // queries whose database runs did not happen (overloaded, ...)
  bool jobs_served_ = false;    // the proxy runs side jobs: queries on the database go there
};

}  // namespace groundgate::filters::checks
