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
#include <vector>

#include "config/config.h"
#include "filters/checks/check.h"
#include "filters/checks/sql/sql_metamorphic.h"
#include "filters/request/request_view.h"
#include "filters/sql/schema_cache.h"
#include "filters/sql/sql_checker.h"
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
  // found, an error when it could not be checked; pending while check 5 asks the model.
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
  std::optional<std::pair<std::string_view, std::string>> summary() const override;
  void report(stream::StreamReport& report) const override;

 private:
  verify::SentenceVerdict check_unit(const Unit& unit);
  // A fenced SQL block, the unit [begin, end) of the answer. A block the segmenter cut at its
  // unit bound is longer than a query it can hold: unverified (too long). An unclosed fence
  // that ended the answer is checked as it is.
  verify::SentenceVerdict check_block(const text::CodeBlock& block, std::size_t begin,
                                      std::size_t end);
  // The whole answer as one query.
  verify::SentenceVerdict check_answer(std::string_view answer);
  // A call of a tool the policy names.
  verify::SentenceVerdict check_tool_call(std::string_view tool, std::string_view arguments,
                                          bool truncated);
  // `variants`: the query may get check 5 (SqlMetamorphic::consider).
  verify::SentenceVerdict check_query(std::string_view sql, std::size_t offset,
                                      std::size_t unit_begin, std::size_t unit_end,
                                      bool variants = true);
  // A query that could not be checked, for `error`.
  verify::SentenceVerdict unchecked(std::size_t begin, std::size_t end, verify::VerifyError error);
  const config::SqlToolArgument* tool_argument(std::string_view tool) const;

  std::shared_ptr<const SqlCheckConfig> config_;
  std::vector<std::string> statements_;  // the request's DDL, until prepare() builds it
  std::shared_ptr<const sql::SchemaDatabase> schema_;
  std::unique_ptr<sql::SqlChecker> checker_;
  std::string question_;
  std::string knowledge_;  // the request's definitions (sql/glossary.h), for check 3b
  SqlMetamorphic metamorphic_;
  std::vector<std::string> warnings_;
  std::size_t queries_ = 0;
  std::size_t unsafe_ = 0;
  std::size_t incomplete_ = 0;  // of checks 1-4; check 5's are metamorphic_'s
};

}  // namespace groundgate::filters::checks
