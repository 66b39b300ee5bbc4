#include "filters/checks/sql/sql_metamorphic.h"

#include <algorithm>

#include "filters/checks/sql/sql_check.h"
#include "filters/sql/answer_query.h"
#include "filters/sql/metamorphic_check.h"
#include "filters/verdict/json_string.h"

namespace groundgate::filters::checks {

SqlMetamorphic::SqlMetamorphic(const config::SqlConfig& settings,
                               std::shared_ptr<const sql::SqlCheckerConfig> checker,
                               std::string question)
    : config_(settings.metamorphic),
      whole_answer_(settings.answer == config::SqlConfig::Answer::kWhole),
      tools_(settings.tool_arguments),
      checker_(std::move(checker)),
      question_(std::move(question)) {}

MetamorphicJob::MetamorphicJob(std::shared_ptr<const sql::SqlCheckerConfig> checker,
                               sql::RunResult original, bool ordered,
                               std::vector<sql::VariantAnswer> answers)
    : checker_(std::move(checker)),
      original_(std::move(original)),
      ordered_(ordered),
      answers_(std::move(answers)) {}

std::size_t MetamorphicJob::runs() const {
  return static_cast<std::size_t>(std::count_if(answers_.begin(), answers_.end(),
                                                [](const sql::VariantAnswer& a) { return a.sql; }));
}

void MetamorphicJob::run() {
  sql::MetamorphicInput input;
  input.database = checker_->database.get();
  input.original = &original_;
  input.ordered = ordered_;
  input.answers = answers_;
  input.allowed_functions = checker_->allowed_functions;
  input.limits = checker_->execution_limits;
  input.limits.cancelled = &cancel_flag();
  input.min_effective = std::min<std::size_t>(2, answers_.size());
  for (const sql::PairOutcome& pair : sql::check_metamorphic(input, judged_))
    cut_ = cut_ || pair.cut;
}

void SqlMetamorphic::consider(std::string_view query, const sql::SqlCheck& check) {
  if (!config_) return;
  // Cheapest reasons first; each is what the check would need and did not have.
  // Not served: the proxy cannot send this endpoint's requests (legacy completions).
  if (!calls_) return skipped_.add("no_side_requests");
  if (question_.empty()) return skipped_.add("no_question");
  if (!check.verdict.findings.empty()) return skipped_.add("earlier_finding");
  if (!check.result || check.result->outcome != sql::RunResult::Outcome::kDone) {
    return skipped_.add("no_original_result");
  }
  if (pending_) return skipped_.add("another_query_in_check");
  if (started_ >= config_->max_queries) return skipped_.add("max_queries");
  std::vector<sql::QuestionVariant> variants = sql::question_variants(question_, config_->variants);
  stream::SideRequestBatch batch;
  batch.limits.fan_out = config_->fan_out;
  batch.limits.timeout = config_->timeout;
  batch.limits.max_response_bytes = config_->max_response_bytes;
  std::vector<sql::QuestionVariant> asked;
  std::string_view unasked = "no_variants";
  for (sql::QuestionVariant& v : variants) {
    model::RequestBody request = calls_->ask_again(question_, v.question);
    if (!request.body) {
      unasked = request.skip_reason;
      continue;
    }
    batch.requests.push_back({asked.size(), std::move(*request.body), nullptr});
    asked.push_back(std::move(v));
  }
  if (asked.empty()) return skipped_.add(unasked);
  ++started_;
  pending_ = Pending{std::move(asked), *check.result, sql::orders_rows(query)};
  batch_ = std::move(batch);
}

std::optional<stream::SideRequestBatch> SqlMetamorphic::take_batch() {
  std::optional<stream::SideRequestBatch> batch = std::move(batch_);
  batch_.reset();
  return batch;
}

sql::VariantAnswer SqlMetamorphic::read_answer(sql::QuestionVariant variant,
                                               const stream::SideAnswer* answer) const {
  // No answer for it is counted like a failed call.
  sql::VariantAnswer a{std::move(variant), std::nullopt, "no answer"};
  if (answer == nullptr) return a;
  if (!answer->error.empty()) {
    a.error = "model call failed: " + answer->error;
  } else if (answer->status != 200) {
    a.error = "model answered status " + std::to_string(answer->status);
  } else if (std::optional<model::ModelAnswer> said = calls_->read_answer(answer->body, a.error)) {
    a.sql = sql::sql_of_answer(*said, whole_answer_, tools_, a.error);
  }
  return a;
}

std::shared_ptr<MetamorphicJob> SqlMetamorphic::read_answers(
    std::vector<stream::SideAnswer> answers) {
  if (!pending_) return nullptr;
  Pending& p = *pending_;
  std::vector<sql::VariantAnswer> variants;
  for (std::size_t i = 0; i < p.variants.size(); ++i) {
    const auto answer = std::find_if(answers.begin(), answers.end(),
                                     [&](const stream::SideAnswer& s) { return s.id == i; });
    variants.push_back(
        read_answer(std::move(p.variants[i]), answer != answers.end() ? &*answer : nullptr));
  }
  return std::make_shared<MetamorphicJob>(checker_, std::move(p.original), p.ordered,
                                          std::move(variants));
}

void SqlMetamorphic::judge(const MetamorphicJob& job, std::string_view not_run,
                           verify::SentenceVerdict& verdict) {
  if (!pending_) return;
  pending_.reset();
  if (!not_run.empty()) return stopped_short(not_run, /*unproven=*/true, verdict);
  record(job, verdict);
}

void SqlMetamorphic::stopped_short(std::string_view note, bool unproven,
                                   verify::SentenceVerdict& verdict) {
  ++incomplete_;
  verdict.findings.push_back(
      incomplete_finding(sql::Check::kMetamorphic, note, verdict.answer_begin, verdict.answer_end));
  if (unproven && verdict.label == verify::Label::kSupported &&
      verdict.error == verify::VerifyError::kNone) {
    verdict.error = note == "overloaded" ? verify::VerifyError::kOverloaded
                                         : verify::VerifyError::kCheckIncomplete;
  }
}

void SqlMetamorphic::record(const MetamorphicJob& job, verify::SentenceVerdict& verdict) {
  const sql::SqlVerdict& judged = job.judged();
  const sql::CheckReport& state = judged.report(sql::Check::kMetamorphic);
  if (state.state == sql::CheckState::kFailed) {
    ++flagged_;
    for (const sql::Finding& f : judged.findings) {
      verify::Finding g = guard_finding(f, verdict.answer_begin);
      g.answer_begin = verdict.answer_begin;
      g.answer_end = verdict.answer_end;
      verdict.findings.push_back(std::move(g));
    }
    // Worse than what checks 1-4 said (they passed): the new finding decides.
    verdict.label = verify::Label::kUnsupported;
    verdict.decisive = verdict.findings.size() - 1;
    verdict.score = verdict.findings.back().score;
  } else if (state.state == sql::CheckState::kPassed) {
    ++passed_;
  } else {
    // Too few variants compared: the model's calls failed (the query stands as checks 1-4
    // judged it), or their runs stopped at the time cap (nothing proved it: unverified).
    stopped_short(state.note, job.cut(), verdict);
  }
}

std::string SqlMetamorphic::summary_json() const {
  if (!config_ || (started_ == 0 && skipped_.empty())) return {};
  std::string out = "{\"ran\":" + std::to_string(started_);
  out += ",\"passed\":" + std::to_string(passed_);
  out += ",\"flagged\":" + std::to_string(flagged_);
  out += ",\"incomplete\":" + std::to_string(incomplete_);
  // Started, and never judged: the stream ended (or stopped) before the answers were in.
  const std::size_t unjudged = started_ - passed_ - flagged_ - incomplete_;
  if (unjudged > 0) out += ",\"unfinished\":" + std::to_string(unjudged);
  return out + "," + skipped_.json_members() + "}";
}

void SqlMetamorphic::report(stream::StreamReport& report) const {
  std::string summary = summary_json();
  if (!summary.empty()) report.fields.emplace_back("sql.metamorphic", std::move(summary));
}

}  // namespace groundgate::filters::checks
