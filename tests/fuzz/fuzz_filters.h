#pragma once
// A stream filter for the transform fuzzers: it holds back half of what is pending and
// uppercases the rest (exercising splices and events made for released text), stops on STOP,
// holds tool calls, blocking those whose arguments mention STOP, and stops on input it cannot
// see (as a verifier with on_error: closed does), so that no text reaches the client unseen.

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/stream_filter.h"
#include "proxy/sse/sse_parser.h"

namespace groundgate::fuzz {

class UppercaseHalfFilter : public filters::stream::StreamFilter {
 public:
  void on_text(const filters::stream::TextEvent& event,
               filters::stream::ChoiceOutput& out) override {
    const std::size_t n = event.end_of_choice ? event.pending.size() : event.pending.size() / 2;
    std::string text(event.pending.substr(0, n));
    for (char& c : text)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    out.replace(n, text);
    if (event.pending.find("STOP") != std::string_view::npos) out.stop("fuzz.stop");
  }
  filters::stream::ToolCallInterest tool_call_interest() const override {
    return filters::stream::ToolCallInterest::kHold;
  }
  void on_tool_call(const filters::stream::ToolCallEvent& event,
                    filters::stream::ToolCallOutcome& outcome) override {
    if (event.arguments.find("STOP") != std::string_view::npos) outcome.stop_reason = "fuzz.tool";
    outcome.annotations.push_back(R"({"call":)" + std::to_string(event.call) + "}");
  }
  void on_unverified(const filters::stream::UnverifiedInput& input,
                     filters::stream::FilterOutcome& outcome) override {
    (void)input;
    outcome.stop_reason = "fuzz.unverified";
  }
};

// Whether the last data event of `out` ends an answer: [DONE], or with `responses` an event of
// a final type (response.completed, .incomplete, .failed). Nothing goes after such an event, so
// a transform that changes no text relays its input up to it.
inline bool ends_an_answer(std::string_view out, bool responses) {
  proxy::sse::SseParser parser(1u << 22);
  std::vector<proxy::sse::SseEvent> events;
  (void)parser.feed(out, events);
  parser.finish(events);
  for (auto it = events.rbegin(); it != events.rend(); ++it) {
    if (!it->has_data) continue;
    if (it->is_done()) return true;
    if (!responses) return false;
    for (std::string_view type :
         {"\"response.completed\"", "\"response.incomplete\"", "\"response.failed\""}) {
      if (it->data.find(type) != std::string::npos) return true;
    }
    return false;
  }
  return false;
}

// `out` is `input`, or `input` cut after an event that ended the answer.
inline bool relayed_up_to_the_end(std::string_view input, std::string_view out, bool responses) {
  return out == input || (input.starts_with(out) && ends_an_answer(out, responses));
}

}  // namespace groundgate::fuzz
