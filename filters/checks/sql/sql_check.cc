#include "filters/checks/sql/sql_check.h"

#include <algorithm>

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
  verify::Finding g;
  g.engine = verify::Engine::kSql;
  g.label = f.label;
  g.score = score_of(f.label);
  g.answer_begin = offset + f.begin;
  g.answer_end = offset + f.end;
  g.reason = f.reason;
  g.code = f.code;
  g.type = type_of(f.type);
  return g;
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

const config::SqlToolArgument* SqlCheck::tool_argument(std::string_view tool) const {
  for (const config::SqlToolArgument& t : config_->settings.tool_arguments) {
    if (t.tool == tool) return &t;
  }
  return nullptr;
}

bool SqlCheck::takes(const Unit& unit, const UnitVerdict* verdict) const {
  if (verdict != nullptr) return false;
  switch (unit.kind) {
    case Unit::Kind::kCodeBlock:
      return unit.block != nullptr && sql::is_sql_block(unit.block->language, unit.block->code);
    case Unit::Kind::kWholeAnswer:
      return whole_answer_bound().has_value();
    case Unit::Kind::kToolCall:
      return tool_argument(unit.tool) != nullptr;
    case Unit::Kind::kSentence:
      break;
  }
  return false;
}

std::optional<Pending> SqlCheck::check(const Unit& unit, std::optional<UnitVerdict>& verdict) {
  verdict = UnitVerdict{check_unit(unit), "sql", {}, config_->settings.unsafe};
  // Check 5 asks the model again about the query just checked: its verdict waits.
  std::optional<stream::SideRequestBatch> batch = metamorphic_.take_batch();
  if (!batch) return std::nullopt;
  return Pending{std::move(*batch),
                 [this](std::vector<stream::SideAnswer> answers,
                        UnitVerdict& query) -> std::optional<Pending> {
                   metamorphic_.judge(std::move(answers), query.verdict);
                   return std::nullopt;
                 }};
}

verify::SentenceVerdict SqlCheck::check_unit(const Unit& unit) {
  switch (unit.kind) {
    case Unit::Kind::kCodeBlock:
      return check_block(*unit.block, unit.begin, unit.end);
    case Unit::Kind::kWholeAnswer:
      return unit.truncated ? unchecked(0, unit.end, verify::VerifyError::kTooLong)
                            : check_answer(unit.text);
    case Unit::Kind::kToolCall:
    case Unit::Kind::kSentence:
      break;
  }
  return check_tool_call(unit.tool, unit.text, unit.truncated);
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
  checker_ = std::make_unique<sql::SqlChecker>(config_->checker, schema_, question_, knowledge_);
}

verify::SentenceVerdict SqlCheck::unchecked(std::size_t begin, std::size_t end,
                                            verify::VerifyError error) {
  ++queries_;
  verify::SentenceVerdict v;
  v.query = true;
  v.answer_begin = begin;
  v.answer_end = end;
  v.error = error;
  return v;
}

verify::SentenceVerdict SqlCheck::check_query(std::string_view query, std::size_t offset,
                                              std::size_t unit_begin, std::size_t unit_end,
                                              bool variants) {
  prepare();
  if (!checker_) {  // the policy's schema file or database could not be loaded
    return unchecked(unit_begin, unit_end, verify::VerifyError::kEngineMissing);
  }
  const sql::SqlCheck c = checker_->check(query);
  if (c.error == sql::SqlError::kTooLong) {
    return unchecked(unit_begin, unit_end, verify::VerifyError::kTooLong);
  }
  ++queries_;
  verify::SentenceVerdict v;
  v.query = true;
  v.answer_begin = unit_begin;
  v.answer_end = unit_end;
  v.verify_ns = c.verdict.check_ns;
  if (c.error == sql::SqlError::kEmpty) return v;  // no statement: nothing claimed
  v.claims = true;
  v.label = c.verdict.label;
  unsafe_ += c.verdict.unsafe ? 1 : 0;
  for (const sql::Finding& f : c.verdict.findings)
    v.findings.push_back(guard_finding(f, offset));
  if (const sql::Finding* d = c.verdict.decisive()) {
    v.decisive = static_cast<std::size_t>(d - c.verdict.findings.data());
    v.score = score_of(d->label);
    if (c.verdict.corrected && d->label == sql::Label::kContradicted) {
      v.findings[*v.decisive].correction =
          verify::Correction{offset, offset + query.size(), *c.verdict.corrected};
    }
  }
  for (std::size_t i = 0; i < sql::kChecks; ++i) {
    const sql::CheckReport& r = c.verdict.checks[i];
    if (r.state != sql::CheckState::kIncomplete) continue;
    ++incomplete_;
    v.findings.push_back(
        incomplete_finding(static_cast<sql::Check>(i), r.note, offset, offset + query.size()));
  }
  v.no_context = !c.verdict.has_schema && c.verdict.findings.empty();
  v.annotate_only = c.verdict.annotate_only();
  if (variants) {
    metamorphic_.consider(query, c);
  } else {
    metamorphic_.skip("tool_call");
  }
  return v;
}

verify::SentenceVerdict SqlCheck::check_block(const text::CodeBlock& block, std::size_t begin,
                                              std::size_t end) {
  // The block went on past the unit's bound: this part alone is not the query.
  if (block.cut || !block.opened) return unchecked(begin, end, verify::VerifyError::kTooLong);
  return check_query(block.code, begin + block.code_begin, begin, end);
}

verify::SentenceVerdict SqlCheck::check_answer(std::string_view answer) {
  const std::optional<sql::SqlSpan> span = sql::whole_answer_sql(answer);
  if (!span) return check_query({}, 0, 0, answer.size());
  return check_query(answer.substr(span->begin, span->end - span->begin), span->begin, 0,
                     answer.size());
}

verify::SentenceVerdict SqlCheck::check_tool_call(std::string_view tool, std::string_view arguments,
                                                  bool truncated) {
  if (truncated) return unchecked(0, arguments.size(), verify::VerifyError::kTooLong);
  std::string error;
  const std::optional<std::string> query =
      sql::sql_argument(arguments, tool_argument(tool)->argument, error);
  if (!query) return unchecked(0, 0, verify::VerifyError::kUnparsable);
  return check_query(*query, 0, 0, query->size(), /*variants=*/false);
}

void SqlCheck::report(stream::StreamReport& report) const {
  report.fields.emplace_back("sql.queries", std::to_string(queries_));
  metamorphic_.report(report);
  if (queries_ == 0) return;
  report.fields.emplace_back("sql.unsafe", std::to_string(unsafe_));
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
