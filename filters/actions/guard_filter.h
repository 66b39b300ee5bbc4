#pragma once
// The guard: every finished unit of every choice (a sentence, a fenced code block, the whole
// answer for a check that reads it whole, a tool call) goes through the policy's checks
// (filters/checks) and the policy's action is applied inline. The guard orchestrates only:
// it holds text, asks the checks, acts on their verdicts (annotate, block, rewrite) and audits.
// In `sentence` hold a unit is released only once its verdict is in (so block and rewrite
// never leak); in `stream_first` text goes on at once and verdicts follow as annotations.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/actions/guard_choice.h"
#include "filters/actions/guard_config.h"
#include "filters/actions/guard_tally.h"
#include "filters/actions/stream_checks.h"
#include "filters/actions/verdict_actions.h"
#include "filters/checks/check.h"
#include "filters/checks/request_context.h"
#include "filters/request/request_view.h"
#include "filters/stream/filter_chain.h"
#include "filters/stream/stream_filter.h"

namespace groundgate::filters::actions {

class GuardFilter final : public stream::StreamFilter {
 public:
  // Reads the request's context and makes the policy's checks for this stream; prepare()
  // indexes the context. `audit_content`: the report carries the text of the units acted on
  // (bounded).
  GuardFilter(std::shared_ptr<const GuardConfig> config, const request::RequestView& request,
              bool audit_content = false);

  // The context extension fields (unless the policy forwards them) and what checks keep.
  void members_to_strip(std::vector<std::string>& names) const override;
  // The context's bytes until it is indexed (from the cache, or built: ~2 ms per 8k tokens),
  // and the checks' own preparation (a schema database).
  std::size_t prepare_cost() const override;
  void prepare() override;
  void on_text(const stream::TextEvent& event, stream::ChoiceOutput& out) override;
  // In `stream_first` hold: text goes on at once and verdicts can only annotate it.
  bool only_reports() const override;
  // Every tool call is counted in the summary; a check that judges it (`verify_tool_calls`, an
  // SQL argument) holds its chunks in `sentence` hold, and a rewrite blocks it.
  stream::ToolCallInterest tool_call_interest() const override;
  void on_tool_call(const stream::ToolCallEvent& event, stream::ToolCallOutcome& outcome) override;
  // Refusals are answer text (`verify_refusals`, on by default; off: unverified, on_error
  // decides); reasoning is counted and announced unverified in the summary, or checked as a
  // text of its own with `verify_reasoning`.
  bool reads_refusals() const override { return config_->verify_refusals; }
  bool reads_reasoning() const override { return config_->verify_reasoning; }
  void on_reasoning(std::size_t bytes, bool read) override;
  // Passages the response brought (a search the API ran) join the context for the units after
  // them: the index is rebuilt with them, within the policy's context.max_bytes.
  void on_context(const std::vector<stream::RetrievedPassage>& passages) override;
  // Input the guard cannot check (an undecodable event, text forced past its hold): the policy's
  // on_error decides, as for a unit it could not verify.
  void on_unverified(const stream::UnverifiedInput& input, stream::FilterOutcome& outcome) override;
  void on_answer_end(std::vector<std::string>& annotations) override;
  void on_stream_end(stream::StreamReport& report) override;
  // Checks that ask the model (the judge, SQL check 5) wait for side requests: in `sentence`
  // hold the unit (and what follows it) waits for the answers; in `stream_first` its verdict
  // follows as an annotation.
  void serve_side_requests(std::shared_ptr<const model::ModelCalls> calls) override;
  // Side jobs (an SQL query's run on the operator's database) wait as side requests do.
  void serve_side_jobs() override;
  std::optional<stream::SideRequestBatch> take_side_requests() override;
  bool holds_for_answers() const override;
  void on_side_answers(std::vector<stream::SideAnswer> answers,
                       stream::FilterOutcome& outcome) override;

 private:
  using Clock = std::chrono::steady_clock;

  // One call's pass over a choice's pending text.
  struct TextRound {
    GuardChoice& choice;
    const stream::TextEvent& event;
    bool holding = false;    // the choice's text waits for verdicts
    std::size_t cursor = 0;  // first byte of pending not yet handed on
  };
  using Acted = VerdictActions::Unit;

  GuardChoice* choice_for(int index);
  // Whether this choice's text must wait for verdicts (sentence hold with something that could
  // change it); otherwise it goes on at once and verdicts only annotate.
  bool holds(const GuardChoice& choice) const;
  // The finished units of the round, then the last one if its end already looks final; false
  // once stopped or while a unit waits for its answers.
  bool hand_on_finished(TextRound& round, stream::ChoiceOutput& out);
  bool hand_on(TextRound& round, const text::StreamSentence& sentence, stream::ChoiceOutput& out);
  // The whole answer as one unit, held whole (in sentence hold) until it ends or outgrows the
  // bound of the check that reads it.
  void on_whole_answer(GuardChoice& choice, const stream::TextEvent& event,
                       stream::ChoiceOutput& out);
  // A finished unit's verdict (the waiting one's, now answered; else the checks'), then the
  // policy's action; false once stopped. A unit whose check waits is kept by checks_.
  bool decide_unit(GuardChoice& choice, const checks::Unit& unit, const text::StreamSentence& text,
                   const Acted& acted, stream::ChoiceOutput& out);
  // Acts on a decided unit (VerdictActions); false once stopped.
  bool act(const Acted& unit, const std::optional<checks::UnitVerdict>& verdict,
           stream::ChoiceOutput& out);
  // Something to check the answer against: retrieved context (context that could not be read
  // counts: its sentences are unverified, not no_context), or for a policy that checks no
  // prose, a check's own (the SQL guard's schema).
  ContextState context_state() const;

  std::shared_ptr<const GuardConfig> config_;
  Clock::time_point made_ = Clock::now();  // the context's extraction counts as added time
  checks::RequestContext context_;
  StreamChecks checks_;                            // the policy's checks, in order
  std::optional<std::size_t> whole_answer_bound_;  // a check reads the answer whole
  std::string_view unchecked_reason_;              // set: nothing is verified ("json_response")
  std::vector<std::unique_ptr<GuardChoice>> choices_;
  VerdictActions actions_;
  bool stopped_ = false;
};

}  // namespace groundgate::filters::actions
