#pragma once
// The guard's SQL part (issue 21): per stream, the schema the request carries (or the policy
// fixes), the user's question, and the checks of filters/sql on each query of the answer -- a
// fenced block (the guard's code-block unit: this is the code checker for SQL), the whole
// answer, or a tool call's argument -- answered in the verdict vocabulary prose uses, so that
// decisions, actions, annotations, the audit record and metrics are the guard's own.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/actions/sql_metamorphic.h"
#include "filters/sql/schema_cache.h"
#include "filters/sql/sql_checker.h"
#include "filters/stream/stream_filter.h"
#include "filters/text/code_block.h"
#include "filters/verify/code_checker.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::actions {

// A policy's SQL settings, compiled once per config snapshot (GuardConfig::sql).
struct SqlGuardConfig {
  config::SqlConfig settings;
  std::shared_ptr<const sql::SqlCheckerConfig> checker;
  std::shared_ptr<const sql::SchemaDatabase> policy_schema;  // null: each request's
  std::shared_ptr<sql::SchemaCache> schema_cache;            // null: built per stream
  std::string error;  // the policy's schema file or database could not be loaded
};

// A finding of the SQL checks as the guard's (offsets moved by `offset` into the answer).
verify::Finding guard_finding(const sql::Finding& finding, std::size_t offset);
// The finding that says a check stopped short (`note`: why); it abstains.
verify::Finding incomplete_finding(sql::Check check, std::string_view note, std::size_t begin,
                                   std::size_t end);

class SqlGuard final : public verify::CodeChecker {
 public:
  // Reads the schema the request carries and strips its `schema` field from the body to
  // forward (`forwarded_body`: the body as forwarded so far; set when changed). `question`:
  // the user's last message as the context extraction read it.
  SqlGuard(std::shared_ptr<const SqlGuardConfig> config, std::string_view request_body,
           std::string* forwarded_body, std::string_view question);

  // Bytes of DDL still to build into a schema database (0: cached, fixed or none).
  std::size_t prepare_cost() const;
  void prepare();

  bool whole_answer() const {
    return config_->settings.answer == config::SqlConfig::Answer::kWhole;
  }
  bool checks_tool_calls() const { return !config_->settings.tool_arguments.empty(); }
  std::size_t max_query_bytes() const { return config_->settings.max_query_bytes; }

  // Each returns a query's verdict (`query` set): label, findings of engine kSql (with the
  // fixed query as the decisive finding's correction), `no_context` when there was no schema
  // and nothing was found, an error when it could not be checked.

  // Whether a fenced block is SQL: its language names SQL or a dialect, or it has none and
  // starts like a statement.
  static bool reads(const text::CodeBlock& block);
  // A fenced SQL block, the unit [begin, end) of the answer. A block the segmenter cut at its
  // unit bound is longer than a query it can hold: unverified (too long). An unclosed fence
  // that ended the answer is checked as it is.
  verify::SentenceVerdict check(const text::CodeBlock& block, std::size_t begin,
                                std::size_t end) override;
  // The whole answer as one query.
  verify::SentenceVerdict check_answer(std::string_view answer);
  // A tool call; nullopt when the policy names no SQL argument of this tool.
  std::optional<verify::SentenceVerdict> check_tool_call(const stream::ToolCallEvent& event);
  // An answer longer than max_query_bytes in whole-answer mode: not checked.
  verify::SentenceVerdict too_long(std::size_t begin, std::size_t end);

  void report(stream::StreamReport& report) const;

  // Check 5 (sql.metamorphic): the side requests of the query just checked, and the judgement
  // of their answers (SqlMetamorphic).
  SqlMetamorphic& metamorphic() { return metamorphic_; }
  // Queries check 5 is counted for: the whole answer and fenced blocks.
  bool metamorphic_enabled() const { return config_->settings.metamorphic.has_value(); }

 private:
  // `variants`: the query may get check 5 (SqlMetamorphic::consider).
  verify::SentenceVerdict check_query(std::string_view sql, std::size_t offset,
                                      std::size_t unit_begin, std::size_t unit_end,
                                      bool variants = true);
  // A query that could not be checked, for `error`.
  verify::SentenceVerdict unchecked(std::size_t begin, std::size_t end, verify::VerifyError error);

  std::shared_ptr<const SqlGuardConfig> config_;
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

}  // namespace groundgate::filters::actions
