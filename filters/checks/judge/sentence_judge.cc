#include "filters/checks/judge/sentence_judge.h"

#include <algorithm>
#include <cctype>

#include "filters/verdict/json_string.h"
#include "filters/verify/scored_label.h"

namespace groundgate::filters::checks {
namespace {

// [begin, end) of `text` widened to `width` bytes around its middle, within the text.
std::pair<std::size_t, std::size_t> window(std::size_t begin, std::size_t end, std::size_t size,
                                           std::size_t width) {
  if (end - begin >= width) return {begin, begin + width};
  const std::size_t spare = width - (end - begin);
  std::size_t from = begin - std::min(begin, spare / 2);
  std::size_t to = std::min(size, end + (spare - (begin - from)));
  from = to - std::min(to, width);
  return {from, to};
}

// Moves a cut to the nearest UTF-8 character start at or before it.
std::size_t char_start(std::string_view text, std::size_t at) {
  while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80)
    --at;
  return at;
}

}  // namespace

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

std::string judge_evidence(const verify::SentenceVerdict& verdict, const index::ContextIndex& index,
                           std::size_t max_bytes) {
  const auto& passages = index.passages();
  // The cited span of each passage, in the order first cited.
  std::vector<verify::Evidence> cited;
  for (const verify::Finding& f : verdict.findings) {
    if (!f.evidence || f.evidence->passage >= passages.size()) continue;
    auto at = std::find_if(cited.begin(), cited.end(), [&](const verify::Evidence& e) {
      return e.passage == f.evidence->passage;
    });
    if (at == cited.end()) {
      cited.push_back(*f.evidence);
    } else {
      at->begin = std::min(at->begin, f.evidence->begin);
      at->end = std::max(at->end, f.evidence->end);
    }
  }
  std::string out;
  if (cited.empty()) {
    for (const context::Passage& p : passages) {
      if (out.size() >= max_bytes) break;
      if (!out.empty()) out += "\n\n";
      const std::string_view text = p.text;
      out += text.substr(
          0, char_start(text, std::min(text.size(), max_bytes - std::min(max_bytes, out.size()))));
    }
    return out;
  }
  const std::size_t share = max_bytes / cited.size();
  for (const verify::Evidence& e : cited) {
    const std::string_view text = passages[e.passage].text;
    const std::size_t end = std::min<std::size_t>(e.end, text.size());
    const std::size_t begin = std::min<std::size_t>(e.begin, end);
    auto [from, to] = window(begin, end, text.size(), share);
    from = char_start(text, from);
    to = char_start(text, to);
    if (!out.empty()) out += "\n\n";
    if (from > 0) out += "...";
    out += text.substr(from, to - from);
    if (to < text.size()) out += "...";
  }
  return out;
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
  return calls_->ask(
      config_.model, kJudgeInstructions,
      judge_prompt(sentence, question_, judge_evidence(verdict, index, config_.context_bytes)));
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
