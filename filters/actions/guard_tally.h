#pragma once
// What a stream's guard counted: labels, actions, times. Turned into the summary annotation
// and the stream's report (metrics, audit record).

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "filters/actions/annotation_json.h"
#include "filters/actions/decision.h"
#include "filters/stream/stream_filter.h"
#include "filters/verify/answer_summary.h"

namespace groundgate::filters::actions {

// What the request's context was to the guard.
enum class ContextState : std::uint8_t {
  kFound,       // passages to check against
  kNone,        // the request carries none
  kUnreadable,  // the request body did not parse: there is no telling
};

class GuardTally {
 public:
  // One sentence the guard decided on (`verdict` null: no context).
  void record(const Decision& decision, const verify::SentenceVerdict* verdict, bool rewritten,
              bool blocked);
  // One tool call: `decision` null when the policy does not verify tool calls; else like a
  // sentence, apart from the sentence count.
  void record_tool_call(const Decision* decision, const verify::SentenceVerdict* verdict,
                        bool blocked);
  // Input that was not a sentence and could not be checked (an undecodable event, text forced
  // past the hold): counted as unverified, with its action.
  void record_input(const Decision& decision, bool blocked);
  // One query (a fenced block or the whole answer); like a sentence, counted apart.
  void record_query(const Decision& decision, const verify::SentenceVerdict* verdict,
                    bool rewritten, bool blocked);
  // A prose sentence of a policy that checks only SQL: passed unchecked, and said so.
  void record_unchecked_sentence() {
    ++sentences_;
    ++unchecked_sentences_;
  }
  // Reasoning text the client was sent; `read`: checked as text (its sentences count as any).
  void record_reasoning(std::size_t bytes, bool read) {
    reasoning_bytes_ += bytes;
    reasoning_read_ = reasoning_read_ || read;
  }
  void record_threshold(bool blocked);
  void record_hold(std::chrono::nanoseconds held);
  void add_prepare(std::chrono::nanoseconds t) { prepare_ += t; }

  // The answer-level verdict: hallucinated | unverified (some of it could not be checked, or
  // the request could not be read) | grounded | no_context | no_claims | unchecked (the policy
  // checks no such answer, e.g. a JSON answer).
  std::string_view verdict(ContextState context, std::string_view unchecked_reason) const;
  // The answer-level summary annotation's fields.
  SummaryAnnotation summary(std::string_view policy, ContextState context,
                            std::string_view unchecked_reason) const;
  void report(stream::StreamReport& report, ContextState context,
              std::string_view unchecked_reason) const;

  void set_rule(const verify::AnswerRule& rule) { rule_ = rule; }
  std::uint64_t checked() const {
    return supported_ + doubtful_ + unsupported_ + contradicted_ + unsafe_;
  }
  std::uint64_t not_supported() const { return unsupported_ + contradicted_ + unsafe_; }

 private:
  void count(const Decision& decision, const verify::SentenceVerdict* verdict, bool rewritten,
             bool blocked);
  // The answer-level rule (verify::apply_rule) on the counts so far.
  verify::AnswerSummary answer() const;

  verify::AnswerRule rule_;
  std::uint64_t sentences_ = 0;
  std::uint64_t supported_ = 0;
  std::uint64_t doubtful_ = 0;
  std::uint64_t unsupported_ = 0;
  std::uint64_t contradicted_ = 0;
  std::uint64_t no_context_ = 0;
  std::uint64_t no_claim_ = 0;
  std::uint64_t unverified_ = 0;
  std::uint64_t unchecked_sentences_ = 0;
  std::uint64_t unsafe_ = 0;   // queries the `unsafe` action applied to
  std::uint64_t queries_ = 0;  // SQL queries decided on (tool calls apart)
  std::uint64_t tool_calls_ = 0;
  std::uint64_t tool_calls_checked_ = 0;
  std::uint64_t annotated_ = 0;
  std::uint64_t rewritten_ = 0;
  std::uint64_t blocked_ = 0;
  std::uint64_t threshold_hits_ = 0;
  std::uint64_t reasoning_bytes_ = 0;
  bool reasoning_read_ = false;
  verify::AnswerAggregate aggregate_;  // of the verified sentences, for the answer rule
  std::chrono::nanoseconds prepare_{0};
  std::chrono::nanoseconds verify_{0};
  std::chrono::nanoseconds held_max_{0};
  std::vector<double> verify_seconds_;  // per verified sentence, bounded
  std::vector<double> hold_seconds_;    // per held sentence, bounded
};

}  // namespace groundgate::filters::actions
