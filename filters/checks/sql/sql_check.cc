#include "filters/checks/sql/sql_check.h"

#include <algorithm>
#include <atomic>
#include <chrono>

#include "filters/checks/query_tool.h"
#include "filters/checks/query_verdict.h"
#include "filters/sql/ddl_scanner.h"
#include "filters/sql/request_schema.h"
#include "filters/sql/sql_extraction.h"
#include "filters/sql/sql_setup.h"

namespace groundgate::filters::checks {
namespace {

using verify::HallucinationType;

HallucinationType type_of(sql::FindingType type) {
  switch (type) {
    case sql::FindingType::kSchema:
      return HallucinationType::kSchema;
    case sql::FindingType::kUnsafe:
      return HallucinationType::kUnsafe;
    case sql::FindingType::kLinking:
      return HallucinationType::kLinking;
    case sql::FindingType::kContent:
      return HallucinationType::kContent;
    case sql::FindingType::kExecution:
      return HallucinationType::kExecution;
    case sql::FindingType::kLogic:
      return HallucinationType::kLogic;
  }
  return HallucinationType::kSchema;
}

double score_of(sql::Label label) {
  return label == sql::Label::kSupported ? 1.0 : label == sql::Label::kUnsupported ? 0.5 : 0.0;
}

// Why a check stopped short, for the finding that says so.
std::string incomplete_reason(sql::Check check, std::string_view note) {
  return "the " + std::string(sql::to_string(check)) + " check stopped short (" +
         std::string(note) + "): what it found stands";
}

}  // namespace

std::shared_ptr<const SqlCheckConfig> compile_sql_check(
    const config::SqlConfig& settings, std::shared_ptr<sql::SchemaCache> schema_cache) {
  auto out = std::make_shared<SqlCheckConfig>();
  out->settings = settings;
  sql::SqlSetup setup = sql::compile_sql(settings);
  out->checker = std::move(setup.checker);
  out->policy_schema = std::move(setup.schema);
  out->error = std::move(setup.error);
  out->schema_cache = std::move(schema_cache);
  return out;
}

verify::Finding guard_finding(const sql::Finding& f, std::size_t offset) {
  return query_finding(f, offset, verify::Engine::kSql, score_of(f.label), type_of(f.type));
}

verify::Finding incomplete_finding(sql::Check check, std::string_view note, std::size_t begin,
                                   std::size_t end) {
  verify::Finding g;
  g.engine = verify::Engine::kSql;
  g.abstains = true;
  g.code = "check_incomplete";
  g.reason = incomplete_reason(check, note);
  g.answer_begin = begin;
  g.answer_end = end;
  return g;
}

SqlCheck::SqlCheck(std::shared_ptr<const SqlCheckConfig> config,
                   const request::RequestView& request, std::string_view question)
    : config_(std::move(config)),
      question_(sql::without_ddl(question)),
      metamorphic_(config_->settings, config_->checker, question_) {
  const bool request_schema = !config_->policy_schema && config_->settings.schema_from_request;
  sql::RequestSchema found = sql::read_request_schema(request, {}, request_schema);
  statements_ = std::move(found.statements);
  warnings_ = std::move(found.warnings);
  knowledge_ = std::move(found.knowledge);
}

void SqlCheck::members_to_strip(std::vector<std::string>& names) const {
  if (!config_->settings.keep_schema_field) names.emplace_back(sql::kSchemaMember);
}

bool SqlCheck::takes(const Unit& unit, const UnitVerdict* verdict) const {
  if (verdict != nullptr) return false;
  switch (unit.kind) {
    case Unit::Kind::kCodeBlock:
      return unit.block != nullptr && sql::is_sql_block(unit.block->language, unit.block->code);
    case Unit::Kind::kWholeAnswer:
      return whole_answer_bound().has_value();
    case Unit::Kind::kToolCall:
      return find_query_tool(config_->settings.tool_arguments, unit.tool) != nullptr;
    case Unit::Kind::kSentence:
      break;
  }
  return false;
}

std::optional<Pending> SqlCheck::check(const Unit& unit, std::optional<UnitVerdict>& verdict) {
  Found found = query_of(unit);
  verdict.emplace();
  verdict->kind = "sql";
  verdict->unsafe_action = config_->settings.unsafe;
  if (auto* decided = std::get_if<verify::SentenceVerdict>(&found)) {
    verdict->verdict = std::move(*decided);
    return std::nullopt;
  }
  Query query = std::get<Query>(std::move(found));
  prepare();
  if (!checker_) {  // the policy's schema file or database could not be loaded
    verdict->verdict =
        unchecked(query.unit_begin, query.unit_end, verify::VerifyError::kEngineMissing);
    return std::nullopt;
  }
  auto job = std::make_shared<SqlQueryJob>(checker_, query.text);
  if (!jobs_served_ || !checker_->uses_database() || query.text.empty()) {  // judged here
    job->run();
    verdict->verdict = judged(query, job->result());
    return metamorphic_pending();
  }
  // Its runs on the database go to the proxy's workers; the unit waits for the answer (until
  // then it is unverified: a stream that ends first never shows it as checked).
  verdict->verdict = verify::SentenceVerdict{};
  verdict->verdict.query = true;
  verdict->verdict.answer_begin = query.unit_begin;
  verdict->verdict.answer_end = query.unit_end;
  verdict->verdict.error = verify::VerifyError::kCheckIncomplete;
  Pending pending;
  pending.batch.limits = job_limits(1);
  pending.batch.requests.push_back({0, {}, job});
  pending.resume = [this, job, query = std::move(query)](
                       std::vector<stream::SideAnswer> answers,
                       UnitVerdict& judged_unit) -> std::optional<Pending> {
    if (const std::string_view why = why_not_run(answers); !why.empty()) {
      // The job did not run to its end (it may still be running: its result is not read).
      judged_unit.verdict = judged_without_database(query, why);
      return std::nullopt;
    }
    judged_unit.verdict = judged(query, job->result());
    return metamorphic_pending();
  };
  return pending;
}

std::optional<Pending> SqlCheck::metamorphic_pending() {
  // Check 5 asks the model again about the query just checked: its verdict waits.
  std::optional<stream::SideRequestBatch> batch = metamorphic_.take_batch();
  if (!batch) return std::nullopt;
  return Pending{std::move(*batch),
                 [this](std::vector<stream::SideAnswer> answers,
                        UnitVerdict& query) -> std::optional<Pending> {
                   return metamorphic_runs(metamorphic_.read_answers(std::move(answers)), query);
                 }};
}

std::optional<Pending> SqlCheck::metamorphic_runs(std::shared_ptr<MetamorphicJob> job,
                                                  UnitVerdict& query) {
  if (!job) return std::nullopt;
  if (!jobs_served_) {  // run here
    job->run();
    metamorphic_.judge(*job, {}, query.verdict);
    return std::nullopt;
  }
  // The variants' queries run on the proxy's workers, as the query's own runs did.
  Pending pending;
  pending.batch.limits = job_limits(job->runs());
  pending.batch.requests.push_back({0, {}, job});
  pending.resume = [this, job](std::vector<stream::SideAnswer> answers,
                               UnitVerdict& judged_unit) -> std::optional<Pending> {
    metamorphic_.judge(*job, why_not_run(answers), judged_unit.verdict);
    return std::nullopt;
  };
  return pending;
}

std::string_view SqlCheck::why_not_run(const std::vector<stream::SideAnswer>& answers) {
  // No answer (the batch ended without it) is counted as the client gone.
  return answers.empty() ? std::string_view("cancelled") : std::string_view(answers.front().error);
}

stream::SideRequestLimits SqlCheck::job_limits(std::size_t runs) const {
  // Each run (a statement's, a content probe's, a variant's) stops at its own cap; beyond that
  // the job waited for a worker: past this it is answered "timeout" (and cancelled).
  const auto cap = std::chrono::duration_cast<std::chrono::milliseconds>(
      config_->checker->execution_limits.time);
  stream::SideRequestLimits limits;
  limits.fan_out = 1;
  limits.timeout = std::max<std::chrono::milliseconds>(std::chrono::milliseconds(1000),
                                                       static_cast<int>(runs + 3) * cap);
  return limits;
}

SqlCheck::Found SqlCheck::query_of(const Unit& unit) {
  switch (unit.kind) {
    case Unit::Kind::kCodeBlock:
      return block_query(*unit.block, unit.begin, unit.end);
    case Unit::Kind::kWholeAnswer:
      if (unit.truncated) return unchecked(0, unit.end, verify::VerifyError::kTooLong);
      return answer_query(unit.text);
    case Unit::Kind::kToolCall:
    case Unit::Kind::kSentence:
      break;
  }
  return tool_call_query(unit.tool, unit.text, unit.truncated);
}

std::optional<std::size_t> SqlCheck::whole_answer_bound() const {
  if (config_->settings.answer != config::SqlConfig::Answer::kWhole) return std::nullopt;
  return config_->settings.max_query_bytes;
}

std::optional<std::pair<std::string_view, std::string>> SqlCheck::summary() const {
  std::string json = metamorphic_.summary_json();
  if (json.empty()) return std::nullopt;
  return std::pair<std::string_view, std::string>{"metamorphic", std::move(json)};
}

std::size_t SqlCheck::prepare_cost() const {
  if (checker_) return 0;
  std::size_t bytes = 0;
  for (const std::string& s : statements_)
    bytes += s.size();
  return bytes;
}

void SqlCheck::prepare() {
  if (checker_ || !config_->checker) return;
  if (config_->policy_schema) {
    schema_ = config_->policy_schema;
  } else if (statements_.empty()) {
    schema_ = sql::no_schema();
  } else if (config_->schema_cache) {
    schema_ = config_->schema_cache->get_or_build(statements_);
  } else {
    schema_ = sql::SchemaDatabase::build(statements_);
  }
  statements_.clear();
  checker_ =
      std::make_shared<const sql::SqlChecker>(config_->checker, schema_, question_, knowledge_);
}

verify::SentenceVerdict SqlCheck::unchecked(std::size_t begin, std::size_t end,
                                            verify::VerifyError error) {
  ++queries_;
  return query_unit_verdict(begin, end, error);
}

verify::SentenceVerdict SqlCheck::judged(const Query& query, const sql::SqlCheck& c,
                                         std::string_view not_run) {
  if (c.error == sql::SqlError::kTooLong) {
    return unchecked(query.unit_begin, query.unit_end, verify::VerifyError::kTooLong);
  }
  ++queries_;
  verify::SentenceVerdict v;
  v.query = true;
  v.answer_begin = query.unit_begin;
  v.answer_end = query.unit_end;
  v.verify_ns = c.verdict.check_ns;
  if (c.error == sql::SqlError::kEmpty) return v;  // no statement: nothing claimed
  v.claims = true;
  v.label = c.verdict.label;
  unsafe_ += c.verdict.unsafe ? 1 : 0;
  const std::size_t offset = query.offset;
  for (const sql::Finding& f : c.verdict.findings)
    v.findings.push_back(guard_finding(f, offset));
  if (const sql::Finding* d = c.verdict.decisive()) {
    v.decisive = static_cast<std::size_t>(d - c.verdict.findings.data());
    v.score = score_of(d->label);
    if (c.verdict.corrected && d->label == sql::Label::kContradicted) {
      v.findings[*v.decisive].correction =
          verify::Correction{offset, offset + query.text.size(), *c.verdict.corrected};
    }
  }
  for (std::size_t i = 0; i < sql::kChecks; ++i) {
    const sql::CheckReport& r = c.verdict.checks[i];
    if (r.state != sql::CheckState::kIncomplete) continue;
    ++incomplete_;
    v.findings.push_back(incomplete_finding(static_cast<sql::Check>(i),
                                            not_run.empty() ? r.note : not_run, offset,
                                            offset + query.text.size()));
  }
  // A check that stopped short proved nothing: a query nothing was found against is not
  // `supported` but unverified, with the reason in its findings (what was found stands).
  // So is one whose runs on the database did not happen (`not_run`), even where the checks
  // here, with the database stopped at once, passed.
  const bool unproven = !not_run.empty() && v.label == verify::Label::kSupported &&
                        !c.verdict.unsafe && c.error == sql::SqlError::kNone;
  if (c.verdict.unverified() || unproven) {
    v.error = not_run == "overloaded" ? verify::VerifyError::kOverloaded
                                      : verify::VerifyError::kCheckIncomplete;
  }
  v.no_context = !c.verdict.has_schema && c.verdict.findings.empty();
  v.annotate_only = c.verdict.annotate_only();
  if (!not_run.empty()) {
    metamorphic_.skip("not_run");
  } else if (query.variants) {
    metamorphic_.consider(query.text, c);
  } else {
    metamorphic_.skip("tool_call");
  }
  return v;
}

verify::SentenceVerdict SqlCheck::judged_without_database(const Query& query,
                                                          std::string_view why) {
  ++not_run_;
  static const std::atomic<bool> kStopAtOnce{true};
  return judged(query, checker_->check(query.text, &kStopAtOnce), why);
}

SqlCheck::Found SqlCheck::block_query(const text::CodeBlock& block, std::size_t begin,
                                      std::size_t end) {
  // The block went on past the unit's bound: this part alone is not the query.
  if (block.cut || !block.opened) return unchecked(begin, end, verify::VerifyError::kTooLong);
  return Query{std::string(block.code), begin + block.code_begin, begin, end};
}

SqlCheck::Found SqlCheck::answer_query(std::string_view answer) {
  const std::optional<sql::SqlSpan> span = sql::whole_answer_sql(answer);
  if (!span) return Query{{}, 0, 0, answer.size()};
  return Query{std::string(answer.substr(span->begin, span->end - span->begin)), span->begin, 0,
               answer.size()};
}

SqlCheck::Found SqlCheck::tool_call_query(std::string_view tool, std::string_view arguments,
                                          bool truncated) {
  if (truncated) return unchecked(0, arguments.size(), verify::VerifyError::kTooLong);
  std::string error;
  std::optional<std::string> query =
      query_of_call(config_->settings.tool_arguments, tool, arguments, error);
  if (!query) return unchecked(0, 0, verify::VerifyError::kUnparsable);
  const std::size_t size = query->size();
  return Query{std::move(*query), 0, 0, size, /*variants=*/false};
}

void SqlCheck::report(stream::StreamReport& report) const {
  report.fields.emplace_back("sql.queries", std::to_string(queries_));
  metamorphic_.report(report);
  if (queries_ == 0) return;
  report.fields.emplace_back("sql.unsafe", std::to_string(unsafe_));
  // Queries whose runs on the database did not happen (no worker free, out of time, the
  // client gone): checked without the database, unverified unless something was found.
  report.fields.emplace_back("sql.not_run", std::to_string(not_run_));
  // Every check that stopped short, check 5's too: one per check_incomplete finding.
  report.fields.emplace_back("sql.incomplete_checks",
                             std::to_string(incomplete_ + metamorphic_.incomplete()));
  report.fields.emplace_back("sql.schema_tables",
                             std::to_string(schema_ ? schema_->tables().size() : 0));
  report.fields.emplace_back("sql.schema", config_->policy_schema         ? "policy"
                                           : schema_ && !schema_->empty() ? "request"
                                                                          : "none");
  for (const std::string& w : warnings_)
    report.fields.emplace_back("sql.warning", w);
}

}  // namespace groundgate::filters::checks
