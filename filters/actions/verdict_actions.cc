#include "filters/actions/verdict_actions.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "filters/actions/annotation_json.h"

namespace groundgate::filters::actions {
namespace {

using config::ActionKind;

constexpr std::size_t kMaxAuditBytes = 4096;

bool changes_text(ActionKind kind) {
  return kind == ActionKind::kBlock || kind == ActionKind::kRewrite;
}

std::string threshold_annotation(int choice, std::uint64_t not_supported, std::uint64_t checked,
                                 const config::AnswerThresholdConfig& t) {
  std::string out = R"({"type":"answer_threshold","choice":)";
  out += std::to_string(choice);
  out += ",\"not_supported\":" + std::to_string(not_supported);
  out += ",\"checked\":" + std::to_string(checked);
  char share[32];
  std::snprintf(share, sizeof share, "%.3f", t.max_share);
  out += ",\"max_share\":";
  out += share;
  out += ",\"action\":\"";
  out += to_string(t.action);
  out += "\"}";
  return out;
}

// The verdict an annotation shows: none for an answer with nothing to check against.
const verify::SentenceVerdict* shown(const checks::UnitVerdict* verdict) {
  return verdict != nullptr && !verdict->verdict.no_context ? &verdict->verdict : nullptr;
}

}  // namespace

VerdictActions::VerdictActions(std::shared_ptr<const GuardConfig> config, bool audit_content)
    : config_(std::move(config)), audit_content_(audit_content) {
  tally_.set_rule(config_->rule);
}

bool VerdictActions::act(const Unit& unit, const checks::UnitVerdict* verdict,
                         const index::ContextIndex* context, stream::ChoiceOutput& out) {
  const Decision decision = decision_for(verdict, unit.holding);
  const Threshold threshold = threshold_for(verdict, unit.holding);
  const bool blocked = decision.action.kind == ActionKind::kBlock;
  std::optional<Rewrite> rewrite;
  if (!threshold.blocks && decision.action.kind == ActionKind::kRewrite && verdict != nullptr &&
      verdict->rewrite) {
    // A check's rewrite the engines accepted (the judge's mitigation) before the rule's.
    rewrite = Rewrite{*verdict->rewrite, decision.action.rewrite, true};
  } else if (!threshold.blocks && decision.action.kind == ActionKind::kRewrite) {
    verify::SentenceVerdict none;  // no context: rewrite kinds that need no verdict
    none.answer_begin = unit.begin;
    none.answer_end = unit.end;
    none.label = verify::Label::kUnsupported;
    rewrite = rewrite_sentence(unit.text, verdict != nullptr ? verdict->verdict : none,
                               decision.action.rewrite, config_->rewrite, context);
  }
  const verify::SentenceVerdict* v = verdict != nullptr ? &verdict->verdict : nullptr;
  if (v != nullptr && v->query) {
    tally_.record_query(decision, v, rewrite.has_value(), blocked);
  } else {
    tally_.record(decision, v, rewrite.has_value(), blocked);
  }
  audit(decision, unit.text);
  annotate(unit, decision, verdict, rewrite, threshold, out);
  if (threshold.blocks || blocked) {
    out.stop(!blocked ? std::string("guard.answer_threshold")
                      : "guard." + std::string(decision.label));
    return false;
  }
  if (unit.holding) release(unit, rewrite, out);
  return true;
}

bool VerdictActions::act_on_tool_call(const stream::ToolCallEvent& event,
                                      const checks::UnitVerdict* verdict, bool holding,
                                      stream::ToolCallOutcome& outcome) {
  Decision decision = decide(*config_, verdict);
  // A call is run or not: no rule rewrites it, so a rewrite blocks; what went out already
  // (stream_first) can only be reported on.
  if (decision.action.kind == ActionKind::kRewrite) decision.action.kind = ActionKind::kBlock;
  if (!holding && changes_text(decision.action.kind)) decision.action.kind = ActionKind::kAnnotate;
  const bool blocks = decision.action.kind == ActionKind::kBlock;
  tally_.record_tool_call(&decision, verdict != nullptr ? &verdict->verdict : nullptr, blocks);
  if (decision.action.kind != ActionKind::kPass) {
    SentenceAnnotation a;
    a.choice = event.choice;
    a.decision = &decision;
    a.verdict = shown(verdict);
    a.tool_call = true;
    a.call = event.call;
    a.name = event.name;
    if (verdict != nullptr) {
      a.kind = verdict->kind;
      a.argument = verdict->argument;
    }
    outcome.annotations.push_back(sentence_annotation(a));
  }
  if (blocks) outcome.stop_reason = "guard.tool_call." + std::string(decision.label);
  return !blocks;
}

bool VerdictActions::act_on_unverified(const stream::UnverifiedInput& input, bool only_reports,
                                       stream::FilterOutcome& outcome) {
  Decision decision = decide_unverified(*config_);
  // Text already sent (stream_first) can only be reported on.
  if (only_reports && changes_text(decision.action.kind)) {
    decision.action.kind = ActionKind::kAnnotate;
  }
  const bool blocks = decision.action.kind == ActionKind::kBlock;
  tally_.record_input(decision, blocks);
  outcome.annotations.push_back(unverified_annotation(input, decision));
  if (blocks) outcome.stop_reason = "guard.unverified";
  return !blocks;
}

Decision VerdictActions::decision_for(const checks::UnitVerdict* verdict, bool holding) const {
  Decision decision = decide(*config_, verdict);
  // Text already sent can only be reported on.
  if (!holding && changes_text(decision.action.kind)) decision.action.kind = ActionKind::kAnnotate;
  return decision;
}

VerdictActions::Threshold VerdictActions::threshold_for(const checks::UnitVerdict* verdict,
                                                        bool holding) const {
  const verify::SentenceVerdict* v = verdict != nullptr ? &verdict->verdict : nullptr;
  const bool checked = v != nullptr && v->ok() && v->claims && !v->query;
  const config::AnswerThresholdConfig& t = config_->answer;
  Threshold out;
  out.checked = tally_.checked() + (checked ? 1 : 0);
  out.not_supported = tally_.not_supported() + (checked && verify::is_flag(v->label) ? 1 : 0);
  out.over =
      checked && t.max_share < 1.0 && out.checked >= t.min_sentences &&
      static_cast<double>(out.not_supported) > t.max_share * static_cast<double>(out.checked);
  out.blocks = out.over && holding && t.action == ActionKind::kBlock;
  return out;
}

void VerdictActions::annotate(const Unit& unit, const Decision& decision,
                              const checks::UnitVerdict* verdict,
                              const std::optional<Rewrite>& rewrite, const Threshold& threshold,
                              stream::ChoiceOutput& out) {
  if (decision.action.kind != ActionKind::kPass || threshold.blocks) {
    SentenceAnnotation a;
    a.choice = unit.choice;
    a.begin = unit.begin;
    a.end = unit.end;
    a.decision = &decision;
    a.verdict = shown(verdict);
    if (verdict != nullptr) a.kind = verdict->kind;
    if (rewrite) a.applied_rewrite = rewrite->mitigated ? "mitigate" : to_string(rewrite->kind);
    out.annotate(sentence_annotation(a));
  }
  if (threshold.over && (!threshold_annotated_ || threshold.blocks)) {
    threshold_annotated_ = true;
    out.annotate(threshold_annotation(unit.choice, threshold.not_supported, threshold.checked,
                                      config_->answer));
    if (threshold.blocks) tally_.record_threshold(decision.action.kind != ActionKind::kBlock);
  }
}

void VerdictActions::release(const Unit& unit, const std::optional<Rewrite>& rewrite,
                             stream::ChoiceOutput& out) {
  const std::size_t length = unit.gap.size() + unit.end - unit.begin;
  if (rewrite) {
    // A dropped unit takes its leading space along; any other rewrite keeps it.
    out.replace(length,
                rewrite->text.empty() ? std::string() : std::string(unit.gap) + rewrite->text);
  } else {
    out.release(length);
  }
  tally_.record_hold(Clock::now() - unit.arrived);
}

void VerdictActions::audit(const Decision& decision, std::string_view text) {
  if (!audit_content_ || decision.action.kind == ActionKind::kPass ||
      flagged_.size() >= kMaxAuditBytes) {
    return;
  }
  if (!flagged_.empty()) flagged_ += " | ";
  flagged_ += decision.label;
  flagged_ += ": ";
  flagged_.append(text, 0, kMaxAuditBytes - std::min(kMaxAuditBytes, flagged_.size()));
}

}  // namespace groundgate::filters::actions
