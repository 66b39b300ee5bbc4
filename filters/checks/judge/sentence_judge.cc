#include "filters/checks/judge/sentence_judge.h"

#include <algorithm>
#include <cctype>

#include "filters/judge/judge_inputs.h"
#include "filters/verdict/json_string.h"
#include "filters/verify/scored_label.h"

namespace groundgate::filters::checks {
const std::string_view kJudgeInstructions =
    "You check one sentence of an answer against the context it was written from. Reply with "
    "one word: SUPPORTED if the context states it or it follows from the context, "
    "CONTRADICTED if the context states otherwise, UNSUPPORTED if the context does not say "
    "it. Judge only by the context, not by what you know.";

std::string judge_prompt(std::string_view sentence, std::string_view question,
                         std::string_view evidence) {
  std::string out = "Context:\n";
  out += evidence;
  if (!question.empty()) {
    out += "\n\nQuestion: ";
    out += question;
  }
  out += "\n\nSentence: ";
  out += sentence;
  return out;
}

std::optional<verify::Label> judged_label(std::string_view text) {
  std::size_t begin = 0;
  while (begin < text.size() && std::isalpha(static_cast<unsigned char>(text[begin])) == 0)
    ++begin;
  std::string word;
  for (std::size_t i = begin;
       i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])) != 0 &&
       word.size() < 16;
       ++i) {
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
  }
  // The first word only: "Not supported" is no "supported".
  if (word == "supported") return verify::Label::kSupported;
  if (word == "unsupported") return verify::Label::kUnsupported;
  if (word == "contradicted") return verify::Label::kContradicted;
  return std::nullopt;
}

config::JudgeConfig::Band judge_band(const config::JudgeConfig& config,
                                     const score::Thresholds& thresholds) {
  constexpr double kHalfWidth = 0.15;
  if (config.band) return *config.band;
  if (thresholds.doubtful < thresholds.unsupported)
    return {thresholds.doubtful, thresholds.unsupported};
  const double at = thresholds.unsupported;
  return {std::max(0.0, at - kHalfWidth), std::min(1.0, at + kHalfWidth)};
}

bool SentenceJudge::in_band(const verify::SentenceVerdict& verdict) const {
  if (!verdict.ok() || !verdict.claims || verdict.query || !verdict.unfaithful) return false;
  if (verify::conflict_kind(verdict) == verify::ConflictKind::kAligned) return false;
  const double p = *verdict.unfaithful;
  return p >= band_.low && p <= band_.high;
}

std::optional<std::string> SentenceJudge::ask(const verify::SentenceVerdict& verdict,
                                              std::string_view sentence,
                                              const index::ContextIndex& index) {
  // Not served (the proxy sends no side requests on legacy completions) or the budget spent:
  // counted.
  const std::string_view unasked = !calls_                           ? "no_side_requests"
                                   : asked_ >= config_.max_sentences ? "max_sentences"
                                                                     : "";
  if (!unasked.empty()) {
    skipped_.add(unasked);
    return std::nullopt;
  }
  ++asked_;
  return calls_->ask(config_.model, kJudgeInstructions,
                     judge_prompt(sentence, question_,
                                  judge::judge_evidence(verdict, index, config_.context_bytes)));
}

stream::SideRequestLimits SentenceJudge::limits() const {
  stream::SideRequestLimits limits;
  limits.fan_out = 1;  // one call per sentence: several sentences' go out at once
  limits.timeout = config_.timeout;
  limits.max_response_bytes = config_.max_response_bytes;
  return limits;
}

void SentenceJudge::judge(const std::vector<stream::SideAnswer>& answers, std::uint64_t id,
                          verify::SentenceVerdict& verdict) {
  std::string error = "no answer";
  std::optional<verify::Label> label;
  const auto a = std::find_if(answers.begin(), answers.end(),
                              [id](const stream::SideAnswer& s) { return s.id == id; });
  if (a != answers.end()) {
    if (!a->error.empty()) {
      error = "judge call failed: " + a->error;
    } else if (a->status != 200) {
      error = "judge answered status " + std::to_string(a->status);
    } else if (std::optional<model::ModelAnswer> answer = calls_->read_answer(a->body, error)) {
      label = judged_label(answer->text);
      if (!label) error = "judge answer is not a label";
    }
  }
  if (!label) {
    ++failed_;
    last_failure_ = std::move(error);
    return;
  }
  ++decided_;
  if (*label != verdict.label) ++changed_;
  verify::Finding f;
  f.engine = verify::Engine::kJudge;
  f.label = *label;
  f.score = *label == verify::Label::kSupported ? 1.0 : 0.0;
  f.answer_begin = verdict.answer_begin;
  f.answer_end = verdict.answer_end;
  f.code = "judge";
  f.reason = "judge " + config_.model + ": " + std::string(verdict::to_string(*label));
  f.type = *label == verify::Label::kSupported ? verify::HallucinationType::kNone
                                               : verify::HallucinationType::kAbsoluteFabrication;
  verdict.findings.push_back(std::move(f));
  verdict.decisive = verdict.findings.size() - 1;
  verdict.label = *label;
  verdict.unfaithful = *label == verify::Label::kSupported ? 0.0 : 1.0;
  verdict.score = 1.0 - *verdict.unfaithful;
}

std::string SentenceJudge::summary_json() const {
  if (asked_ == 0 && skipped_.empty()) return {};
  std::string out = "{\"asked\":" + std::to_string(asked_);
  out += ",\"decided\":" + std::to_string(decided_);
  out += ",\"changed\":" + std::to_string(changed_);
  out += ",\"failed\":" + std::to_string(failed_);
  if (!last_failure_.empty()) {
    out += ",\"last_failure\":";
    verdict::append_json_string(out, last_failure_.substr(0, 200));
  }
  // Asked, and never answered: the stream ended (or stopped) before the answer was in.
  const std::size_t unfinished = asked_ - decided_ - failed_;
  if (unfinished > 0) out += ",\"unfinished\":" + std::to_string(unfinished);
  return out + "," + skipped_.json_members() + "}";
}

void SentenceJudge::report(stream::StreamReport& report) const {
  std::string summary = summary_json();
  if (!summary.empty()) report.fields.emplace_back("guard.judge", std::move(summary));
}

}  // namespace groundgate::filters::checks
