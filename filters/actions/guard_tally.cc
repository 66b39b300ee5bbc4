#include "filters/actions/guard_tally.h"

#include <algorithm>
#include <cstdio>

namespace groundgate::filters::actions {
namespace {

// Histogram samples kept per stream; beyond it, the counts still count.
constexpr std::size_t kMaxSamples = 1024;

double seconds(std::chrono::nanoseconds t) {
  return std::chrono::duration<double>(t).count();
}

double millis(std::chrono::nanoseconds t) {
  return std::chrono::duration<double, std::milli>(t).count();
}

void sample(std::vector<double>& samples, double value) {
  if (samples.size() < kMaxSamples) samples.push_back(value);
}

}  // namespace

void GuardTally::record(const Decision& decision, const verify::SentenceVerdict* verdict,
                        bool rewritten, bool blocked) {
  ++sentences_;
  count(decision, verdict, rewritten, blocked);
}

void GuardTally::record_query(const Decision& decision, const verify::SentenceVerdict* verdict,
                              bool rewritten, bool blocked) {
  ++queries_;
  count(decision, verdict, rewritten, blocked);
}

void GuardTally::record_tool_call(const Decision* decision, const verify::SentenceVerdict* verdict,
                                  bool blocked) {
  ++tool_calls_;
  if (decision == nullptr) return;
  if (verdict != nullptr && verdict->ok()) ++tool_calls_checked_;
  count(*decision, verdict, false, blocked);
}

void GuardTally::count(const Decision& decision, const verify::SentenceVerdict* verdict,
                       bool rewritten, bool blocked) {
  if (verdict != nullptr) {
    verify_ += std::chrono::nanoseconds(verdict->verify_ns);
    if (verdict->verify_ns > 0) {
      sample(verify_seconds_, static_cast<double>(verdict->verify_ns) * 1e-9);
    }
  }
  const std::string_view label = decision.label;
  if (label == "supported") {
    ++supported_;
  } else if (label == "doubtful") {
    ++doubtful_;
  } else if (label == "unsupported") {
    ++unsupported_;
  } else if (label == "contradicted") {
    ++contradicted_;
  } else if (label == "unsafe") {
    ++unsafe_;
  } else if (label == "no_context") {
    ++no_context_;
  } else if (label == "no_claim") {
    ++no_claim_;
  } else {
    ++unverified_;
  }
  // The answer's scorer reads prose sentences' features; a query's label counts above.
  if (verdict != nullptr && verdict->ok() && !verdict->query) aggregate_.add(*verdict);
  if (blocked) {
    ++blocked_;
  } else if (rewritten) {
    ++rewritten_;
  } else if (decision.action.kind != config::ActionKind::kPass) {
    ++annotated_;
  }
}

void GuardTally::record_input(const Decision& decision, bool blocked) {
  count(decision, nullptr, false, blocked);
}

void GuardTally::record_threshold(bool blocked) {
  ++threshold_hits_;
  if (blocked) ++blocked_;
}

void GuardTally::record_hold(std::chrono::nanoseconds held) {
  held_max_ = std::max(held_max_, held);
  sample(hold_seconds_, seconds(held));
}

verify::AnswerSummary GuardTally::answer() const {
  verify::AnswerSummary s;
  s.checked = checked();
  s.supported = supported_;
  s.doubtful = doubtful_;
  s.unsupported = unsupported_;
  s.contradicted = contradicted_ + unsafe_;  // as bad as a contradiction for the answer
  verify::apply_rule(s, aggregate_, rule_);
  return s;
}

std::string_view GuardTally::verdict(ContextState context,
                                     std::string_view unchecked_reason) const {
  if (!unchecked_reason.empty()) return "unchecked";
  if (context == ContextState::kUnreadable) return "unverified";
  if (context == ContextState::kNone) return unverified_ > 0 ? "unverified" : "no_context";
  if (checked() > 0 && answer().hallucinated) return "hallucinated";
  // Grounded only when all of it was checked.
  if (unverified_ > 0) return "unverified";
  return checked() == 0 ? "no_claims" : "grounded";
}

SummaryAnnotation GuardTally::summary(std::string_view policy, ContextState context,
                                      std::string_view unchecked_reason) const {
  SummaryAnnotation s;
  s.policy = policy;
  s.verdict = verdict(context, unchecked_reason);
  s.score = answer().hallucination_score;
  s.sentences = sentences_;
  s.checked = checked();
  s.unchecked = no_context_ + unverified_ + unchecked_sentences_;
  s.unchecked_reason = !unchecked_reason.empty() ? unchecked_reason
                       : context == ContextState::kUnreadable
                           ? std::string_view("request_unreadable")
                       : context == ContextState::kNone ? std::string_view("no_context")
                                                        : std::string_view();
  s.supported = supported_;
  s.doubtful = doubtful_;
  s.unsupported = unsupported_;
  s.contradicted = contradicted_;
  s.no_claim = no_claim_;
  s.unverified = unverified_;
  s.annotated = annotated_;
  s.rewritten = rewritten_;
  s.blocked = blocked_;
  s.added_ms = millis(prepare_ + verify_);
  s.held_ms_max = millis(held_max_);
  s.tool_calls = tool_calls_;
  s.tool_calls_checked = tool_calls_checked_;
  s.queries = queries_;
  s.unsafe = unsafe_;
  s.unchecked_sentences = unchecked_sentences_;
  s.reasoning_bytes = reasoning_bytes_;
  s.reasoning_verified = reasoning_read_;
  return s;
}

void GuardTally::report(stream::StreamReport& report, ContextState context,
                        std::string_view unchecked_reason) const {
  const SummaryAnnotation s = summary({}, context, unchecked_reason);
  report.counts.emplace_back("verdicts.supported", supported_);
  report.counts.emplace_back("verdicts.doubtful", doubtful_);
  report.counts.emplace_back("verdicts.unsupported", unsupported_);
  report.counts.emplace_back("verdicts.contradicted", contradicted_);
  report.counts.emplace_back("verdicts.no_context", no_context_);
  report.counts.emplace_back("verdicts.no_claim", no_claim_);
  report.counts.emplace_back("verdicts.unverified", unverified_);
  if (unsafe_ > 0) report.counts.emplace_back("verdicts.unsafe", unsafe_);
  report.counts.emplace_back("actions.annotate", annotated_);
  report.counts.emplace_back("actions.rewrite", rewritten_);
  report.counts.emplace_back("actions.block", blocked_);
  report.fields.emplace_back("guard.verdict", std::string(s.verdict));
  report.fields.emplace_back("guard.checked", std::to_string(s.checked));
  report.fields.emplace_back("guard.sentences", std::to_string(s.sentences));
  report.fields.emplace_back("guard.unchecked", std::to_string(s.unchecked));
  if (!s.unchecked_reason.empty()) {
    report.fields.emplace_back("guard.unchecked_reason", std::string(s.unchecked_reason));
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", s.score);
  report.fields.emplace_back("guard.score", text);
  std::snprintf(text, sizeof text, "%.3f", millis(verify_));
  report.fields.emplace_back("guard.verify_ms", text);
  std::snprintf(text, sizeof text, "%.3f", millis(prepare_));
  report.fields.emplace_back("guard.prepare_ms", text);
  std::snprintf(text, sizeof text, "%.3f", s.held_ms_max);
  report.fields.emplace_back("guard.held_ms_max", text);
  if (queries_ > 0) report.fields.emplace_back("guard.queries", std::to_string(queries_));
  if (tool_calls_ > 0) {
    report.fields.emplace_back("guard.tool_calls", std::to_string(tool_calls_));
    report.fields.emplace_back("guard.tool_calls_checked", std::to_string(tool_calls_checked_));
  }
  if (threshold_hits_ > 0) report.fields.emplace_back("guard.answer_threshold", "exceeded");
  if (reasoning_bytes_ > 0) {
    report.fields.emplace_back("guard.reasoning_bytes", std::to_string(reasoning_bytes_));
    report.fields.emplace_back("guard.reasoning_verified", reasoning_read_ ? "true" : "false");
  }
  report.observations.emplace_back("verify_seconds", verify_seconds_);
  report.observations.emplace_back("hold_seconds", hold_seconds_);
}

}  // namespace groundgate::filters::actions
