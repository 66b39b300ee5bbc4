#pragma once
// The guard: every finished sentence of every choice is verified against the request's
// context and the policy's action applied inline; a fenced code block is a unit of its own,
// checked by its language's checker (SQL: the SQL guard's) or else unverified. In `sentence` hold a
// sentence is released only once its verdict is in (so block and rewrite never leak); in
// `stream_first` text goes on at once and verdicts follow as annotations.

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "filters/actions/decision.h"
#include "filters/actions/guard_config.h"
#include "filters/actions/guard_tally.h"
#include "filters/actions/rewriter.h"
#include "filters/actions/sentence_judge.h"
#include "filters/actions/sql_guard.h"
#include "filters/stream/filter_chain.h"
#include "filters/stream/stream_filter.h"
#include "filters/text/incremental_segmenter.h"
#include "filters/verify/sentence_verifier.h"
#include "filters/verify/tool_call_check.h"

namespace groundgate::filters::actions {

class GuardFilter final : public stream::StreamFilter {
 public:
  // Extracts the context from the request body; prepare() indexes it. When the extraction
  // removed extension fields, the body to forward is moved to `forwarded_body` (if given).
  // `audit_content`: the report carries the text of the sentences acted on (bounded).
  GuardFilter(std::shared_ptr<const GuardConfig> config, std::string_view request_body,
              std::string* forwarded_body, bool audit_content = false);

  // The context's bytes until it is indexed (from the cache, or built: ~2 ms per 8k tokens).
  std::size_t prepare_cost() const override;
  void prepare() override;
  void on_text(const stream::TextEvent& event, stream::ChoiceOutput& out) override;
  // In `stream_first` hold: text goes on at once and verdicts can only annotate it.
  bool only_reports() const override;
  // Every tool call is counted in the summary; with `verify_tool_calls` its argument values are
  // checked (held first in `sentence` hold) and the actions apply, a rewrite blocking it.
  stream::ToolCallInterest tool_call_interest() const override;
  void on_tool_call(const stream::ToolCallEvent& event, stream::ToolCallOutcome& outcome) override;
  // Refusals are answer text (`verify_refusals`, on by default; off: unverified, on_error
  // decides); reasoning is counted and announced unverified in the summary, or checked as a
  // text of its own with `verify_reasoning`.
  bool reads_refusals() const override { return config_->verify_refusals; }
  bool reads_reasoning() const override { return config_->verify_reasoning; }
  void on_reasoning(std::size_t bytes, bool read) override { tally_.record_reasoning(bytes, read); }
  // Passages the response brought (a search the API ran) join the context for the sentences
  // after them: the index is rebuilt with them, within the policy's context.max_bytes.
  void on_context(const std::vector<stream::RetrievedPassage>& passages) override;
  // Input the guard cannot check (an undecodable event, text forced past its hold): the policy's
  // on_error decides, as for a sentence it could not verify.
  void on_unverified(const stream::UnverifiedInput& input, stream::FilterOutcome& outcome) override;
  void on_answer_end(std::vector<std::string>& annotations) override;
  void on_stream_end(stream::StreamReport& report) override;
  // SQL check 5 (sql.metamorphic) asks the route's model again, and the judge asks the policy's
  // judge model about a sentence the scorer is unsure of, through side requests: in
  // `sentence` hold the query's unit (and what follows it) waits for the answers; in
  // `stream_first` its verdict follows as an annotation.
  void serve_side_requests(model::Api api) override;
  std::optional<stream::SideRequestBatch> take_side_requests() override;
  bool holds_for_answers() const override;
  void on_side_answers(std::vector<stream::SideAnswer> answers,
                       stream::FilterOutcome& outcome) override;

 private:
  using Clock = std::chrono::steady_clock;

  // When the choice's bytes arrived (end offset → time), to measure how long a sentence was
  // held after its last byte came in. Bounded: the oldest entries give way.
  class Arrivals {
   public:
    void note(std::size_t end, Clock::time_point at);
    Clock::time_point of(std::size_t offset) const;  // arrival of the byte at `offset`

   private:
    static constexpr std::size_t kSize = 64;
    std::array<std::pair<std::size_t, Clock::time_point>, kSize> ring_{};
    std::size_t next_ = 0;
    std::size_t count_ = 0;
  };

  struct Choice {
    std::unique_ptr<verify::SentenceVerifier> verifier;  // null: no context, or unverifiable
    // Set: no sentence of this choice can be verified (the request did not parse); each is
    // unverified and on_error decides.
    verify::VerifyError unverifiable = verify::VerifyError::kNone;
    text::IncrementalSegmenter segmenter;
    std::size_t fed = 0;            // full-text offset up to which text went to the segmenter
    std::size_t decided_until = 0;  // full-text offset up to which sentences were decided
    bool finished = false;
    Arrivals arrivals;
    std::string answer;  // sql.answer whole: the text so far, up to one byte over the bound
    // Units segmented and not decided yet: behind a query that waits for its side answers.
    std::vector<text::StreamSentence> undecided;
  };

  // A unit whose side requests are out (a query's check 5, or a sentence put to the judge): its
  // verdict so far, decided (act) once the answers are judged. In `sentence` hold one at a time
  // (the text after it waits with it); in `stream_first` several may be out.
  struct AwaitedUnit {
    int choice = 0;
    text::StreamSentence unit;
    verify::SentenceVerdict verdict;
    bool holding = false;  // its text waits (sentence hold)
    bool answered = false;
    std::optional<std::uint64_t> judge_request;  // the judge's request it waits for, else check 5
  };

  Choice* choice_for(int index);
  // Whether this choice's text must wait for verdicts (sentence hold with something that could
  // change it); otherwise it goes on at once and verdicts only annotate.
  bool holds(const Choice& choice) const;
  // Decides on one finished unit (a sentence, a code block, the whole answer as a query) and,
  // when holding, hands it on with the `gap` before it (pending text between the previous unit
  // and this one); false once stopped. `verdict`: given when already known (the whole
  // answer's), else the unit is checked here.
  bool act(Choice& choice, int index, const text::StreamSentence& sentence, std::string_view gap,
           bool holding, stream::ChoiceOutput& out,
           std::optional<verify::SentenceVerdict> verdict = std::nullopt);
  // A query's verdict of checks 1-4 in: when check 5 runs on it, the unit waits (true) in
  // awaited_ for the answers; else it is decided now.
  bool awaits_check5(int index, const text::StreamSentence& unit,
                     std::optional<verify::SentenceVerdict>& verdict, bool holding);
  // A prose sentence's verdict in: when the judge is asked about it, the sentence waits (true)
  // in awaited_ for the answer; else it is decided now.
  bool awaits_judge(int index, const text::StreamSentence& unit,
                    std::optional<verify::SentenceVerdict>& verdict, bool holding);
  // The judged verdict of the held unit that waited, when `unit` of choice `index` is it.
  std::optional<verify::SentenceVerdict> take_judged(int index, const text::StreamSentence& unit);
  // Which awaited units `answers` (one batch's) are for, judged by them: the judge's by their
  // request ids, else the query of check 5.
  void judge_awaited(std::vector<stream::SideAnswer> answers);
  // `sql.answer: whole`: the choice's text is one query, held whole (in sentence hold) until it
  // ends or outgrows max_query_bytes.
  void on_whole_answer(Choice& choice, const stream::TextEvent& event, stream::ChoiceOutput& out);
  // Hands a held unit of `length` pending bytes on, as it is or rewritten, and records how long
  // it was held.
  void release(std::size_t length, std::string_view gap, const std::optional<Rewrite>& rewrite,
               Clock::time_point arrived, stream::ChoiceOutput& out);
  // With audit_content: the text of a unit acted on, for the audit record (bounded).
  void audit(const Decision& decision, std::string_view text);
  // Something to check the answer against: retrieved context (context that could not be read
  // counts: its sentences are unverified, not no_context), or for a policy that checks only
  // SQL, the SQL guard.
  ContextState context_state() const {
    return request_unreadable_ ? ContextState::kUnreadable
           : index_ || !unreadable_.empty() || (sql_ != nullptr && !config_->prose)
               ? ContextState::kFound
               : ContextState::kNone;
  }
  // Part of the context could not be read: a sentence the rest does not support (or any
  // sentence, with no readable context) is unverified, and on_error decides.
  void mark_incomplete_context(std::optional<verify::SentenceVerdict>& verdict, std::size_t begin,
                               std::size_t end) const;
  // The unconfirmed sentence at the end of `tail` (pending text not yet handed on) when its
  // end already looks final; see the definition.
  static std::optional<text::StreamSentence> eager_sentence(const Choice& choice,
                                                            std::string_view tail);
  // A fenced code block: its language's checker, or unverified when the policy has none.
  verify::SentenceVerdict check_code(const text::StreamSentence& unit);
  // The checker of `block`'s language: the SQL guard for SQL, else the policy's code_languages.
  verify::CodeChecker* checker_for(const text::CodeBlock& block);
  // The part of `sentence` from full-text offset `from` on, leading spaces skipped.
  static text::StreamSentence remainder(const text::StreamSentence& sentence, std::size_t from);

  std::shared_ptr<const GuardConfig> config_;
  std::vector<context::Passage> unindexed_;           // the context until prepare() indexes it
  std::shared_ptr<const index::ContextIndex> index_;  // null: no context found
  std::string question_;
  verify::ToolSchemaValues tool_schema_;           // with verify_tool_calls: values the tools offer
  std::unique_ptr<SqlGuard> sql_;                  // the policy's SQL guard, when it has one
  std::unique_ptr<SentenceJudge> judge_;           // the policy's judge, when it has one
  std::vector<AwaitedUnit> awaited_;               // the units whose side requests are out
  std::optional<stream::SideRequestBatch> batch_;  // check 5's requests, until the chain takes them
  // The policy's other code-block checkers for this stream, by language.
  std::vector<std::pair<std::string, std::unique_ptr<verify::CodeChecker>>> code_checkers_;
  std::string_view unchecked_reason_;  // set: nothing is verified ("json_response")
  std::size_t passages_ = 0;
  std::size_t context_bytes_ = 0;
  bool context_truncated_ = false;
  bool request_unreadable_ = false;      // the body did not parse: nothing in it could be read
  std::vector<std::string> unreadable_;  // parts of the request's context that could not be read
  std::vector<std::unique_ptr<Choice>> choices_;
  GuardTally tally_;
  bool threshold_annotated_ = false;
  bool audit_content_ = false;
  std::string flagged_;  // with audit_content: the sentences not passed as supported
  bool stopped_ = false;
};

}  // namespace groundgate::filters::actions
