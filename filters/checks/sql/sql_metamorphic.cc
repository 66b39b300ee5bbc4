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

void SqlMetamorphic::judge(std::vector<stream::SideAnswer> answers,
                           verify::SentenceVerdict& verdict) {
  if (!pending_) return;
  Pending p = std::move(*pending_);
  pending_.reset();
  std::vector<sql::VariantAnswer> variants;
  for (std::size_t i = 0; i < p.variants.size(); ++i) {
    const auto answer = std::find_if(answers.begin(), answers.end(),
                                     [&](const stream::SideAnswer& s) { return s.id == i; });
    variants.push_back(
        read_answer(std::move(p.variants[i]), answer != answers.end() ? &*answer : nullptr));
  }
  sql::MetamorphicInput input;
  input.database = checker_->database.get();
  input.original = &p.original;
  input.ordered = p.ordered;
  input.answers = variants;
  input.allowed_functions = checker_->allowed_functions;
  input.limits = checker_->execution_limits;
  input.min_effective = std::min<std::size_t>(2, variants.size());
  sql::SqlVerdict judged;
  sql::check_metamorphic(input, judged);
  record(judged, verdict);
}

void SqlMetamorphic::record(const sql::SqlVerdict& judged, verify::SentenceVerdict& verdict) {
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
    ++incomplete_;
    verdict.findings.push_back(incomplete_finding(sql::Check::kMetamorphic, state.note,
                                                  verdict.answer_begin, verdict.answer_end));
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
