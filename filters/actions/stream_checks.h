#pragma once
// The policy's checks for one stream (filters/checks), run on each unit in order: the first that
// takes a unit judges it, later ones may refine the verdict (the judge after prose). A unit
// whose check waits for side work is kept (AwaitedUnits) until its answers resume it through
// the checks after that one.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "filters/actions/annotation_json.h"
#include "filters/actions/awaited_units.h"
#include "filters/actions/guard_config.h"
#include "filters/checks/check.h"
#include "filters/checks/check_table.h"
#include "filters/stream/stream_filter.h"
#include "filters/text/code_block.h"

namespace groundgate::filters::actions {

// The check unit of a finished piece of a choice's text (`block`: where a code block's reading
// goes, to outlive the unit).
checks::Unit unit_of(int choice, checks::Unit::Kind kind, const text::StreamSentence& text,
                     text::CodeBlock& block);
// The check unit of a unit that waited (a tool call's with its tool).
checks::Unit unit_of(const AwaitedUnits::Unit& awaited, text::CodeBlock& block);

class StreamChecks {
 public:
  StreamChecks(const GuardConfig& config, const checks::StreamSetup& setup);

  enum class Outcome : unsigned char {
    kDecided,  // `verdict` is the unit's (none: nothing to check it against)
    kUntaken,  // no check judges such a unit
    kWaiting,  // a check waits for side work: the unit is kept until its answers are in
  };
  // Runs the checks on `unit` (its text `text`; `holding`: its text waits for the verdict).
  Outcome run(const checks::Unit& unit, const text::StreamSentence& text, bool holding,
              std::optional<checks::UnitVerdict>& verdict);
  // Runs them on a tool call (`holding`: its chunks wait for the verdict). When the proxy
  // serves side jobs, a call whose check waits for side work is kept, like a unit of text, and
  // decided when its answers are in (take_answered_calls); else side jobs a check would wait
  // for run here and side requests end unanswered.
  Outcome run_call(const checks::Unit& unit, bool holding,
                   std::optional<checks::UnitVerdict>& verdict);

  // Side work (AwaitedUnits): the units waiting, the batches to post, their answers.
  std::optional<checks::UnitVerdict> take_decided(int choice, const text::StreamSentence& text) {
    return awaited_.take_decided(choice, text);
  }
  std::optional<stream::SideRequestBatch> take_batch() { return awaited_.take_batch(); }
  bool holds() const { return awaited_.holds(); }
  // The end of choice `choice`'s answer: each check makes the work of its units that waited
  // for it (Check::gather), posted with the next batches.
  void end_answer(int choice);
  // A batch's answers: the units it carried go through the checks after the one they waited for.
  void answer(std::vector<stream::SideAnswer> answers);
  // The answered units whose text went on already (stream_first), taken out in order.
  std::vector<AwaitedUnits::Unit> take_reported() { return awaited_.take_reported(); }
  // The answered tool calls, to be decided now.
  std::vector<AwaitedUnits::Unit> take_answered_calls() { return awaited_.take_answered_calls(); }

  // What the checks say of themselves (check.h), over all of them.
  std::size_t prepare_cost() const;
  void prepare();
  bool holds_text() const;
  bool has_own_context() const;
  std::optional<std::size_t> whole_answer_bound() const;
  bool checks_tool_calls() const;
  void members_to_strip(std::vector<std::string>& names) const;
  void serve(const std::shared_ptr<const model::ModelCalls>& calls);
  void serve_jobs();
  void summarize(SummaryAnnotation& summary) const;
  void report(stream::StreamReport& report) const;

 private:
  // The checks from `first` on; what the one that waits waits for.
  std::optional<AwaitedUnits::Waiting> run_from(const checks::Unit& unit, std::size_t first,
                                                std::optional<checks::UnitVerdict>& verdict,
                                                bool& taken);

  std::vector<std::unique_ptr<checks::Check>> checks_;
  AwaitedUnits awaited_;
  bool jobs_served_ = false;  // the proxy runs side jobs (serve_jobs)
};

}  // namespace groundgate::filters::actions
