#pragma once
// A whole (not streamed) answer's run through a FilterChain, side requests included: a JSON
// transform feeds it each choice in the body's order (text, tool calls, end); while waiting(),
// the caller sends the chain's side requests (FilterChain::take_side_requests) and hands each
// batch's answers to answer(), which adds the text a filter kept for them to its choice; then
// close(), and the transform writes the body from what each choice became.

#include <array>
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/filter_chain.h"

namespace groundgate::proxy::openai {

class WholeAnswer {
 public:
  explicit WholeAnswer(filters::stream::FilterChain& chain) : chain_(chain) {}

  // A choice's text, its tool calls (seen when a filter wants them), then its end. Nothing
  // reaches a stopped chain. A choice that is one tool call and no text ends with end_call.
  // A choice's text may come from several places of the body (a message's content, then its
  // refusal): what the chain releases goes to the place last fed.
  void text(int choice, std::string_view text, int place = 0);
  // Text of a choice the chain cannot read (`reason`), as the chain decides: it stays as it
  // came, or the chain stops.
  void unverified(int choice, std::string_view reason, std::size_t bytes);
  void tool_call(const filters::stream::ToolCallEvent& call);
  void end(int choice);
  void end_call(int choice);

  // Some filter waits for the answers to its side requests.
  bool waiting() const { return !chain_.stopped() && chain_.awaits_answers(); }
  void answer(std::size_t filter, std::vector<filters::stream::SideAnswer> answers);

  // The run is over: the stop's annotation (when a choice ends filtered) and the filters'
  // answer-level ones join the annotations. Call once, after the last answer.
  void close();

  // What the client gets of a choice's text, at a place.
  const std::string& text_of(int choice, int place = 0) const;
  // The choice ends filtered: the chain stopped before its end went through (it keeps the text
  // that went), or the stop came from a side answer and the choice is the one that posted the
  // request or after it, or its end still waits for answers that never came.
  bool stopped(int choice) const;
  bool stopped() const;
  std::vector<std::string>& annotations() { return annotations_; }

 private:
  static constexpr int kPlaces = 2;
  struct Choice {
    std::array<std::string, kPlaces> text;
    int place = 0;         // where released text goes
    bool end_fed = false;  // end() or end_call() was called
    bool ended = false;    // ... and its end went through every filter
  };
  static constexpr int kNone = std::numeric_limits<int>::max();

  Choice* choice_at(int choice);
  void append(std::vector<std::string>&& annotations);
  // After a feed call for `choice`: notes a stop and the first choice whose feed posted side
  // requests.
  void fed(int choice);

  filters::stream::FilterChain& chain_;
  std::vector<Choice> choices_;
  std::vector<std::string> annotations_;
  int first_waiting_ = kNone;
  int stop_from_ = kNone;
};

}  // namespace groundgate::proxy::openai
