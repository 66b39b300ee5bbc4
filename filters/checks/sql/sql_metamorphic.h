#pragma once
// Check 5 of the SQL guard on a live answer, streamed or not: for a query checks 1-4 passed, the
// user's question rewritten (question_variants.h) and the app's own request re-asked with each
// rewrite (model::ModelCalls::ask_again), as side requests the proxy sends to the route's model
// (stream_filter.h); their answers' queries (answer_query.h) run on the policy's database and
// judged (metamorphic_check.h). One query at a time, at most
// `max_queries` per stream. Whether it ran, flagged, stopped short or was skipped, and why, goes
// to the summary and the report: never a silent skip.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/checks/skip_reasons.h"
#include "filters/sql/metamorphic_check.h"
#include "filters/sql/question_variants.h"
#include "filters/sql/sql_checker.h"
#include "filters/stream/stream_filter.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::checks {

class SqlMetamorphic {
 public:
  SqlMetamorphic(const config::SqlConfig& settings,
                 std::shared_ptr<const sql::SqlCheckerConfig> checker, std::string question);

  // The proxy can send side requests on this stream, written and read by `calls` (else the
  // check is skipped, said so).
  void serve(std::shared_ptr<const model::ModelCalls> calls) { calls_ = std::move(calls); }

  // A query checks 1-4 judged (`check`, its text `query`): whether check 5 runs on it. When it
  // does, take_batch() has its requests; when it cannot, the reason is counted.
  void consider(std::string_view query, const sql::SqlCheck& check);
  // Called for a query check 5 is not for (a tool call's): counted as skipped.
  void skip(std::string_view reason) {
    if (config_) skipped_.add(reason);
  }
  std::optional<stream::SideRequestBatch> take_batch();
  // A batch is out and its answers not judged yet.
  bool in_flight() const { return pending_.has_value() && !batch_; }

  // The answers to the batch: the variants' queries run and compared; a finding (logic,
  // unsupported) or an incomplete check lands in `verdict`, the query's verdict of checks 1-4.
  void judge(std::vector<stream::SideAnswer> answers, verify::SentenceVerdict& verdict);

  // {"ran":..,"flagged":..,"incomplete":..,"skipped":..,"skip_reasons":{..}}, or "" when the
  // policy has no check 5 or there was no query.
  std::string summary_json() const;
  void report(stream::StreamReport& report) const;
  // Queries whose check 5 stopped short (each with its check_incomplete finding).
  std::size_t incomplete() const { return incomplete_; }

 private:
  struct Pending {
    std::vector<sql::QuestionVariant> variants;
    sql::RunResult original;
    bool ordered = false;
  };
  // What the model said to one variant (null: nothing), read as its query or why there is none.
  sql::VariantAnswer read_answer(sql::QuestionVariant variant,
                                 const stream::SideAnswer* answer) const;
  // Check 5's judgement into `verdict` (a finding, or the check stopped short), and counted.
  void record(const sql::SqlVerdict& judged, verify::SentenceVerdict& verdict);

  std::optional<config::SqlMetamorphicConfig> config_;
  bool whole_answer_ = false;
  std::vector<config::QueryToolArgument> tools_;
  std::shared_ptr<const sql::SqlCheckerConfig> checker_;
  std::string question_;
  std::shared_ptr<const model::ModelCalls> calls_;  // set: served
  std::optional<Pending> pending_;
  std::optional<stream::SideRequestBatch> batch_;
  std::size_t started_ = 0;
  std::size_t passed_ = 0;
  std::size_t flagged_ = 0;
  std::size_t incomplete_ = 0;
  SkipReasons skipped_;
};

}  // namespace groundgate::filters::checks
