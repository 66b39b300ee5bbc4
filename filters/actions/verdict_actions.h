#pragma once
// What the policy does with a unit's verdict on the live stream: the decision (pass,
// annotate, block, rewrite), the answer-level threshold, the rewrite, the annotation, the stop
// or the release of held text, and the count and audit of it all (the summary, the report).
// The guard hands it each decided unit, tool call and unverified input.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "filters/actions/decision.h"
#include "filters/actions/guard_config.h"
#include "filters/actions/guard_tally.h"
#include "filters/actions/rewriter.h"
#include "filters/checks/check.h"
#include "filters/index/context_index.h"
#include "filters/stream/stream_filter.h"

namespace groundgate::filters::actions {

class VerdictActions {
 public:
  using Clock = std::chrono::steady_clock;

  // A unit decided on: where its text is and how it goes on.
  struct Unit {
    int choice = 0;
    std::size_t begin = 0;  // its span in the choice's answer text
    std::size_t end = 0;
    std::string_view text{};
    std::string_view gap{};  // held: the pending text between the previous unit and this one
    bool holding = false;
    Clock::time_point arrived{};  // held: when its last byte came
  };

  // `audit_content`: the report carries the text of the units acted on (bounded).
  VerdictActions(std::shared_ptr<const GuardConfig> config, bool audit_content);

  // Acts on a decided text unit, then its text goes on, changed or not (held). `context`: the
  // evidence a rewrite may cite. False when it stopped the stream.
  bool act(const Unit& unit, const checks::UnitVerdict* verdict, const index::ContextIndex* context,
           stream::ChoiceOutput& out);
  // Acts on a tool call's verdict (its chunks held or not). False when it stopped the stream.
  bool act_on_tool_call(const stream::ToolCallEvent& event, const checks::UnitVerdict* verdict,
                        bool holding, stream::ToolCallOutcome& outcome);
  // A tool call no check judged: counted.
  void count_tool_call() { tally_.record_tool_call(nullptr, nullptr, false); }
  // A prose sentence of a policy that checks no prose: passed, counted unchecked.
  void count_unchecked_sentence() { tally_.record_unchecked_sentence(); }
  // Input the guard cannot check: the policy's on_error decides. False when it stopped.
  bool act_on_unverified(const stream::UnverifiedInput& input, bool only_reports,
                         stream::FilterOutcome& outcome);

  GuardTally& tally() { return tally_; }
  const GuardTally& tally() const { return tally_; }
  // With audit_content, the units acted on (for the audit record), else "".
  const std::string& flagged() const { return flagged_; }

 private:
  // The answer-level threshold (on prose) with one more unit's verdict counted.
  struct Threshold {
    bool over = false;    // this unit would take the share over it
    bool blocks = false;  // and it blocks (held, action block)
    std::uint64_t checked = 0;
    std::uint64_t not_supported = 0;
  };

  // The policy's decision; text already sent can only be reported on.
  Decision decision_for(const checks::UnitVerdict* verdict, bool holding) const;
  Threshold threshold_for(const checks::UnitVerdict* verdict, bool holding) const;
  void annotate(const Unit& unit, const Decision& decision, const checks::UnitVerdict* verdict,
                const std::optional<Rewrite>& rewrite, const Threshold& threshold,
                stream::ChoiceOutput& out);
  // Hands a held unit on, as it is or rewritten, and records how long it was held.
  void release(const Unit& unit, const std::optional<Rewrite>& rewrite, stream::ChoiceOutput& out);
  // With audit_content: the text of a unit acted on, for the audit record (bounded).
  void audit(const Decision& decision, std::string_view text);

  std::shared_ptr<const GuardConfig> config_;
  GuardTally tally_;
  bool threshold_annotated_ = false;
  bool audit_content_ = false;
  std::string flagged_;  // with audit_content: the units not passed as supported
};

}  // namespace groundgate::filters::actions
